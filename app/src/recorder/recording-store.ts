/*
 * The browser's copy of a recording (docs/uploads.md#recording-in-the-browser): every few seconds
 * MediaRecorder hands over a chunk, which is written to IndexedDB at once, so a reload, a crash or
 * a closed tab loses at most the seconds since the last one. Plain IndexedDB: two object stores
 * need no library.
 */

const DB_NAME = 'protokoll-recorder';
const DB_VERSION = 1;
const RECORDINGS = 'recordings';
const CHUNKS = 'chunks';

/** A recording kept in this browser until the server has it. */
export interface StoredRecording {
  id: string;
  /** The signed-in person who recorded it; only they are offered it again. */
  owner: number;
  /** ISO time the recording was started. */
  startedAt: string;
  mimeType: string;
  /** Seconds recorded so far (as far as the kept chunks go). */
  seconds: number;
  /**
   * `recording` until stopped; `finished` once stopped: kept (and listed as a saved recording)
   * until an upload of it is accepted or the person deletes it.
   */
  state: 'recording' | 'finished';
  /** How many sittings (one MediaRecorder each: a reload starts the next). */
  sittings: number;
}

interface StoredChunk {
  recordingId: string;
  sitting: number;
  seq: number;
  blob: Blob;
}

let opening: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore(RECORDINGS, { keyPath: 'id' });
      const chunks = db.createObjectStore(CHUNKS, { keyPath: ['recordingId', 'sitting', 'seq'] });
      chunks.createIndex('recording', 'recordingId');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = undefined;
      reject(request.error ?? new Error('IndexedDB unavailable'));
    };
  });
  return opening;
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB write aborted'));
  });
}

function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'));
  });
}

/** Writes the recording's record (new, or changed state, length or sittings). */
export async function saveRecording(recording: StoredRecording): Promise<void> {
  const db = await open();
  const transaction = db.transaction(RECORDINGS, 'readwrite');
  transaction.objectStore(RECORDINGS).put(recording);
  await done(transaction);
}

/** Appends a chunk and the length it brings the recording to, in one transaction. */
export async function appendChunk(
  recording: StoredRecording,
  chunk: Omit<StoredChunk, 'recordingId'>,
): Promise<void> {
  const db = await open();
  const transaction = db.transaction([RECORDINGS, CHUNKS], 'readwrite');
  transaction.objectStore(CHUNKS).put({ ...chunk, recordingId: recording.id });
  transaction.objectStore(RECORDINGS).put(recording);
  await done(transaction);
}

/** The person's recordings kept here, newest first. */
export async function listRecordings(owner: number): Promise<StoredRecording[]> {
  const db = await open();
  const all = await result(
    db.transaction(RECORDINGS).objectStore(RECORDINGS).getAll() as IDBRequest<StoredRecording[]>,
  );
  return all
    .filter((recording) => recording.owner === owner)
    .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}

/** The kept chunks, one Blob per sitting, oldest first. */
export async function readSittings(id: string): Promise<Blob[]> {
  const db = await open();
  const chunks = await result(
    db
      .transaction(CHUNKS)
      .objectStore(CHUNKS)
      .index('recording')
      .getAll(IDBKeyRange.only(id)) as IDBRequest<StoredChunk[]>,
  );
  const bySitting = new Map<number, StoredChunk[]>();
  for (const chunk of chunks) {
    bySitting.set(chunk.sitting, [...(bySitting.get(chunk.sitting) ?? []), chunk]);
  }
  return [...bySitting.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, parts]) => new Blob(parts.sort((a, b) => a.seq - b.seq).map((part) => part.blob)))
    .filter((blob) => blob.size > 0);
}

/** Forgets the recording and its chunks. */
export async function deleteRecording(id: string): Promise<void> {
  const db = await open();
  const transaction = db.transaction([RECORDINGS, CHUNKS], 'readwrite');
  transaction.objectStore(RECORDINGS).delete(id);
  transaction
    .objectStore(CHUNKS)
    .delete(IDBKeyRange.bound([id, -Infinity, -Infinity], [id, Infinity, Infinity]));
  await done(transaction);
}
