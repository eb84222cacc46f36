import { describe, expect, it } from 'vitest';
import {
  AgendaText,
  DeleteNoteQuery,
  Download,
  DownloadParams,
  MoveNoteBody,
  Note,
  NoteCountQuery,
  NoteCountResponse,
  NoteDetail,
  NoteListQuery,
  NoteListResponse,
  Segment,
  Summary,
  UpdateNoteBody,
  UploadNoteBody,
  UploadNoteResponse,
} from './notes.ts';
import { agendaItems } from './values.ts';
import { downloadFilename, isProcessing } from './values.ts';

const note = {
  id: 1,
  name: 'Vorstandssitzung März',
  folder_id: 2,
  status: 'done',
  progress: 100,
  error: null,
  file_name: 'vorstand-maerz.m4a',
  size: 18_400_000,
  duration_seconds: 2_712,
  minutes_charged: 46,
  language: 'de',
  summary_language: 'de',
  summary_model: 'standard',
  structure: 'minutes',
  design: 'classic',
  transcript_type: 'clean',
  speakers: 4,
  transcribe: true,
  saved: false,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:12:00+01:00',
};

const summary = {
  title: 'Vorstandssitzung',
  overview: 'Budget und Termine.',
  topics: [
    { title: 'Budget', text: 'Freigabe', start: 12.5 },
    { title: 'Termine', start: 300 },
  ],
  decisions: [{ text: 'Budget freigegeben', start: 95 }],
  action_items: [
    { task: 'Protokoll verschicken', owner: 'Erika', due: '2026-03-06', start: 610 },
    { task: 'Raum buchen', start: 700 },
  ],
  generator: 'llm',
};

describe('note', () => {
  it('accepts every status and the documented fields', () => {
    for (const status of ['queued', 'transcribing', 'summarizing', 'done', 'error']) {
      expect(Note.safeParse({ ...note, status }).success).toBe(true);
    }
    expect(
      Note.safeParse({ ...note, folder_id: null, duration_seconds: null, language: 'auto' })
        .success,
    ).toBe(true);
  });

  it('rejects an unknown status, progress outside 0–100 and missing fields', () => {
    expect(Note.safeParse({ ...note, status: 'failed' }).success).toBe(false);
    expect(Note.safeParse({ ...note, progress: -1 }).success).toBe(false);
    expect(Note.safeParse({ ...note, progress: 101 }).success).toBe(false);
    expect(Note.safeParse({ ...note, structure: 'essay' }).success).toBe(false);
    expect(Note.safeParse({ ...note, created_at: 'gestern' }).success).toBe(false);
    const { saved: _, ...withoutSaved } = note;
    expect(Note.safeParse(withoutSaved).success).toBe(false);
  });

  it('accepts a detail with segments and a summary whose items carry start times', () => {
    const detail = {
      ...note,
      speaker_names: { S1: 'Erika' },
      segments: [{ start: 0, end: 4.2, speaker: 'S1', text: 'Guten Morgen.' }],
      summary,
    };
    expect(NoteDetail.safeParse(detail).success).toBe(true);
    expect(NoteDetail.safeParse({ ...detail, summary: null, segments: [] }).success).toBe(true);
    expect(Summary.safeParse({ ...summary, decisions: [{ text: 'ohne Zeit' }] }).success).toBe(
      false,
    );
    expect(
      Summary.safeParse({ ...summary, action_items: [{ owner: 'Erika', start: 1 }] }).success,
    ).toBe(false);
    expect(Summary.safeParse({ ...summary, generator: 'magic' }).success).toBe(false);
    expect(Segment.safeParse({ start: 5, end: 2, speaker: 'S1', text: 'x' }).success).toBe(false);
    expect(Segment.safeParse({ start: -1, end: 2, speaker: 'S1', text: 'x' }).success).toBe(false);
  });

  it('accepts list and count answers', () => {
    expect(NoteListResponse.safeParse({ success: true, notes: [note] }).success).toBe(true);
    expect(
      NoteListResponse.safeParse({ success: true, notes: [{ ...note, id: '1' }] }).success,
    ).toBe(false);
    expect(NoteCountResponse.safeParse({ success: true, count: 12 }).success).toBe(true);
    expect(NoteCountResponse.safeParse({ success: true, count: -1 }).success).toBe(false);
  });
});

describe('note queries', () => {
  it('defaults page 1 and page size 10 and coerces query strings', () => {
    expect(NoteListQuery.parse({})).toEqual({ page: 1, page_size: 10 });
    expect(
      NoteListQuery.parse({
        page: '3',
        page_size: '25',
        folder_id: '2',
        start_date: '2026-01-01',
        end_date: '2026-03-01',
        search_query: ' Budget ',
        saved: 'false',
      }),
    ).toEqual({
      page: 3,
      page_size: 25,
      folder_id: 2,
      start_date: '2026-01-01',
      end_date: '2026-03-01',
      search_query: 'Budget',
      saved: false,
    });
  });

  it('rejects bad pages, dates and reversed ranges', () => {
    expect(NoteListQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(NoteListQuery.safeParse({ page: 'zwei' }).success).toBe(false);
    expect(NoteListQuery.safeParse({ page_size: '1000' }).success).toBe(false);
    expect(NoteCountQuery.safeParse({ start_date: '01.03.2026' }).success).toBe(false);
    const reversed = NoteCountQuery.safeParse({ start_date: '2026-03-02', end_date: '2026-03-01' });
    expect(reversed.error?.issues[0]).toMatchObject({ message: 'validation.dateRangeInvalid' });
    expect(NoteCountQuery.safeParse({ folder_id: '3', search_query: 'x' }).success).toBe(true);
  });

  it('needs an id to delete', () => {
    expect(DeleteNoteQuery.parse({ id: '5' })).toEqual({ id: 5 });
    expect(DeleteNoteQuery.safeParse({}).success).toBe(false);
    expect(DeleteNoteQuery.safeParse({ id: '-5' }).success).toBe(false);
  });
});

describe('upload', () => {
  const fields = {
    audio_file: new File([new Uint8Array(16)], 'aufnahme.mp3', { type: 'audio/mpeg' }),
    file_name: 'aufnahme.mp3',
    language: 'auto',
    summary_model: 'standard',
    summary_language: 'de',
    design: 'modern',
    structure: 'detailed',
    transcribe: 'true',
    transcript_type: 'verbatim',
    size: '16',
  };
  const form = (overrides: Record<string, string | File | undefined> = {}) => {
    const data = new FormData();
    for (const [key, value] of Object.entries({ ...fields, ...overrides })) {
      if (value !== undefined) data.append(key, value);
    }
    return Object.fromEntries(data);
  };

  it('parses the multipart fields, coercing numbers and booleans', () => {
    const parsed = UploadNoteBody.parse(form({ speakers: '3', folder_id: '2', name: 'Kick-off' }));
    expect(parsed).toMatchObject({
      transcribe: true,
      size: 16,
      speakers: 3,
      folder_id: 2,
      name: 'Kick-off',
      language: 'auto',
    });
    expect(parsed.audio_file).toBeInstanceOf(File);
  });

  it("turns transcribe 'false' into false", () => {
    expect(UploadNoteBody.parse(form({ transcribe: 'false' })).transcribe).toBe(false);
    expect(UploadNoteBody.parse({ ...fields, transcribe: false }).transcribe).toBe(false);
    expect(UploadNoteBody.safeParse(form({ transcribe: 'ja' })).success).toBe(false);
  });

  it('leaves speakers, folder and name out when not sent', () => {
    const parsed = UploadNoteBody.parse(form());
    expect(parsed.speakers).toBeUndefined();
    expect(parsed.folder_id).toBeUndefined();
    expect(parsed.name).toBeUndefined();
  });

  it('rejects a missing file, bad enums, negative speakers and bad languages', () => {
    const noFile = UploadNoteBody.safeParse(form({ audio_file: undefined }));
    expect(noFile.error?.issues[0]).toMatchObject({
      path: ['audio_file'],
      message: 'validation.fileRequired',
    });
    expect(UploadNoteBody.safeParse(form({ audio_file: 'not a file' as never })).success).toBe(
      false,
    );
    expect(UploadNoteBody.safeParse(form({ design: 'fancy' })).success).toBe(false);
    expect(UploadNoteBody.safeParse(form({ structure: 'essay' })).success).toBe(false);
    expect(UploadNoteBody.safeParse(form({ transcript_type: 'raw' })).success).toBe(false);
    expect(UploadNoteBody.safeParse(form({ speakers: '-1' })).success).toBe(false);
    expect(UploadNoteBody.safeParse(form({ language: 'Deutsch' })).success).toBe(false);
    expect(UploadNoteBody.safeParse(form({ summary_language: 'auto' })).success).toBe(false);
    expect(UploadNoteBody.safeParse(form({ speakers: '0' })).success).toBe(true);
  });

  it('answers success and message', () => {
    expect(UploadNoteResponse.safeParse({ success: true, message: 'ok' }).success).toBe(true);
    expect(UploadNoteResponse.safeParse({ success: true, note }).success).toBe(true);
    expect(UploadNoteResponse.safeParse({ message: 'ok' }).success).toBe(false);
  });
});

describe('download, move and update', () => {
  it('accepts every format and rejects others', () => {
    for (const format of ['docx', 'pdf', 'md', 'txt', 'srt', 'vtt', 'json']) {
      expect(DownloadParams.safeParse({ id: '1', format }).success).toBe(true);
    }
    expect(DownloadParams.safeParse({ id: '1', format: 'audio' }).success).toBe(false);
    expect(DownloadParams.safeParse({ id: '1', format: 'odt' }).success).toBe(false);
  });

  it('fills the download defaults: note.{format}, application/octet-stream', () => {
    const parsed = Download.parse({ success: true, data: 'SGFsbG8=', status: 200 });
    expect(parsed.contentType).toBe('application/octet-stream');
    expect(downloadFilename('pdf', parsed.filename)).toBe('note.pdf');
    expect(downloadFilename('pdf', 'Vorstand.pdf')).toBe('Vorstand.pdf');
    expect(Download.safeParse({ success: true, data: 'kein base64!', status: 200 }).success).toBe(
      false,
    );
    expect(Download.safeParse({ success: true, data: 'SGFsbG8=' }).success).toBe(false);
  });

  it('moves into a folder or out of all folders', () => {
    expect(MoveNoteBody.parse({ note_id: 1, folder_id: 2 })).toEqual({ note_id: 1, folder_id: 2 });
    expect(MoveNoteBody.parse({ note_id: 1, folder_id: null })).toEqual({
      note_id: 1,
      folder_id: null,
    });
    expect(MoveNoteBody.safeParse({ note_id: 1 }).success).toBe(false);
    expect(MoveNoteBody.safeParse({ folder_id: 2 }).success).toBe(false);
  });

  it('patches name, saved and speaker names', () => {
    expect(
      UpdateNoteBody.safeParse({ id: 1, name: 'Neu', saved: true, speaker_names: { S1: 'Erika' } })
        .success,
    ).toBe(true);
    expect(UpdateNoteBody.safeParse({ id: 1, saved: 'yes' }).success).toBe(false);
    expect(UpdateNoteBody.safeParse({ id: 1, name: '  ' }).success).toBe(false);
    expect(UpdateNoteBody.safeParse({ id: 1, speaker_names: { S1: 5 } }).success).toBe(false);
    expect(UpdateNoteBody.safeParse({ name: 'Neu' }).success).toBe(false);
  });
});

describe('isProcessing', () => {
  it('holds while the server works on a note, not once it is done or failed', () => {
    expect(isProcessing('queued')).toBe(true);
    expect(isProcessing('transcribing')).toBe(true);
    expect(isProcessing('summarizing')).toBe(true);
    expect(isProcessing('done')).toBe(false);
    expect(isProcessing('error')).toBe(false);
  });
});

describe('an agenda given at upload', () => {
  it('reads one item per line, numbering and blank lines left out', () => {
    expect(
      agendaItems(
        'TOP 1: Begrüßung\n\n2. Überstunden im Lager\r\n3) Sommerfest\n- Verschiedenes\n  ',
      ),
    ).toEqual(['Begrüßung', 'Überstunden im Lager', 'Sommerfest', 'Verschiedenes']);
  });

  it('takes at most 30 items of at most 200 characters', () => {
    const many = Array.from({ length: 31 }, (_, i) => `Thema ${i + 1}`).join('\n');
    expect(AgendaText.safeParse(many).success).toBe(false);
    expect(AgendaText.safeParse('x'.repeat(201)).success).toBe(false);
    expect(AgendaText.safeParse(many.split('\n').slice(0, 30).join('\n')).success).toBe(true);
    expect(AgendaText.safeParse('Überstunden\u0000').success).toBe(false);
  });
});
