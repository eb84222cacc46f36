import { ErrorBody, FolderListResponse, NoteListResponse } from '@protokoll/contract';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, allDefaultHandlers, folders, notes, resetMockDb } from '../index.ts';

const API = 'http://api.test';
const server = setupServer(...allDefaultHandlers());

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetMockDb();
});
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${API}${path}`, { headers: { Authorization: `Bearer ${DEMO_TOKEN}`, ...headers } });

/** Note 8 (Vorstandssitzung) lasts 2,712 s: 3,000 one-byte samples a second after a 44-byte header. */
const BOARD_BYTES = 44 + 2_712 * 3_000;

describe('note audio', () => {
  it('is a WAV as long as the note', async () => {
    const response = await get('/api/note/8/audio');
    expect(response.status).toBe(200);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.byteLength).toBe(BOARD_BYTES);
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('RIFF');
    expect(new DataView(bytes.buffer).getUint32(24, true)).toBe(3_000);
  });

  it('answers a byte range with 206 and Content-Range, as players seek', async () => {
    const response = await get('/api/note/8/audio', { Range: 'bytes=100-199' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 100-199/${BOARD_BYTES}`);
    expect((await response.arrayBuffer()).byteLength).toBe(100);

    const open = await get('/api/note/8/audio', { Range: 'bytes=8000000-' });
    expect(open.headers.get('content-range')).toBe(
      `bytes 8000000-${BOARD_BYTES - 1}/${BOARD_BYTES}`,
    );
    const suffix = await get('/api/note/8/audio', { Range: 'bytes=-44' });
    expect(suffix.headers.get('content-range')).toBe(
      `bytes ${BOARD_BYTES - 44}-${BOARD_BYTES - 1}/${BOARD_BYTES}`,
    );
  });

  it('refuses a range past the end with 416, and unknown notes with 404', async () => {
    const past = await get('/api/note/8/audio', { Range: `bytes=${BOARD_BYTES}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${BOARD_BYTES}`);
    expect((await get('/api/note/999/audio')).status).toBe(404);
  });
});

describe('original recording', () => {
  it('downloads as an attachment named after the note file, and 404 for unknown notes', async () => {
    const response = await get('/api/note/8/original');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename\*=UTF-8''.+\.wav$/,
    );
    expect((await response.arrayBuffer()).byteLength).toBe(BOARD_BYTES);
    expect((await get('/api/note/999/original')).status).toBe(404);
  });
});

describe('notes and folders scenarios', () => {
  it('notes.longNames lists the long names in every status; folders.longNames their folders', async () => {
    server.use(...notes.longNames(), ...folders.longNames());
    const list = NoteListResponse.parse(await (await get('/api/note/list')).json());
    expect(list.notes.map((n) => n.status)).toEqual(['transcribing', 'done', 'error', 'queued']);
    expect(list.notes[0]!.name).toMatch(/^Donaudampfschifffahrts/);
    const folderList = FolderListResponse.parse(await (await get('/api/folder/list')).json());
    const ids = folderList.folders.map((f) => f.id);
    for (const note of list.notes)
      if (note.folder_id !== null) expect(ids).toContain(note.folder_id);
  });

  it('notes.detailFailing fails opening a note but still lists', async () => {
    server.use(...notes.detailFailing(503));
    const detail = await get('/api/note/8');
    expect(detail.status).toBe(503);
    expect(ErrorBody.parse(await detail.json()).code).toBe('server');
    expect((await get('/api/note/list')).status).toBe(200);
  });

  it('folders.many lists the given number of folders', async () => {
    server.use(...folders.many(30));
    const list = FolderListResponse.parse(await (await get('/api/folder/list')).json());
    expect(list.folders).toHaveLength(30);
  });
});

describe('the finishing scenario', () => {
  it('answers the processing notes as processing, then as done', async () => {
    server.use(...notes.finishing(1));
    const first = await (await get('/api/note/11')).json();
    expect(first.note.status).toBe('transcribing');
    const second = await (await get('/api/note/11')).json();
    expect(second.note).toMatchObject({ status: 'done', progress: 100 });
    expect(second.note.minutes_charged).toBeGreaterThan(0);
  });
});
