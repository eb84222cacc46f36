import { downloadFormats, endpoints, NoteDetail, type DownloadFormat } from '@protokoll/contract';
import { unzipSync, strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../../test/accounts.ts';
import { useTestDatabase } from '../../test/db.ts';
import { englishSegments, englishSummary, seedNote } from '../../test/notes.ts';

const database = useTestDatabase();
let t: AccountsApp;
let anna: SignedUp;
let noteId: number;

beforeAll(async () => {
  t = await accountsApp(database());
  anna = await signUp(t.api);
  noteId = (
    await seedNote(database().db, anna.user.id, {
      name: 'Vorstand: Straßenbau/Übersicht',
      speakerNames: { S1: 'Jürgen Weiß' },
    })
  ).id;
});

function download(id: number, format: string, account = anna) {
  return t.api.call(endpoints.downloadNote, { params: { id, format }, token: account.token });
}

const expectedTypes: Record<DownloadFormat, RegExp> = {
  docx: /^application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document$/,
  pdf: /^application\/pdf$/,
  md: /^text\/markdown/,
  txt: /^text\/plain/,
  srt: /^application\/x-subrip/,
  vtt: /^text\/vtt/,
  json: /^application\/json/,
};

/** The text a client would save, for the text formats. */
function text(data: string): string {
  return Buffer.from(data, 'base64').toString('utf8');
}

describe('GET /api/note/{id}/{format}', () => {
  it.each(downloadFormats)(
    'answers the download shape (base64 data, file name, content type) for %s',
    async (format) => {
      const { status, body } = await download(noteId, format);
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true, status: 200 });
      expect(body.contentType).toMatch(expectedTypes[format]);
      expect(body.filename).toMatch(new RegExp(`\\.${format}$`));
      expect(body.filename).toContain('Straßenbau');
      // Path separators never reach a file name.
      expect(body.filename).not.toContain('/');
      const bytes = Buffer.from(body.data, 'base64');
      expect(bytes.length).toBeGreaterThan(20);
      // Base64 in, the same bytes out: the encoding is canonical.
      expect(bytes.toString('base64')).toBe(body.data);

      switch (format) {
        case 'docx': {
          const files = unzipSync(new Uint8Array(bytes));
          const xml = strFromU8(files['word/document.xml']!);
          expect(xml).toContain('Jürgen Weiß');
          expect(xml).toContain('Quartalsabschluss');
          break;
        }
        case 'pdf':
          expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
          break;
        case 'json': {
          const note = NoteDetail.parse(JSON.parse(text(body.data)));
          expect(note).toMatchObject({ id: noteId, speaker_names: { S1: 'Jürgen Weiß' } });
          break;
        }
        case 'srt':
          expect(text(body.data)).toMatch(/^1\r?\n00:00:00,000 --> 00:00:04,500\r?\nJürgen Weiß: /);
          break;
        case 'vtt':
          expect(text(body.data)).toMatch(/^WEBVTT/);
          expect(text(body.data)).toContain('00:00:00.000 --> 00:00:04.500');
          break;
        default:
          // md and txt: the renamed speaker, umlauts and ß intact, German headings.
          expect(text(body.data)).toContain('Jürgen Weiß');
          expect(text(body.data)).toContain('Zusammenfassung');
          expect(text(body.data)).toContain('Straßenbau');
      }
    },
  );

  it('follows the speaker renamed through PATCH', async () => {
    const renamed = await t.api.call(endpoints.updateNote, {
      token: anna.token,
      body: { id: noteId, speaker_names: { S2: 'Bärbel' } },
    });
    expect(renamed.status).toBe(200);
    const { body } = await download(noteId, 'txt');
    const content = text(body.data);
    expect(content).toContain('Bärbel');
    expect(content).toContain('Jürgen Weiß');
  });

  it('names the owner the summary gave as a label once the speaker is named', async () => {
    const before = text((await download(noteId, 'md')).body.data);
    expect(before).toContain('Verantwortlich: S3');
    const renamed = await t.api.call(endpoints.updateNote, {
      token: anna.token,
      body: { id: noteId, speaker_names: { S1: 'Jürgen Weiß', S3: 'Conrad Öztürk' } },
    });
    expect(renamed.status).toBe(200);
    for (const format of ['md', 'txt'] as const) {
      const content = text((await download(noteId, format)).body.data);
      expect(content, format).toContain('Verantwortlich: Conrad Öztürk');
      expect(content, format).not.toContain('Verantwortlich: S3');
    }
  });

  it('renders a DOCX or PDF in the design chosen at download, else in the note’s own', async () => {
    const styles = async (design?: string) => {
      const res = await t.api.unchecked(endpoints.downloadNote, {
        params: { id: noteId, format: 'docx' },
        ...(design ? { query: { design } } : {}),
        token: anna.token,
      });
      expect(res.status, design).toBe(200);
      const body = res.body as { data: string };
      return strFromU8(unzipSync(Buffer.from(body.data, 'base64'))['word/styles.xml']!);
    };
    // The note was uploaded with `classic`.
    expect(await styles()).toContain('w:ascii="Georgia"');
    expect(await styles('modern')).toContain('w:ascii="Calibri"');
    expect(await styles('minimal')).toContain('w:ascii="Arial"');
    const pdf = await t.api.call(endpoints.downloadNote, {
      params: { id: noteId, format: 'pdf' },
      query: { design: 'modern' },
      token: anna.token,
    });
    expect(pdf.status).toBe(200);
    // Helvetica, the modern design's PDF font, instead of classic's Times.
    const pdfText = Buffer.from(pdf.body.data, 'base64').toString('latin1');
    expect(pdfText).toContain('/Helvetica');
    expect(pdfText).not.toContain('/Times-Roman');
  });

  it('refuses a design that does not exist with 422', async () => {
    const res = await t.api.unchecked(endpoints.downloadNote, {
      params: { id: noteId, format: 'pdf' },
      query: { design: 'barock' },
      token: anna.token,
    });
    expect(res.status).toBe(422);
    expect(res.error).toMatchObject({ success: false });
  });

  it('speaks English for an English note', async () => {
    const english = await seedNote(database().db, anna.user.id, {
      name: 'Team sync',
      language: 'en',
      summaryLanguage: 'en',
      segments: englishSegments,
      summary: englishSummary,
    });
    const { body } = await download(english.id, 'md');
    const content = text(body.data);
    expect(content).toContain('Summary');
    expect(content).not.toContain('Zusammenfassung');
  });

  it('answers 409 while the note is processed or after it failed', async () => {
    for (const status of ['queued', 'transcribing', 'summarizing', 'error'] as const) {
      const note = await seedNote(database().db, anna.user.id, {
        status,
        segments: [],
        summary: null,
      });
      const res = await download(note.id, 'pdf');
      expect(res.status, status).toBe(409);
      expect(res.error).toMatchObject({ success: false, code: 'noteNotReady' });
    }
  });

  it('answers 422 for an unknown format and 404 for an unknown note', async () => {
    expect((await download(noteId, 'exe')).status).toBe(422);
    expect((await download(999_999, 'txt')).status).toBe(404);
  });
});
