import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { Summary } from '@protokoll/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  folders,
  notes,
  type Folder,
  type NewNoteRow,
  type NoteRow,
  type StoredSegment,
} from '../db/schema.ts';
import { audioKey, audioStorage } from '../providers/storage/storage.ts';

const run = promisify(execFile);

/** Length of the test recording. */
export const TEST_AUDIO_SECONDS = 3;

let audio: Promise<Buffer> | undefined;

/**
 * A real recording: a 3-second 440 Hz sine as MP3, made by ffmpeg once per machine (kept in the
 * temp folder, written aside and renamed so parallel test files never read half a file).
 */
export function testAudio(): Promise<Buffer> {
  audio ??= (async () => {
    const file = join(tmpdir(), `protokoll-test-sine-${TEST_AUDIO_SECONDS}s.mp3`);
    try {
      return await readFile(file);
    } catch {
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.mp3`;
      await run('ffmpeg', [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=440:duration=${TEST_AUDIO_SECONDS}`,
        '-ac',
        '1',
        '-ar',
        '22050',
        '-b:a',
        '48k',
        '-y',
        partial,
      ]);
      await rename(partial, file).catch(async (error: unknown) => {
        await rm(partial, { force: true });
        throw error;
      });
      return readFile(file);
    }
  })();
  return audio;
}

/** A German meeting: three speakers, one word ("Quartalsabschluss") only in the transcript. */
export const germanSegments: StoredSegment[] = [
  { start: 0, end: 4.5, speaker: 'S1', text: 'Guten Morgen, wir beginnen mit der Besprechung.' },
  {
    start: 4.5,
    end: 9,
    speaker: 'S2',
    text: 'Der Quartalsabschluss liegt vor, das Budget für Straßenbau ist freigegeben.',
  },
  { start: 9, end: 12.5, speaker: 'S3', text: 'Ich schicke das Protokoll bis Freitag herum.' },
];

export const germanSummary: Summary = {
  title: 'Vorstandssitzung',
  overview: 'Budget und nächste Schritte.',
  topics: [{ title: 'Budget', text: 'Freigabe für Straßenbau', start: 4.5 }],
  decisions: [{ text: 'Das Budget ist freigegeben.', start: 4.5 }],
  action_items: [{ task: 'Protokoll verschicken', owner: 'S3', due: '2026-03-06', start: 9 }],
  generator: 'extractive',
};

export const englishSegments: StoredSegment[] = [
  { start: 0, end: 3, speaker: 'S1', text: 'Welcome to the quarterly planning meetings.' },
  { start: 3, end: 6, speaker: 'S2', text: 'We scheduled the hiring interviews for June.' },
];

export const englishSummary: Summary = {
  title: 'Quarterly planning',
  overview: 'Hiring and schedule.',
  topics: [{ title: 'Hiring', start: 3 }],
  decisions: [],
  action_items: [{ task: 'Book the rooms', start: 3 }],
  generator: 'llm',
};

export interface SeedNoteOptions extends Partial<Omit<NewNoteRow, 'userId' | 'summary'>> {
  summary?: Summary | null;
  /** Store the test recording for the note in DATA_DIR/audio (default: no recording). */
  audioDataDir?: string;
}

/**
 * Inserts a finished German note for `userId` straight into the database (notes come from the
 * upload issue; tests need them now).
 */
export async function seedNote(
  db: Db,
  userId: number,
  options: SeedNoteOptions = {},
): Promise<NoteRow> {
  const { audioDataDir, ...fields } = options;
  const segments = fields.segments ?? germanSegments;
  const summary = fields.summary === undefined ? germanSummary : fields.summary;
  let stored: Partial<Pick<NewNoteRow, 'audioKey' | 'audioType' | 'size'>> = {};
  if (audioDataDir) {
    const bytes = await testAudio();
    const key = audioKey(userId, 'mp3');
    await audioStorage(audioDataDir).write(key, Readable.from([bytes]));
    stored = { audioKey: key, audioType: 'audio/mpeg', size: bytes.length };
  }
  const [row] = await db
    .insert(notes)
    .values({
      name: 'Vorstandssitzung',
      status: 'done',
      progress: 100,
      fileName: 'vorstandssitzung.mp3',
      size: 48_000,
      durationSeconds: TEST_AUDIO_SECONDS,
      minutesCharged: 1,
      language: 'de',
      summaryLanguage: 'de',
      summaryModel: 'standard',
      structure: 'minutes',
      design: 'classic',
      transcriptType: 'clean',
      speakers: 3,
      transcribe: true,
      ...stored,
      ...fields,
      segments,
      summary,
      userId,
    })
    .returning();
  if (!row) throw new Error('seedNote: insert returned nothing');
  return row;
}

export async function seedFolder(db: Db, userId: number, name: string): Promise<Folder> {
  const [row] = await db.insert(folders).values({ userId, name }).returning();
  if (!row) throw new Error('seedFolder: insert returned nothing');
  return row;
}

/**
 * The text a note's search vectors are built from, as the database reads it (migration 0017):
 * the transcript's lines, the name and the summary's text.
 */
export async function searchedText(db: Db, noteId: number): Promise<string> {
  const [row] = await db
    .select({
      text: sql<string>`note_transcript_text(${notes.segments}) || E'\n' || ${notes.name} || ' ' || note_summary_text(${notes.summary})`,
    })
    .from(notes)
    .where(eq(notes.id, noteId));
  if (!row) throw new Error(`searchedText: no note ${noteId}`);
  return row.text;
}
