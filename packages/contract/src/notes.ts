import { z } from 'zod';
import {
  CalendarDate,
  EntityId,
  FormBoolean,
  Id,
  LanguageCode,
  SuccessMessage,
  Timestamp,
} from './common.ts';
import {
  DEFAULT_DOWNLOAD_CONTENT_TYPE,
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  NAME_MAX_LENGTH,
  NOTE_NAME_MAX_LENGTH,
  SEARCH_QUERY_MAX_LENGTH,
} from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { textField } from './fields.ts';
import { FormalMinutes } from './formal-minutes.ts';
import {
  AGENDA_ITEM_MAX_LENGTH,
  AGENDA_MAX_ITEMS,
  agendaItems,
  downloadFormats,
  FORMAL_STRUCTURES,
  NOTE_STATUSES,
} from './values.ts';

/** Processing state of a note (docs/uploads.md#job-states). */
export const NoteStatus = z.enum(NOTE_STATUSES);
export type NoteStatus = z.infer<typeof NoteStatus>;

/**
 * Note structure: Ergebnisprotokoll, Verlaufsprotokoll, bullet points, interview, lecture, and the
 * formal meeting types (Betriebsratssitzung, Eigentümerversammlung, Mitgliederversammlung:
 * docs/formal-minutes.md).
 */
export const NoteStructure = z.enum(
  ['minutes', 'detailed', ...FORMAL_STRUCTURES, 'bullets', 'interview', 'lecture'],
  { error: 'validation.invalidValue' },
);
export type NoteStructure = z.infer<typeof NoteStructure>;

/** Look of DOCX/PDF exports. */
export const NoteDesign = z.enum(['classic', 'modern', 'minimal'], {
  error: 'validation.invalidValue',
});
export type NoteDesign = z.infer<typeof NoteDesign>;

/** `verbatim`: as spoken; `clean`: fillers and false starts removed. */
export const TranscriptType = z.enum(['verbatim', 'clean'], { error: 'validation.invalidValue' });
export type TranscriptType = z.infer<typeof TranscriptType>;

/** Spoken language of a recording: a language code, or `auto` to detect it. */
export const SpokenLanguage = z.union([z.literal('auto'), LanguageCode], {
  error: 'validation.languageInvalid',
});
export type SpokenLanguage = z.infer<typeof SpokenLanguage>;

export const DownloadFormat = z.enum(downloadFormats, {
  error: 'validation.invalidValue',
});
export type DownloadFormat = z.infer<typeof DownloadFormat>;

const Seconds = z.number().nonnegative();

/** A note as the list shows it (docs/uploads.md#job-states). */
export const Note = z
  .object({
    id: EntityId,
    name: z.string(),
    /** Null: not in a folder (unfiled). */
    folder_id: EntityId.nullable(),
    status: NoteStatus,
    /** Progress of the current step, 0–100. */
    progress: z.number().min(0).max(100),
    /** i18n key of the failure (e.g. `errors.transcriptionFailed`) when status is `error`. */
    error: z.string().nullable(),
    file_name: z.string(),
    /** Bytes. */
    size: z.number().int().nonnegative(),
    /** Measured on the server; null until measured. */
    duration_seconds: Seconds.nullable(),
    minutes_charged: z.number().int().nonnegative(),
    language: SpokenLanguage,
    summary_language: LanguageCode,
    summary_model: z.string(),
    structure: NoteStructure,
    design: NoteDesign,
    transcript_type: TranscriptType,
    /** Expected number of speakers; 0 = unknown / automatic. */
    speakers: z.number().int().nonnegative(),
    /** Whether the full transcript is kept in the note. */
    transcribe: z.boolean(),
    saved: z.boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Note' });
export type Note = z.infer<typeof Note>;

/** One transcript passage. `speaker` is the label (`S1`) that `speaker_names` can rename. */
export const Segment = z
  .object({
    start: Seconds,
    end: Seconds,
    speaker: z.string(),
    text: z.string(),
  })
  .refine((segment) => segment.end >= segment.start, {
    error: 'validation.invalidValue',
    path: ['end'],
  })
  .meta({ id: 'Segment' });
export type Segment = z.infer<typeof Segment>;

/** Summary items carry `start`: the second of the transcript passage they came from. */
/**
 * Marks of a hand-made change (docs/product.md#editing-the-summary): `edited` for an item changed
 * or added by hand, `added` for one added by hand (its `start` is its neighbour's). Absent in
 * summaries nobody edited.
 */
const handMarks = { edited: z.boolean().optional(), added: z.boolean().optional() };

export const SummaryTopic = z
  .object({ title: z.string(), text: z.string().optional(), start: Seconds, ...handMarks })
  .meta({ id: 'SummaryTopic' });
export type SummaryTopic = z.infer<typeof SummaryTopic>;

export const SummaryDecision = z
  .object({ text: z.string(), start: Seconds, ...handMarks })
  .meta({ id: 'SummaryDecision' });
export type SummaryDecision = z.infer<typeof SummaryDecision>;

export const SummaryActionItem = z
  .object({
    task: z.string(),
    owner: z.string().optional(),
    /** `YYYY-MM-DD` when a date is known, otherwise the wording of the recording ("nächste Woche"). */
    due: z.string().optional(),
    start: Seconds,
    /** Marked done by hand. */
    done: z.boolean().optional(),
    ...handMarks,
  })
  .meta({ id: 'SummaryActionItem' });
export type SummaryActionItem = z.infer<typeof SummaryActionItem>;

/** Stichpunkte: one point of a plain list. */
export const SummaryBullet = z
  .object({ text: z.string(), start: Seconds })
  .meta({ id: 'SummaryBullet' });
export type SummaryBullet = z.infer<typeof SummaryBullet>;

/** One contribution to a Verlaufsprotokoll topic; `speaker` is a label (`S2`) or a name. */
export const SummaryContribution = z
  .object({ text: z.string(), speaker: z.string().optional(), start: Seconds })
  .meta({ id: 'SummaryContribution' });
export type SummaryContribution = z.infer<typeof SummaryContribution>;

/** Verlaufsprotokoll: a topic in the order it was discussed, with the course of its discussion. */
export const SummaryDiscussion = z
  .object({ title: z.string(), points: z.array(SummaryContribution), start: Seconds })
  .meta({ id: 'SummaryDiscussion' });
export type SummaryDiscussion = z.infer<typeof SummaryDiscussion>;

/** Interview: a question asked and its answer (empty when none was given). */
export const SummaryQuestion = z
  .object({ question: z.string(), answer: z.string(), start: Seconds })
  .meta({ id: 'SummaryQuestion' });
export type SummaryQuestion = z.infer<typeof SummaryQuestion>;

/** Vorlesung: a section of the lecture with its points and key terms. */
export const SummaryLectureSection = z
  .object({
    heading: z.string(),
    points: z.array(z.string()),
    key_terms: z.array(z.string()),
    start: Seconds,
  })
  .meta({ id: 'SummaryLectureSection' });
export type SummaryLectureSection = z.infer<typeof SummaryLectureSection>;

/**
 * Who wrote the summary: a language model, or the built-in extractive summariser
 * (docs/architecture.md#providers).
 */
export const SummaryGenerator = z.enum(['llm', 'extractive']);
export type SummaryGenerator = z.infer<typeof SummaryGenerator>;

/**
 * How a ten-minute window of the recording is in the summary (docs/uploads.md#long-recordings):
 * `summarised` when at least one item comes from it, `empty` when there was nothing to summarise
 * there (silence, or nothing the model took up), `failed` when the language model's answer for it
 * was invalid twice: that window is missing, and the summary says so instead of leaving it out.
 */
export const SummaryWindowStatus = z.enum(['summarised', 'empty', 'failed']);
export type SummaryWindowStatus = z.infer<typeof SummaryWindowStatus>;

/** One ten-minute window of the recording and whether it is in the summary. */
export const SummaryWindow = z
  .object({
    start: Seconds,
    end: Seconds,
    status: SummaryWindowStatus,
  })
  .meta({ id: 'SummaryWindow' });
export type SummaryWindow = z.infer<typeof SummaryWindow>;

/**
 * A summary template (docs/product.md#summary-templates): a built-in one by its structure's name
 * (`minutes`), a user's own by its number. The template module (`templates.ts`) has the rest.
 */
export const TemplateRef = z.union([NoteStructure, Id], { error: 'validation.invalidValue' });
export type TemplateRef = z.infer<typeof TemplateRef>;

/** The parts of a summary a template can include, name and order (docs/product.md#summary-templates). */
export const TemplateSectionKey = z.enum(
  [
    'overview',
    'topics',
    'decisions',
    'action_items',
    'bullets',
    'discussion',
    'qa',
    'sections',
    'head',
    'agenda',
  ],
  { error: 'validation.invalidValue' },
);
export type TemplateSectionKey = z.infer<typeof TemplateSectionKey>;

/**
 * The own template a summary was written with: its name, and its sections in order with their
 * headings (reader and exports show these). `unfollowed`: sections whose instructions the
 * built-in summariser could not follow (it picks sentences; it cannot act on instructions).
 */
export const SummaryTemplate = z
  .object({
    id: z.union([NoteStructure, EntityId]),
    name: z.string(),
    sections: z.array(z.object({ key: TemplateSectionKey, heading: z.string() })),
    unfollowed: z.array(TemplateSectionKey).optional(),
  })
  .meta({ id: 'SummaryTemplate' });
export type SummaryTemplate = z.infer<typeof SummaryTemplate>;

/**
 * A note's summary (docs/uploads.md#summaries-per-structure). Every summary has title, overview,
 * topics, decisions and action items; the structure's own parts (`bullets`, `discussion`, `qa`,
 * `sections`) and `structure`/`language` are additions: summaries written before them lack them
 * and are read as before.
 */
export const Summary = z
  .object({
    title: z.string(),
    overview: z.string(),
    topics: z.array(SummaryTopic),
    decisions: z.array(SummaryDecision),
    action_items: z.array(SummaryActionItem),
    /** The overview was written by hand (docs/product.md#editing-the-summary). */
    overview_edited: z.boolean().optional(),
    generator: SummaryGenerator,
    /** The structure it was written in; decides the layout of reader and exports. */
    structure: NoteStructure.optional(),
    /** The language it is written in. */
    language: LanguageCode.optional(),
    /**
     * The note language asked for when the summary could not be written in it: the built-in
     * summariser picks sentences and cannot translate, so it writes in the spoken language.
     */
    requested_language: LanguageCode.optional(),
    /** Stichpunkte: the points in the order they were said. */
    bullets: z.array(SummaryBullet).optional(),
    /** Verlaufsprotokoll: topic by topic in order, each with its discussion. */
    discussion: z.array(SummaryDiscussion).optional(),
    /** Interview: questions and answers in order. */
    qa: z.array(SummaryQuestion).optional(),
    /** Vorlesung: sections with their points and key terms. */
    sections: z.array(SummaryLectureSection).optional(),
    /**
     * Language-model summaries: every ten-minute window of the recording in order, each
     * summarised, empty or failed. Absent in summaries written before and extractive ones.
     */
    windows: z.array(SummaryWindow).optional(),
    /** Written with a user's own template: which one, and its sections' order and headings. */
    template: SummaryTemplate.optional(),
    /**
     * A formal meeting type's head and agenda items (docs/formal-minutes.md). Its resolutions are
     * `decisions` too, its tasks `action_items` and its items' titles `topics`, so search and the
     * lists read them as any summary's.
     */
    formal: FormalMinutes.optional(),
  })
  .meta({ id: 'Summary' });
export type Summary = z.infer<typeof Summary>;

/**
 * Why a processing note waits (docs/uploads.md#waiting-is-explained): an attempt failed in a way
 * that may pass (the speech engine unreachable, busy …) and the job is due again at
 * `next_attempt_at`.
 */
export const NoteRetry = z
  .object({
    /** The attempt that comes next, from 2 on. */
    attempt: z.number().int().min(1),
    /** Attempts allowed in all; after the last one the note fails. */
    max_attempts: z.number().int().min(1),
    /** When the next attempt is due. */
    next_attempt_at: Timestamp,
    /** i18n key of the last attempt's failure, e.g. `processing.engine.unreachable`. */
    last_error: z.string(),
  })
  .meta({ id: 'NoteRetry' });
export type NoteRetry = z.infer<typeof NoteRetry>;

/**
 * Why a passage the speech engine wrote was taken out (docs/uploads.md#invented-text): a subtitle
 * credit or video outro (`credit`), the passage before it again (`repeat`), or a phrase looping
 * within it (`loop`; the passage stays with the phrase once).
 */
export const RemovedSegmentReason = z.enum(['credit', 'repeat', 'loop']);
export type RemovedSegmentReason = z.infer<typeof RemovedSegmentReason>;

/** A passage taken out of the transcript as invented, with the engine's own text. */
export const RemovedSegment = z
  .object({
    start: Seconds,
    end: Seconds,
    text: z.string(),
    reason: RemovedSegmentReason,
  })
  .meta({ id: 'RemovedSegment' });
export type RemovedSegment = z.infer<typeof RemovedSegment>;

/**
 * A re-summary of a finished note (docs/uploads.md#summarising-again): waiting for a worker or
 * being written while the current summary stays readable, or failed (the current summary kept,
 * nothing charged) until the next one is asked for.
 */
export const NoteResummary = z
  .object({
    state: z.enum(['queued', 'running', 'failed']),
    structure: NoteStructure,
    summary_language: LanguageCode,
    summary_model: z.string(),
    /** Minutes it costs when it succeeds (0 for a standard model). */
    minutes: z.number().int().nonnegative(),
    /** i18n key of the failure when `state` is `failed`. */
    error: z.string().nullable(),
  })
  .meta({ id: 'NoteResummary' });
export type NoteResummary = z.infer<typeof NoteResummary>;

/** One note with its transcript and summary. */
/** A glossary correction standing in the transcript: line `index` reads `to` where it heard `from`. */
export const GlossaryMark = z
  .object({
    revision_id: EntityId,
    index: z.number().int().nonnegative(),
    from: z.string(),
    to: z.string(),
  })
  .meta({ id: 'GlossaryMark' });
export type GlossaryMark = z.infer<typeof GlossaryMark>;

export const NoteDetail = Note.extend({
  /**
   * Set while the note is `queued` again after a failed attempt; absent or null otherwise (an
   * addition to the note's fields, so older clients read the note as before).
   */
  retry: NoteRetry.nullable().optional(),
  /** Display names for speaker labels, e.g. `{ "S1": "Erika" }`. */
  speaker_names: z.record(z.string(), z.string()),
  /** Empty when the transcript was not kept (`transcribe: false`) or is not ready yet. */
  segments: z.array(Segment),
  /**
   * How many hand-made changes the transcript has had (docs/product.md#editing-the-transcript);
   * an edit sends it back as `base_version`. Absent in answers of older servers: read as 0.
   */
  transcript_version: z.number().int().nonnegative().optional(),
  /**
   * How many times the summary shown has changed since the note was processed: by hand
   * (docs/product.md#editing-the-summary), by a re-summary or a restored version. An edit sends it
   * back as `base_version`. Absent in answers of older servers: read as 0.
   */
  summary_edit_version: z.number().int().nonnegative().optional(),
  /**
   * Formal minutes submitted for signature, signed or final (docs/formal-minutes.md#approval-and-signature):
   * the transcript and summary take no change until a correction. Absent: not locked.
   */
  minutes_locked: z.boolean().optional(),
  /**
   * Passages the speech engine wrote that were taken out as invented, in time order; empty when
   * nothing was taken out (and for notes processed before the filter).
   */
  removed_segments: z.array(RemovedSegment).optional(),
  /**
   * Near-misses corrected to the glossary that still stand (docs/product.md#glossary), each
   * undoable on its own; absent in answers that do not carry them (read as none).
   */
  glossary_corrections: z.array(GlossaryMark).optional(),
  /** Null until the summary is ready. */
  summary: Summary.nullable(),
  /**
   * The re-summary asked for, while it waits or runs, or when it failed; absent or null when
   * none is (an addition, so older clients read the note as before).
   */
  resummary: NoteResummary.nullable().optional(),
}).meta({ id: 'NoteDetail' });
export type NoteDetail = z.infer<typeof NoteDetail>;

const noteFilterShape = {
  folder_id: Id.optional(),
  start_date: CalendarDate.optional(),
  end_date: CalendarDate.optional(),
  search_query: textField('validation.invalidValue')
    .max(SEARCH_QUERY_MAX_LENGTH, { error: 'validation.tooLong' })
    .optional(),
  /** Only saved notes (the /saved-notes page). */
  saved: FormBoolean.optional(),
};

/** ISO days compare correctly as strings. */
const dateRangeInOrder = (query: { start_date?: string; end_date?: string }) =>
  !query.start_date || !query.end_date || query.start_date <= query.end_date;
const dateRangeError = { error: 'validation.dateRangeInvalid', path: ['end_date'] };

export const NoteCountQuery = z
  .object(noteFilterShape)
  .refine(dateRangeInOrder, dateRangeError)
  .meta({ id: 'NoteCountQuery' });
export type NoteCountQuery = z.infer<typeof NoteCountQuery>;

export const NoteListQuery = z
  .object({
    page: z.coerce
      .number({ error: 'validation.invalidValue' })
      .int()
      .positive()
      .default(DEFAULT_PAGE),
    page_size: z.coerce
      .number({ error: 'validation.invalidValue' })
      .int()
      .positive()
      .max(MAX_PAGE_SIZE)
      .default(DEFAULT_PAGE_SIZE),
    ...noteFilterShape,
  })
  .refine(dateRangeInOrder, dateRangeError)
  .meta({ id: 'NoteListQuery' });
export type NoteListQuery = z.infer<typeof NoteListQuery>;

/** A piece of a search hit's passage; `match` marks the words the search found. */
export const PassagePart = z
  .object({ text: z.string(), match: z.boolean() })
  .meta({ id: 'PassagePart' });
export type PassagePart = z.infer<typeof PassagePart>;

/**
 * Where a search found a note (docs/product.md#search-hits): the first transcript line that
 * matches, cut around the found words, or else a passage of the summary (`line` null). Absent when
 * only the note's name matched.
 */
export const SearchHit = z
  .object({
    /** Index of the transcript line (`segments`), the reader's `?at=`; null for the summary. */
    line: z.number().int().nonnegative().nullable(),
    passage: z.array(PassagePart),
    /** The passage starts or ends inside its line (the screen shows "…"). */
    cut_start: z.boolean(),
    cut_end: z.boolean(),
  })
  .meta({ id: 'SearchHit' });
export type SearchHit = z.infer<typeof SearchHit>;

/** A note in a list; a search's list also says where each note matched. */
export const NoteListItem = Note.extend({ search_hit: SearchHit.optional() }).meta({
  id: 'NoteListItem',
});
export type NoteListItem = z.infer<typeof NoteListItem>;

export const NoteListResponse = z
  .object({ success: z.boolean(), notes: z.array(NoteListItem) })
  .meta({ id: 'NoteListResponse' });
export type NoteListResponse = z.infer<typeof NoteListResponse>;

export const NoteCountResponse = z
  .object({
    success: z.boolean(),
    count: z.number().int().nonnegative(),
    /**
     * True when a search's count stopped at SEARCH_COUNT_LIMIT: at least `count` notes match
     * (docs/product.md#notes-lists). Absent or false: `count` is exact.
     */
    more: z.boolean().optional(),
  })
  .meta({ id: 'NoteCountResponse' });
export type NoteCountResponse = z.infer<typeof NoteCountResponse>;

const NoteName = textField('validation.invalidValue')
  .min(1, { error: 'validation.required' })
  .max(NOTE_NAME_MAX_LENGTH, { error: 'validation.tooLong' });

/** The rename form of a note (reader title, list row): the name as `UpdateNoteBody` takes it. */
export const NoteNameForm = z.object({ name: NoteName }).meta({ id: 'NoteNameForm' });
export type NoteNameForm = z.infer<typeof NoteNameForm>;

/**
 * A formal meeting's agenda as typed or pasted, one item per line (`agendaItems` reads it):
 * at most `AGENDA_MAX_ITEMS` items of at most `AGENDA_ITEM_MAX_LENGTH` characters.
 */
export const AgendaText = textField('validation.invalidValue', { multiline: true })
  .max(AGENDA_MAX_ITEMS * (AGENDA_ITEM_MAX_LENGTH + 10), { error: 'validation.tooLong' })
  .refine(
    (text) => {
      const items = agendaItems(text);
      return (
        items.length <= AGENDA_MAX_ITEMS &&
        items.every((item) => item.length <= AGENDA_ITEM_MAX_LENGTH)
      );
    },
    { error: 'validation.tooLong' },
  );

/**
 * `POST /api/note` (multipart, docs/uploads.md#the-upload-call). Every field but the file arrives
 * as text, so numbers and booleans are coerced; `transcribe: 'false'` is false. `speakers`,
 * `folder_id` and `name` are sent only when set.
 */
export const UploadNoteBody = z
  .object({
    audio_file: z.file({ error: 'validation.fileRequired' }),
    file_name: textField('validation.required', { trim: false }).min(1, {
      error: 'validation.required',
    }),
    language: SpokenLanguage,
    summary_model: textField('validation.required', { trim: false }).min(1, {
      error: 'validation.required',
    }),
    summary_language: LanguageCode,
    design: NoteDesign,
    structure: NoteStructure,
    transcribe: FormBoolean,
    transcript_type: TranscriptType,
    speakers: z.coerce
      .number({ error: 'validation.invalidValue' })
      .int()
      .nonnegative()
      .max(50)
      .optional(),
    size: z.coerce.number({ error: 'validation.invalidValue' }).int().nonnegative(),
    folder_id: Id.optional(),
    name: NoteName.optional(),
    /** The summary template; its structure replaces `structure` (docs/product.md#summary-templates). */
    template: TemplateRef.optional(),
    /**
     * A formal meeting's agenda, one item per line: the minutes follow it
     * (docs/formal-minutes.md#agenda-first). Kept only for a formal structure.
     */
    agenda: AgendaText.optional(),
  })
  .meta({ id: 'UploadNoteBody' });
export type UploadNoteBody = z.infer<typeof UploadNoteBody>;

/** Success and message, plus `note`: the new note, so its status can be followed. */
export const UploadNoteResponse = z
  .object({ success: z.boolean(), message: z.string().optional(), note: Note.optional() })
  .meta({ id: 'UploadNoteResponse' });
export type UploadNoteResponse = z.infer<typeof UploadNoteResponse>;

export const NoteIdParams = z.object({ id: Id }).meta({ id: 'NoteIdParams' });
export type NoteIdParams = z.infer<typeof NoteIdParams>;

export const DownloadParams = z
  .object({ id: Id, format: DownloadFormat })
  .meta({ id: 'DownloadParams' });
export type DownloadParams = z.infer<typeof DownloadParams>;

/**
 * Options of a download: `design` is the look of a DOCX or PDF, chosen in the download menu
 * (the note's own `design`, chosen at upload, when absent); the other formats ignore it.
 */
export const DownloadQuery = z
  .object({
    design: NoteDesign.optional(),
    /**
     * Formal minutes: the version to export as submitted (docs/formal-minutes.md#approval-and-signature);
     * without it, the locked version while there is one, else the draft.
     */
    minutes_version: Id.optional(),
  })
  .meta({ id: 'DownloadQuery' });
export type DownloadQuery = z.infer<typeof DownloadQuery>;

/**
 * The download answer (docs/uploads.md#exports). `data` is the file, base64. A missing `filename`
 * means `note.{format}` (see `downloadFilename`); a missing `contentType` means
 * application/octet-stream.
 */
export const Download = z
  .object({
    success: z.boolean(),
    data: z.base64(),
    filename: z.string().min(1).optional(),
    contentType: z.string().min(1).default(DEFAULT_DOWNLOAD_CONTENT_TYPE),
    /** HTTP status of the download. */
    status: z.number().int(),
  })
  .meta({ id: 'Download' });
export type Download = z.infer<typeof Download>;

export const DeleteNoteQuery = z.object({ id: Id }).meta({ id: 'DeleteNoteQuery' });
export type DeleteNoteQuery = z.infer<typeof DeleteNoteQuery>;

export const MoveNoteBody = z
  .object({
    note_id: Id,
    /** Null moves the note out of every folder (unfiled). */
    folder_id: Id.nullable(),
  })
  .meta({ id: 'MoveNoteBody' });
export type MoveNoteBody = z.infer<typeof MoveNoteBody>;

export const UpdateNoteBody = z
  .object({
    id: Id,
    name: NoteName.optional(),
    saved: z.boolean({ error: 'validation.invalidValue' }).optional(),
    speaker_names: z
      .record(
        textField('validation.invalidValue', { trim: false }).min(1),
        textField('validation.invalidValue').max(NAME_MAX_LENGTH, { error: 'validation.tooLong' }),
      )
      .optional(),
  })
  .meta({ id: 'UpdateNoteBody' });
export type UpdateNoteBody = z.infer<typeof UpdateNoteBody>;

export const NoteResponse = z
  .object({ success: z.boolean(), message: z.string().optional(), note: NoteDetail })
  .meta({ id: 'NoteResponse' });
export type NoteResponse = z.infer<typeof NoteResponse>;

/** The audio bytes of `GET /api/note/{id}/audio` (HTTP Range supported); documented, not parsed. */
export const AudioBinary = z.string().meta({
  description: 'Audio bytes; the server honours HTTP Range requests',
  format: 'binary',
  contentMediaType: 'audio/*',
});

/**
 * The recording as it was uploaded or recorded, byte for byte (`GET /api/note/{id}/original`,
 * docs/uploads.md#the-original-recording); documented, not parsed.
 */
export const OriginalRecordingBinary = z.string().meta({
  description:
    'The recording as uploaded, as an attachment named after `file_name`, in its detected type',
  format: 'binary',
  contentMediaType: 'application/octet-stream',
});

/** How many slices the level overview of a recording has (docs/uploads.md#level-overview). */
export const PEAKS_COUNT = 800;

/**
 * The level overview of a recording, computed once on the server from the decoded audio
 * (docs/uploads.md#level-overview): `peaks` are the loudness of equal slices of the recording in
 * order, in percent of the loudest slice; a recording shorter than `PEAKS_COUNT` tenths of a second
 * has fewer slices.
 */
export const NotePeaks = z
  .object({
    success: z.boolean(),
    peaks: z.array(z.number().int().min(0).max(100)).max(PEAKS_COUNT),
    /** Length of the decoded recording the slices cover. */
    duration_seconds: Seconds,
  })
  .meta({ id: 'NotePeaks' });
export type NotePeaks = z.infer<typeof NotePeaks>;

/**
 * `POST /api/note/{id}/resummarise`: write the summary again from the note's current transcript,
 * in another structure, language or model (docs/uploads.md#summarising-again). Validated like the
 * upload's fields; the model must be offered and allowed by the plan.
 */
export const ResummariseBody = z
  .object({
    structure: NoteStructure,
    summary_language: LanguageCode,
    summary_model: textField('validation.required', { trim: false }).min(1, {
      error: 'validation.required',
    }),
    /**
     * Carry the current summary's hand-made changes over into the new one
     * (docs/uploads.md#keeping-hand-edits): its edited and added items, done marks and a
     * hand-written overview. Absent: false, as before the option existed.
     */
    keep_edits: z.boolean({ error: 'validation.invalidValue' }).optional(),
    /** The summary template; its structure replaces `structure` (docs/product.md#summary-templates). */
    template: TemplateRef.optional(),
  })
  .meta({ id: 'ResummariseBody' });
export type ResummariseBody = z.infer<typeof ResummariseBody>;

/** One summary a note has had (docs/uploads.md#summary-versions); `current` is the one shown. */
export const SummaryVersion = z
  .object({
    /** 1 for the summary of processing, counting up with every re-summary. */
    version: z.number().int().positive(),
    created_at: Timestamp,
    structure: NoteStructure,
    language: LanguageCode,
    model: z.string(),
    generator: SummaryGenerator,
    current: z.boolean(),
    summary: Summary,
  })
  .meta({ id: 'SummaryVersion' });
export type SummaryVersion = z.infer<typeof SummaryVersion>;

/** The versions of a note's summary, newest first. */
export const SummaryVersionsResponse = z
  .object({ success: z.boolean(), versions: z.array(SummaryVersion) })
  .meta({ id: 'SummaryVersionsResponse' });
export type SummaryVersionsResponse = z.infer<typeof SummaryVersionsResponse>;

export const SummaryVersionParams = z
  .object({ id: Id, version: Id })
  .meta({ id: 'SummaryVersionParams' });
export type SummaryVersionParams = z.infer<typeof SummaryVersionParams>;

export const listNotes = defineEndpoint({
  id: 'listNotes',
  method: 'GET',
  path: '/api/note/list',
  tag: 'notes',
  summary: 'One page of notes, newest first, filtered',
  auth: true,
  query: NoteListQuery,
  response: NoteListResponse,
});

export const countNotes = defineEndpoint({
  id: 'countNotes',
  method: 'GET',
  path: '/api/note/count',
  tag: 'notes',
  summary: 'Number of notes matching the filters',
  auth: true,
  query: NoteCountQuery,
  response: NoteCountResponse,
});

export const uploadNote = defineEndpoint({
  id: 'uploadNote',
  method: 'POST',
  path: '/api/note',
  tag: 'notes',
  summary: 'Upload a recording to be transcribed and summarised',
  auth: true,
  body: UploadNoteBody,
  bodyKind: 'multipart',
  response: UploadNoteResponse,
});

export const getNote = defineEndpoint({
  id: 'getNote',
  method: 'GET',
  path: '/api/note/{id}',
  tag: 'notes',
  summary: 'One note with transcript and summary',
  auth: true,
  params: NoteIdParams,
  response: NoteResponse,
});

/** Servers register this before `downloadNote`: `/api/note/1/audio` also fits `{format}`. */
export const getNoteAudio = defineEndpoint({
  id: 'getNoteAudio',
  method: 'GET',
  path: '/api/note/{id}/audio',
  tag: 'notes',
  summary: 'Stream the recording (HTTP Range)',
  auth: true,
  cookieAuth: true,
  params: NoteIdParams,
  response: AudioBinary,
  responseKind: 'binary',
});

/**
 * The recording as the user uploaded or recorded it, as a download (`Content-Disposition:
 * attachment` with its `file_name`); for a browser recording the server holds the only copy.
 * Registered before `downloadNote`: `/api/note/1/original` also fits `{format}`.
 */
export const getNoteOriginal = defineEndpoint({
  id: 'getNoteOriginal',
  method: 'GET',
  path: '/api/note/{id}/original',
  tag: 'notes',
  summary: 'Download the original recording (attachment, HTTP Range)',
  auth: true,
  cookieAuth: true,
  params: NoteIdParams,
  response: OriginalRecordingBinary,
  responseKind: 'binary',
});

/**
 * The recording's level overview for the player's waveform. Computed when the recording is
 * processed; for a note processed before, on the first request. Registered before `downloadNote`.
 */
export const getNotePeaks = defineEndpoint({
  id: 'getNotePeaks',
  method: 'GET',
  path: '/api/note/{id}/peaks',
  tag: 'notes',
  summary: "The recording's level overview (waveform peaks)",
  auth: true,
  params: NoteIdParams,
  response: NotePeaks,
});

export const downloadNote = defineEndpoint({
  id: 'downloadNote',
  method: 'GET',
  path: '/api/note/{id}/{format}',
  tag: 'notes',
  summary: 'Export a note as DOCX, PDF, Markdown, TXT, SRT, VTT or JSON',
  auth: true,
  params: DownloadParams,
  query: DownloadQuery,
  response: Download,
});

export const deleteNote = defineEndpoint({
  id: 'deleteNote',
  method: 'DELETE',
  path: '/api/note',
  tag: 'notes',
  summary: 'Delete a note (id in the query)',
  auth: true,
  query: DeleteNoteQuery,
  response: SuccessMessage,
});

export const moveNote = defineEndpoint({
  id: 'moveNote',
  method: 'POST',
  path: '/api/note/move',
  tag: 'notes',
  summary: 'Move a note into a folder, or out of all folders',
  auth: true,
  body: MoveNoteBody,
  bodyKind: 'json',
  response: SuccessMessage,
});

export const updateNote = defineEndpoint({
  id: 'updateNote',
  method: 'PATCH',
  path: '/api/note',
  tag: 'notes',
  summary: 'Rename a note, mark it saved, or name its speakers',
  auth: true,
  body: UpdateNoteBody,
  bodyKind: 'json',
  response: NoteResponse,
});

export const retryNote = defineEndpoint({
  id: 'retryNote',
  method: 'POST',
  path: '/api/note/{id}/retry',
  tag: 'notes',
  summary: 'Rerun the failed step of a note',
  auth: true,
  params: NoteIdParams,
  response: NoteResponse,
});

export const resummariseNote = defineEndpoint({
  id: 'resummariseNote',
  method: 'POST',
  path: '/api/note/{id}/resummarise',
  tag: 'notes',
  summary: 'Summarise a finished note again from its transcript (structure, language, model)',
  auth: true,
  params: NoteIdParams,
  body: ResummariseBody,
  bodyKind: 'json',
  response: NoteResponse,
});

/** Registered before `downloadNote`: `/api/note/1/summaries` also fits `{format}`. */
export const listNoteSummaries = defineEndpoint({
  id: 'listNoteSummaries',
  method: 'GET',
  path: '/api/note/{id}/summaries',
  tag: 'notes',
  summary: 'Every summary a note has had, newest first, and which is current',
  auth: true,
  params: NoteIdParams,
  response: SummaryVersionsResponse,
});

export const restoreNoteSummary = defineEndpoint({
  id: 'restoreNoteSummary',
  method: 'POST',
  path: '/api/note/{id}/summaries/{version}/restore',
  tag: 'notes',
  summary: 'Make an earlier summary of a note the current one again',
  auth: true,
  params: SummaryVersionParams,
  response: NoteResponse,
});
