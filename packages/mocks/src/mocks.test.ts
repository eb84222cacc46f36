import { allEndpoints } from '@protokoll/contract/all-endpoints';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorBody,
  FolderListResponse,
  LoginResponse,
  MinutesResponse,
  NoteCountResponse,
  NoteListResponse,
  NoteResponse,
  PlanResponse,
  PlansResponse,
  UserResponse,
  Download,
  Folder,
  Minutes,
  Note,
  NoteDetail,
  Plan,
  PlanOffer,
  User,
  UploadNoteResponse,
  usagePercent,
  isUnlimited,
} from '@protokoll/contract';
import {
  allDefaultHandlers,
  demoFolders,
  demoMinutes,
  demoNotes,
  detailFor,
  exhaustedMinutes,
  freePlan,
  manyNotes,
  planCatalogue,
  proMinutes,
  proPlan,
  unlimitedMinutes,
  auth,
  DEMO_PASSWORD,
  DEMO_TOKEN,
  demoUser,
  folders,
  minutes,
  notes,
  resetMockDb,
} from './index.ts';

const API = 'http://api.test';
const server = setupServer(...allDefaultHandlers());

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetMockDb();
});
afterAll(() => server.close());

const authed = (init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { Authorization: `Bearer ${DEMO_TOKEN}`, ...init.headers },
});
const json = (method: string, body: unknown): RequestInit =>
  authed({ method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

async function call(path: string, init?: RequestInit) {
  const response = await fetch(`${API}${path}`, init);
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('fixtures', () => {
  it('fit the contract', () => {
    User.parse(demoUser);
    for (const plan of [freePlan, proPlan]) Plan.parse(plan);
    for (const offer of planCatalogue) PlanOffer.parse(offer);
    for (const m of [demoMinutes, unlimitedMinutes, exhaustedMinutes, proMinutes]) Minutes.parse(m);
    for (const folder of demoFolders) Folder.parse(folder);
    for (const note of [...demoNotes, ...manyNotes(30)]) {
      Note.parse(note);
      NoteDetail.parse(detailFor(note));
    }
  });

  it('are the documented demo data', () => {
    expect(`${demoUser.firstName} ${demoUser.lastName}`).toBe('Erika Mustermann');
    expect(freePlan).toMatchObject({ name: 'Free', type: 'free' });
    expect(demoMinutes).toMatchObject({ total: 30, used: 12 });
    expect(demoNotes).toHaveLength(12);
    expect(demoFolders.map((f) => f.name)).toEqual(['Vorstand', 'Kunden', 'Vorlesungen']);
  });
});

describe('default handlers answer contract-valid bodies', () => {
  it('signs the demo user in', async () => {
    const { status, body } = await call('/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: demoUser.email, password: DEMO_PASSWORD }),
    });
    expect(status).toBe(200);
    expect(LoginResponse.parse(body).user.lastName).toBe('Mustermann');
  });

  it('serves user, minutes, plan and catalogue', async () => {
    expect(UserResponse.parse((await call('/api/user', authed())).body).user).toEqual(demoUser);
    const { minutes: m } = MinutesResponse.parse((await call('/api/user/minutes', authed())).body);
    expect([m.used, m.total, usagePercent(m)]).toEqual([12, 30, 40]);
    expect(PlanResponse.parse((await call('/api/user/plan', authed())).body).plan.name).toBe(
      'Free',
    );
    expect(PlansResponse.parse((await call('/api/plans')).body).plans).toHaveLength(4);
  });

  it('lists a dozen notes in pages of ten, with a matching count', async () => {
    const first = NoteListResponse.parse((await call('/api/note/list', authed())).body);
    expect(first.notes).toHaveLength(10);
    expect(new Set(first.notes.map((n) => n.status))).toEqual(
      new Set(['queued', 'transcribing', 'summarizing', 'error', 'done']),
    );
    const second = NoteListResponse.parse((await call('/api/note/list?page=2', authed())).body);
    expect(second.notes).toHaveLength(2);
    expect(NoteCountResponse.parse((await call('/api/note/count', authed())).body).count).toBe(12);
    const inBoard = NoteCountResponse.parse(
      (await call('/api/note/count?folder_id=1', authed())).body,
    );
    expect(inBoard.count).toBe(2);
  });

  it('serves a note with summary items that carry start times, and its downloads', async () => {
    const { note } = NoteResponse.parse((await call('/api/note/8', authed())).body);
    expect(note.summary?.action_items.every((item) => typeof item.start === 'number')).toBe(true);
    const download = Download.parse((await call('/api/note/8/md', authed())).body);
    expect(download.filename).toBe('Vorstandssitzung März 2026.md');
    const audio = await fetch(`${API}/api/note/8/audio`, authed());
    expect(audio.headers.get('content-type')).toBe('audio/wav');
  });

  it('lists the three folders and keeps a created one', async () => {
    const before = FolderListResponse.parse((await call('/api/folder/list', authed())).body);
    expect(before.folders.map((f) => f.name)).toEqual(['Kunden', 'Vorlesungen', 'Vorstand']);
    expect((await call('/api/folder', json('POST', { name: ' Team ' }))).status).toBe(201);
    const after = FolderListResponse.parse((await call('/api/folder/list', authed())).body);
    expect(after.folders.map((f) => f.name)).toContain('Team');
  });

  it('accepts a multipart upload with transcribe "false"', async () => {
    const form = new FormData();
    form.append(
      'audio_file',
      new File([new Uint8Array(8)], 'Besprechung.mp3', { type: 'audio/mpeg' }),
    );
    for (const [key, value] of Object.entries({
      file_name: 'Besprechung.mp3',
      language: 'auto',
      summary_model: 'standard',
      summary_language: 'de',
      design: 'classic',
      structure: 'minutes',
      transcribe: 'false',
      transcript_type: 'clean',
      size: '8',
    })) {
      form.append(key, value);
    }
    const { status, body } = await call('/api/note', authed({ method: 'POST', body: form }));
    expect(status).toBe(201);
    const { note } = UploadNoteResponse.parse(body);
    expect(note).toMatchObject({ name: 'Besprechung', transcribe: false, status: 'queued' });
  });
});

describe('shared checks', () => {
  it('answers 401 without a bearer token', async () => {
    const { status, body } = await call('/api/user');
    expect(status).toBe(401);
    expect(ErrorBody.parse(body).code).toBe('notAuthenticated');
  });

  it('answers 422 with field issues for input the contract rejects', async () => {
    const { status, body } = await call('/api/folder', json('POST', { name: '   ' }));
    expect(status).toBe(422);
    expect(ErrorBody.parse(body).issues).toEqual([
      { path: 'name', message: 'errors.folderNameRequired' },
    ]);
    const deletion = await call('/api/user', json('DELETE', { confirmation: 'delete' }));
    expect(deletion.status).toBe(422);
  });

  it('answers 404 for a note that does not exist', async () => {
    expect((await call('/api/note/999', authed())).status).toBe(404);
  });
});

describe('scenarios', () => {
  it('auth.tooManyAttempts and auth.offline', async () => {
    server.use(...auth.tooManyAttempts());
    const login = {
      method: 'POST',
      body: JSON.stringify({ email: demoUser.email, password: DEMO_PASSWORD }),
    };
    expect((await call('/api/auth/login', login)).status).toBe(429);
    server.resetHandlers(...auth.offline());
    await expect(fetch(`${API}/api/auth/login`, login)).rejects.toThrow();
  });

  it('notes.empty, notes.many and notes.failing', async () => {
    server.use(...notes.empty());
    expect(NoteListResponse.parse((await call('/api/note/list', authed())).body).notes).toEqual([]);
    server.resetHandlers(...notes.many(45));
    expect(NoteCountResponse.parse((await call('/api/note/count', authed())).body).count).toBe(45);
    expect(
      NoteListResponse.parse((await call('/api/note/list?page=5', authed())).body).notes,
    ).toHaveLength(5);
    server.resetHandlers(...notes.failing(503));
    expect((await call('/api/note/list', authed())).status).toBe(503);
  });

  it('minutes.unlimited, minutes.failing and folders.empty', async () => {
    server.use(...minutes.unlimited(), ...folders.empty());
    const { minutes: m } = MinutesResponse.parse((await call('/api/user/minutes', authed())).body);
    expect(isUnlimited(m)).toBe(true);
    expect(
      FolderListResponse.parse((await call('/api/folder/list', authed())).body).folders,
    ).toEqual([]);
    server.resetHandlers(...minutes.failing());
    expect((await call('/api/user/minutes', authed())).status).toBe(500);
  });
});

it('covers every endpoint of the contract', () => {
  const handled = new Set(
    allDefaultHandlers().map((handler) => {
      const info = handler.info as { method?: unknown; path?: unknown };
      return `${String(info.method)} ${String(info.path)}`;
    }),
  );
  for (const endpoint of Object.values(allEndpoints)) {
    const path = `*${endpoint.path.replace(/\{(\w+)\}/g, ':$1')}`;
    expect(handled.has(`${endpoint.method} ${path}`), endpoint.id).toBe(true);
  }
});
