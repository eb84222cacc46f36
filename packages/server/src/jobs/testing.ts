// Shared by the upload and worker tests: multipart uploads as the web client sends them, waiting
// for a note to settle, and reading its ledger rows. Test-only.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs, minutesLedger, notes, type NoteRow } from '../db/schema.ts';
import { cutChunks } from '../processing/index.ts';

/**
 * The form fields of `POST /api/note` (docs/uploads.md#the-upload-call), all as text; the defaults
 * make a valid upload.
 */
export type UploadFields = Record<string, string | undefined>;

export function defaultFields(fileName: string, size: number): UploadFields {
  return {
    file_name: fileName,
    language: 'de',
    summary_model: 'extractive',
    summary_language: 'de',
    design: 'classic',
    structure: 'minutes',
    transcribe: 'true',
    transcript_type: 'verbatim',
    size: String(size),
  };
}

/** A multipart form with the file at `path` as `audio_file`; `undefined` fields are left out. */
export async function uploadForm(
  path: string | undefined,
  fields: UploadFields = {},
  fileName = path ? basename(path) : 'aufnahme.mp3',
): Promise<FormData> {
  const bytes = path ? await readFile(path) : Buffer.alloc(0);
  const form = new FormData();
  if (path) form.append('audio_file', new File([bytes], fileName));
  for (const [name, value] of Object.entries({
    ...defaultFields(fileName, bytes.length),
    ...fields,
  })) {
    if (value !== undefined) form.append(name, value);
  }
  return form;
}

/** Polls the note until it reaches one of `statuses`. */
export async function waitForNote(
  db: Db,
  noteId: number,
  statuses: readonly NoteRow['status'][] = ['done', 'error'],
  timeoutMs = 25_000,
): Promise<NoteRow> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const [note] = await db.select().from(notes).where(eq(notes.id, noteId));
    if (note && statuses.includes(note.status)) return note;
    if (Date.now() > end) {
      const [job] = await db.select().from(jobs).where(eq(jobs.noteId, noteId));
      throw new Error(
        `note ${noteId} still ${note?.status ?? 'missing'} (job ${job?.state} at ${job?.stage}: ${job?.lastError})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The note's ledger rows, oldest first, as `kind:minutes`. */
export async function ledgerOf(db: Db, noteId: number): Promise<string[]> {
  const rows = await db
    .select({ kind: minutesLedger.kind, minutes: minutesLedger.minutes })
    .from(minutesLedger)
    .where(and(eq(minutesLedger.noteId, noteId)))
    .orderBy(asc(minutesLedger.id));
  return rows.map((row) => `${row.kind}:${row.minutes}`);
}

/** Every file below `dir` (relative paths); none when it does not exist. */
export async function filesIn(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
  } catch {
    return [];
  }
}

/**
 * A silent MP3 of `seconds` (8 kHz, 8 kbit/s: a minute is 60 KB), made once per machine in the
 * temp folder: for limits that need a long recording but no speech.
 */
export async function silence(seconds: number): Promise<string> {
  const file = join(tmpdir(), `protokoll-silence-${seconds}s.mp3`);
  const made = await stat(file).then(
    () => true,
    () => false,
  );
  if (made) return file;
  const partial = `${file}.${randomBytes(4).toString('hex')}.mp3`;
  await promisify(execFile)('ffmpeg', [
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=8000:cl=mono',
    '-t',
    String(seconds),
    '-c:a',
    'libmp3lame',
    '-b:a',
    '8k',
    partial,
  ]);
  await rename(partial, file);
  return file;
}

/**
 * The SHA-256 of the one chunk the worker sends for a recording shorter than a chunk, cut the way
 * the worker cuts it: decoded from the stored file as a stream (MP3's end padding stays then).
 */
export async function sentChunkSha256(path: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'protokoll-sent-'));
  const cutter = cutChunks(
    { stream: createReadStream(path) },
    [{ index: 0, start: 0, end: 60 }],
    dir,
  );
  try {
    const file = await cutter.file(0);
    if (!file) throw new Error(`${path} holds no audio`);
    return createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  } finally {
    await cutter.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
