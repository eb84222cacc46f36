import { http, HttpResponse } from 'msw';
import {
  applyTranscriptChange,
  billableMinutes,
  downloadFilename,
  endpoints,
  ErrorCode,
  isProcessing,
  noteNameFromFile,
  revertSplice,
  revisionLines,
  type DownloadFormat,
  type Note,
  type NoteCountQuery,
  type NoteDetail,
  type NoteListItem,
  type SearchHit,
  type Summary,
  type SummaryVersion,
} from '@protokoll/contract';
import { applySummaryChange, keepHandEdits } from '@protokoll/contract/summary-edit-rules';
import { createMockDb, mockDb, type MockDb } from '../db.ts';
import { longNameFolders } from '../fixtures/folders.ts';
import {
  boardMeetingDetail,
  demoPeaks,
  detailFor,
  longNameNotes,
  manyNotes,
  silentWav,
} from '../fixtures/notes.ts';
import { structuredDetail } from '../fixtures/structures.ts';
import { boardMeetingVersions } from '../fixtures/summaries.ts';
import { failWith, handle, mswPath, reply, type HandleOptions } from '../handle.ts';
import { base64, englishText, errorResponse, notFound } from '../respond.ts';
import { onMockReset } from '../resets.ts';

const e = endpoints;

function matches(note: Note, filters: NoteCountQuery): boolean {
  if (filters.folder_id !== undefined && note.folder_id !== filters.folder_id) return false;
  if (filters.saved !== undefined && note.saved !== filters.saved) return false;
  const day = note.created_at.slice(0, 10);
  if (filters.start_date && day < filters.start_date) return false;
  if (filters.end_date && day > filters.end_date) return false;
  const search = filters.search_query?.trim().toLocaleLowerCase('de');
  if (search && !note.name.toLocaleLowerCase('de').includes(search) && !searchHitOf(note, search))
    return false;
  return true;
}

/**
 * Where a search matched, as the server says it (docs/product.md#search-hits), simplified: the
 * first transcript line holding the lower-cased text, that text marked.
 */
function searchHitOf(note: Note, search: string): SearchHit | undefined {
  const segments = detailFor(note).segments;
  const line = segments.findIndex((segment) =>
    segment.text.toLocaleLowerCase('de').includes(search),
  );
  const text = segments[line]?.text;
  if (text === undefined) return undefined;
  const at = text.toLocaleLowerCase('de').indexOf(search);
  const passage = [
    { text: text.slice(0, at), match: false },
    { text: text.slice(at, at + search.length), match: true },
    { text: text.slice(at + search.length), match: false },
  ].filter((part) => part.text);
  return { line, passage, cut_start: false, cut_end: false };
}

function withSearchHit(note: Note, search: string | undefined): NoteListItem {
  const hit = search ? searchHitOf(note, search.trim().toLocaleLowerCase('de')) : undefined;
  return hit ? { ...note, search_hit: hit } : note;
}

const newestFirst = (a: Note, b: Note) => b.created_at.localeCompare(a.created_at) || b.id - a.id;

const contentTypes: Record<DownloadFormat, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  srt: 'application/x-subrip',
  vtt: 'text/vtt; charset=utf-8',
  json: 'application/json',
};

/** Text standing in for an export; real DOCX/PDF bytes are the server's business. */
function exportText(detail: NoteDetail, format: DownloadFormat): string {
  if (format === 'json') return JSON.stringify(detail, null, 2);
  const lines = [detail.summary?.title ?? detail.name, '', detail.summary?.overview ?? ''];
  for (const segment of detail.segments)
    lines.push(`[${segment.start}] ${segment.speaker}: ${segment.text}`);
  return lines.join('\n');
}

/** Recordings made so far, by length: a long one is megabytes, built once. */
const recordings = new Map<number, ArrayBuffer>();

/** Silence as long as the note, so a player shows its real duration and can seek in it. */
function recordingOf(note: Note): ArrayBuffer {
  const seconds = Math.max(1, Math.ceil(note.duration_seconds ?? 1));
  let wav = recordings.get(seconds);
  if (!wav) {
    wav = silentWav(seconds);
    recordings.set(seconds, wav);
  }
  return wav;
}

/**
 * The recording, whole or (for `Range: bytes=a-b`, as players ask while seeking) in part with
 * 206, as the server streams it; a range beyond the end answers 416.
 */
function audioResponse(request: Request, wav: ArrayBuffer): Response {
  const size = wav.byteLength;
  const headers = { 'Content-Type': 'audio/wav', 'Accept-Ranges': 'bytes' };
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get('range') ?? '');
  if (!range || (!range[1] && !range[2])) {
    return new HttpResponse(wav, { headers: { ...headers, 'Content-Length': String(size) } });
  }
  // `bytes=-n` asks for the last n bytes.
  const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
  const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
  if (start >= size || start > end) {
    return new HttpResponse(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
  }
  return new HttpResponse(wav.slice(start, end + 1), {
    status: 206,
    headers: {
      ...headers,
      'Content-Length': String(end - start + 1),
      'Content-Range': `bytes ${start}-${end}/${size}`,
    },
  });
}

/** Handlers of the notes resource. Static paths come before `{id}` ones. */
export function createNotesHandlers(db: MockDb = mockDb, options: HandleOptions = {}) {
  const find = (id: number) => db.notes.find((note) => note.id === id);
  const detail = (note: Note): NoteDetail => {
    const stored = db.details.get(note.id);
    return stored ? { ...stored, ...note } : detailFor(note);
  };

  /** The note's current version; refused like the server when a change was made on another. */
  const versionOf = (current: NoteDetail) => current.transcript_version ?? 0;
  const conflict = () => errorResponse(409, ErrorCode.CONFLICT);
  const storeTranscript = (note: Note, current: NoteDetail, segments: NoteDetail['segments']) => {
    note.updated_at = new Date().toISOString();
    const next = { ...current, segments, transcript_version: versionOf(current) + 1 };
    db.details.set(note.id, next);
    return next;
  };
  // The summaries each note has had (docs/uploads.md#summary-versions), made on first use.
  const summaryVersions = new Map<number, SummaryVersion[]>();
  onMockReset(() => summaryVersions.clear());
  const versionsOf = (note: Note): SummaryVersion[] => {
    let versions = summaryVersions.get(note.id);
    if (!versions) {
      const summary = detail(note).summary;
      versions =
        note.id === boardMeetingDetail.id
          ? structuredClone(boardMeetingVersions)
          : summary
            ? [
                {
                  version: 1,
                  created_at: note.updated_at,
                  structure: note.structure,
                  language: note.summary_language,
                  model: note.summary_model,
                  generator: summary.generator,
                  current: true,
                  summary,
                },
              ]
            : [];
      summaryVersions.set(note.id, versions);
    }
    return versions;
  };
  /** Makes `version` the note's summary, as the server's restore and finished re-summary do. */
  const makeCurrent = (note: Note, version: SummaryVersion) => {
    for (const other of versionsOf(note)) other.current = other === version;
    Object.assign(note, {
      structure: version.structure,
      summary_language: version.language,
      summary_model: version.model,
      updated_at: new Date().toISOString(),
    });
    const current = detail(note);
    db.details.set(note.id, {
      ...current,
      summary: version.summary,
      resummary: null,
      summary_edit_version: summaryVersionOf(current) + 1,
    });
  };
  const summaryVersionOf = (current: NoteDetail) => current.summary_edit_version ?? 0;

  return [
    // Before the notes' `{id}/{format}`, which `{id}/revisions` fits too.
    handle(
      e.editTranscript,
      ({ params, body }) => {
        const note = find(params.id);
        if (!note) return notFound();
        const current = detail(note);
        if (current.status !== 'done') return errorResponse(409, ErrorCode.NOTE_NOT_READY);
        if (body.base_version !== versionOf(current)) return conflict();
        const edit = applyTranscriptChange(current.segments, body.change);
        if (!edit.ok) return errorResponse(422, ErrorCode.INVALID_INPUT, englishText(edit.refusal));
        const list = db.revisions.get(note.id) ?? [];
        const lines = revisionLines(edit.splice);
        list.push({
          splice: edit.splice,
          revision: {
            id: db.nextId++,
            kind: body.change.type,
            created_at: new Date().toISOString(),
            author: [db.user.firstName, db.user.lastName].filter(Boolean).join(' '),
            undone: false,
            lines: lines.slice(0, 20),
            line_count: lines.length,
          },
        });
        db.revisions.set(note.id, list);
        return reply(e.editTranscript, {
          success: true,
          note: storeTranscript(note, current, edit.segments),
        });
      },
      options,
    ),
    handle(
      e.undoTranscript,
      ({ params, body }) => {
        const note = find(params.id);
        if (!note) return notFound();
        const current = detail(note);
        if (body.base_version !== versionOf(current)) return conflict();
        if (body.revision_id !== undefined) {
          // One glossary correction taken back (docs/product.md#glossary).
          const marks = current.glossary_corrections ?? [];
          const mark = marks.find((m) => m.revision_id === body.revision_id);
          const line = mark && current.segments[mark.index];
          const at = line ? line.text.indexOf(mark.to) : -1;
          if (!mark || !line || at < 0) {
            return errorResponse(
              409,
              ErrorCode.INVALID_INPUT,
              englishText('noteTools.glossary.correctionGone'),
            );
          }
          const segments = [...current.segments];
          segments[mark.index] = {
            ...line,
            text: `${line.text.slice(0, at)}${mark.from}${line.text.slice(at + mark.to.length)}`,
          };
          const next = storeTranscript(note, current, segments);
          next.glossary_corrections = marks.filter((m) => m !== mark);
          return reply(e.undoTranscript, { success: true, note: next });
        }
        const last = (db.revisions.get(note.id) ?? []).findLast((r) => !r.revision.undone);
        const reverted = last && revertSplice(current.segments, last.splice);
        if (!last || !reverted) {
          return errorResponse(
            409,
            ErrorCode.INVALID_INPUT,
            englishText('noteTools.edit.nothingToUndo'),
          );
        }
        last.revision.undone = true;
        return reply(e.undoTranscript, {
          success: true,
          note: storeTranscript(note, current, reverted),
        });
      },
      options,
    ),
    handle(
      e.listTranscriptRevisions,
      ({ params }) => {
        if (!find(params.id)) return notFound();
        const list = db.revisions.get(params.id) ?? [];
        return reply(e.listTranscriptRevisions, {
          revisions: list.map((r) => r.revision).reverse(),
        });
      },
      options,
    ),
    handle(
      e.editSummary,
      ({ params, body }) => {
        const note = find(params.id);
        if (!note) return notFound();
        const current = detail(note);
        if (current.status !== 'done') return errorResponse(409, ErrorCode.NOTE_NOT_READY);
        if (!current.summary) {
          return errorResponse(409, ErrorCode.INVALID_INPUT, englishText('noteTools.summary.none'));
        }
        if (body.base_version !== summaryVersionOf(current)) return conflict();
        const edit = applySummaryChange(current.summary, body.change);
        if (!edit.ok) return errorResponse(422, ErrorCode.INVALID_INPUT, englishText(edit.refusal));
        // The edit lands in the current version too, as on the server.
        const shown = versionsOf(note).find((v) => v.current);
        if (shown) shown.summary = edit.summary;
        note.updated_at = new Date().toISOString();
        const next = {
          ...current,
          summary: edit.summary,
          summary_edit_version: summaryVersionOf(current) + 1,
        };
        db.details.set(note.id, next);
        return reply(e.editSummary, { success: true, note: next });
      },
      options,
    ),
    handle(
      e.resummariseNote,
      ({ params, body }) => {
        const note = find(params.id);
        if (!note) return notFound();
        if (note.status !== 'done') {
          return errorResponse(409, ErrorCode.NOTE_NOT_READY, 'Note is not ready');
        }
        // The mock's worker is instant: the new summary is written before the answer.
        const language = body.summary_language === 'en' ? 'en' : 'de';
        const written: Summary = {
          ...structuredDetail(body.structure, language).summary!,
          language: body.summary_language,
        };
        const previous = detail(note).summary;
        const summary = body.keep_edits && previous ? keepHandEdits(written, previous) : written;
        const versions = versionsOf(note);
        const version: SummaryVersion = {
          version: Math.max(0, ...versions.map((v) => v.version)) + 1,
          created_at: new Date().toISOString(),
          structure: body.structure,
          language: body.summary_language,
          model: body.summary_model,
          generator: summary.generator,
          current: true,
          summary,
        };
        versions.unshift(version);
        makeCurrent(note, version);
        return reply(e.resummariseNote, { success: true, note: detail(note) });
      },
      options,
    ),
    handle(
      e.listNoteSummaries,
      ({ params }) => {
        const note = find(params.id);
        if (!note) return notFound();
        return reply(e.listNoteSummaries, { success: true, versions: versionsOf(note) });
      },
      options,
    ),
    handle(
      e.restoreNoteSummary,
      ({ params }) => {
        const note = find(params.id);
        const version = note && versionsOf(note).find((v) => v.version === params.version);
        if (!note || !version) return notFound();
        makeCurrent(note, version);
        return reply(e.restoreNoteSummary, { success: true, note: detail(note) });
      },
      options,
    ),
    handle(
      e.listNotes,
      ({ query }) => {
        const { page, page_size, ...filters } = query;
        const notes = db.notes
          .filter((note) => matches(note, filters))
          .sort(newestFirst)
          .slice((page - 1) * page_size, page * page_size)
          .map((note) => withSearchHit(note, filters.search_query));
        return reply(e.listNotes, { success: true, notes });
      },
      options,
    ),
    handle(
      e.countNotes,
      ({ query }) =>
        reply(e.countNotes, {
          success: true,
          count: db.notes.filter((n) => matches(n, query)).length,
        }),
      options,
    ),
    handle(
      e.uploadNote,
      ({ body }) => {
        if (body.folder_id !== undefined && !db.folders.some((f) => f.id === body.folder_id)) {
          return notFound();
        }
        if (db.minutes.remaining <= 0 && !db.minutes.unlimited) {
          return errorResponse(402, ErrorCode.INSUFFICIENT_MINUTES);
        }
        const now = new Date().toISOString();
        const note: Note = {
          id: db.nextId++,
          name: body.name ?? noteNameFromFile(body.file_name),
          folder_id: body.folder_id ?? null,
          status: 'queued',
          progress: 0,
          error: null,
          file_name: body.file_name,
          size: body.size,
          duration_seconds: null,
          minutes_charged: 0,
          language: body.language,
          summary_language: body.summary_language,
          summary_model: body.summary_model,
          structure: body.structure,
          design: body.design,
          transcript_type: body.transcript_type,
          speakers: body.speakers ?? 0,
          transcribe: body.transcribe,
          saved: false,
          created_at: now,
          updated_at: now,
        };
        db.notes.unshift(note);
        return reply(
          e.uploadNote,
          { success: true, message: 'Upload received', note },
          { status: 201 },
        );
      },
      options,
    ),
    handle(
      e.moveNote,
      ({ body }) => {
        const note = find(body.note_id);
        if (!note) return notFound();
        if (body.folder_id !== null && !db.folders.some((f) => f.id === body.folder_id)) {
          return notFound();
        }
        note.folder_id = body.folder_id;
        return reply(e.moveNote, { success: true, message: 'Note moved' });
      },
      options,
    ),
    handle(
      e.updateNote,
      ({ body }) => {
        const note = find(body.id);
        if (!note) return notFound();
        if (body.name !== undefined) note.name = body.name;
        if (body.saved !== undefined) note.saved = body.saved;
        note.updated_at = new Date().toISOString();
        const current = detail(note);
        if (body.speaker_names) {
          current.speaker_names = { ...current.speaker_names, ...body.speaker_names };
        }
        db.details.set(note.id, current);
        return reply(e.updateNote, { success: true, note: current });
      },
      options,
    ),
    handle(
      e.deleteNote,
      ({ query }) => {
        const index = db.notes.findIndex((note) => note.id === query.id);
        if (index < 0) return notFound();
        db.notes.splice(index, 1);
        db.details.delete(query.id);
        return reply(e.deleteNote, { success: true, message: 'Note deleted' });
      },
      options,
    ),
    handle(
      e.getNoteAudio,
      ({ request, params }) => {
        const note = find(params.id);
        return note ? audioResponse(request, recordingOf(note)) : notFound();
      },
      options,
    ),
    handle(
      e.getNoteOriginal,
      ({ params }) => {
        const note = find(params.id);
        if (!note) return notFound();
        const wav = recordingOf(note);
        // The mocks keep no upload: the demo recording stands in, named as the note's file.
        const name = note.file_name.replace(/\.[^.]*$/, '') + '.wav';
        return new HttpResponse(wav, {
          headers: {
            'Content-Type': 'audio/wav',
            'Content-Length': String(wav.byteLength),
            'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
          },
        });
      },
      options,
    ),
    handle(
      e.getNotePeaks,
      ({ params }) => {
        const note = find(params.id);
        return note ? reply(e.getNotePeaks, demoPeaks(note.duration_seconds ?? 1)) : notFound();
      },
      options,
    ),
    handle(
      e.retryNote,
      ({ params }) => {
        const note = find(params.id);
        if (!note) return notFound();
        if (note.status === 'error') {
          Object.assign(note, {
            status: 'queued',
            progress: 0,
            error: null,
            updated_at: new Date().toISOString(),
          });
        }
        return reply(e.retryNote, { success: true, note: detail(note) });
      },
      options,
    ),
    handle(
      e.downloadNote,
      ({ params }) => {
        const note = find(params.id);
        if (!note) return notFound();
        return reply(e.downloadNote, {
          success: true,
          data: base64(exportText(detail(note), params.format)),
          filename: downloadFilename(params.format, `${note.name}.${params.format}`),
          contentType: contentTypes[params.format],
          status: 200,
        });
      },
      options,
    ),
    handle(
      e.getNote,
      ({ params }) => {
        const note = find(params.id);
        return note ? reply(e.getNote, { success: true, note: detail(note) }) : notFound();
      },
      options,
    ),
  ];
}

export const notesHandlers = createNotesHandlers();

const listAndCount = [e.listNotes, e.countNotes];

/** Named notes scenarios (the `notes` key). */
export const notes = {
  default: () => notesHandlers,
  /** No notes at all. */
  empty: () => createNotesHandlers(createMockDb({ notes: [], details: new Map() })),
  /** `count` generated notes, for pagination. */
  many: (count = 45) =>
    createNotesHandlers(createMockDb({ notes: manyNotes(count), details: new Map() })),
  /** Notes (and their folders) with long German compound names, one per status. */
  longNames: () =>
    createNotesHandlers(
      createMockDb({
        notes: structuredClone(longNameNotes),
        folders: structuredClone(longNameFolders),
        details: new Map(),
      }),
    ),
  /** Every note is still being processed. */
  processing: () =>
    createNotesHandlers(
      createMockDb({
        notes: mockDb.notes.filter((n) => isProcessing(n.status)),
        details: new Map(),
      }),
    ),
  /**
   * The notes still in processing finish: the first `polls` list or detail answers show them
   * processing, every later one done (the lists and the reader follow them live).
   */
  finishing: (polls = 1) => {
    const db = createMockDb();
    let answers = 0;
    onMockReset(() => {
      Object.assign(db, createMockDb());
      answers = 0;
    });
    const finish = () => {
      db.notes = db.notes.map((note) => {
        if (!isProcessing(note.status)) return note;
        const seconds = note.duration_seconds ?? 600;
        return {
          ...note,
          status: 'done' as const,
          progress: 100,
          duration_seconds: seconds,
          minutes_charged: billableMinutes(seconds),
        };
      });
    };
    const count = () => {
      answers += 1;
      if (answers > polls) finish();
      return undefined;
    };
    return [
      http.get(mswPath(e.listNotes), count),
      http.get(mswPath(e.getNote), count),
      ...createNotesHandlers(db),
    ];
  },
  /** List and count fail with `status`. */
  failing: (status = 500) => [
    ...listAndCount.map((endpoint) => failWith(endpoint, status, ErrorCode.SERVER)),
    ...notesHandlers,
  ],
  /** Every notes call answers after `ms`. */
  slow: (ms = 3_000) => createNotesHandlers(mockDb, { latency: ms }),
  /** The upload is refused with `status` (e.g. 402 for too few minutes). */
  uploadFailing: (status = 500, code: string = ErrorCode.UPLOAD_FAILED) => [
    failWith(e.uploadNote, status, code),
    ...notesHandlers,
  ],
  /** Uploads are refused: not enough minutes left. */
  insufficientMinutes: () => [
    failWith(e.uploadNote, 402, ErrorCode.INSUFFICIENT_MINUTES),
    ...notesHandlers,
  ],
  /** Opening a note fails with `status` (the reader's error state). */
  detailFailing: (status = 500) => [
    failWith(e.getNote, status, ErrorCode.SERVER),
    ...notesHandlers,
  ],
  /** Downloads fail with `status`. */
  downloadFailing: (status = 500) => [
    failWith(e.downloadNote, status, ErrorCode.SERVER),
    ...notesHandlers,
  ],
  /** Summarising again is refused with `status` and `code` (e.g. 402 for too few minutes). */
  resummariseFailing: (status = 402, code: string = ErrorCode.INSUFFICIENT_MINUTES) => [
    failWith(e.resummariseNote, status, code),
    ...notesHandlers,
  ],
  /** Deleting and moving fail with `status`. */
  mutationsFailing: (status = 500) => [
    failWith(e.deleteNote, status, ErrorCode.SERVER),
    failWith(e.moveNote, status, ErrorCode.SERVER),
    failWith(e.updateNote, status, ErrorCode.SERVER),
    ...notesHandlers,
  ],
};
