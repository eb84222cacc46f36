// Share links (docs/sharing.md), through the app: the owner makes, lists and revokes links; the
// page answers what the link shares (summary; transcript and audio when chosen; an extract), asks
// for an access code where there is one, serves the recording by ranges through the link alone,
// and answers 404 once the link is revoked or expired; nobody else reaches any of it.
import { allEndpoints } from '@protokoll/contract/all-endpoints';
import {
  type Endpoint,
  type ErrorBody,
  type ShareLink,
  type ShareLinkCreated,
  type ShareRenderRequest,
  type Summary,
} from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notes, shareLinks } from '../../db/schema.ts';
import { hashToken } from '../../lib/auth/tokens.ts';
import { extractiveSummary } from '../../processing/extractive.ts';
import { WORKS_COUNCIL_NAMES, WORKS_COUNCIL_SESSION } from '../../processing/formal-meetings.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import {
  accountsApp,
  readOutbox,
  signUp,
  type AccountsApp,
  type SignedUp,
} from '../../test/accounts.ts';
import { prepare, type CallInput } from '../../test/client.ts';
import { useTestDatabase } from '../../test/db.ts';
import { seedNote, testAudio } from '../../test/notes.ts';

const database = useTestDatabase();
const db = () => database().db;

/** The render module stands in for the app's (tests/e2e/share.spec.ts drives the real one). */
const renderer = {
  renderDocumentWithData: () => Promise.resolve(null),
  renderShareDocument: (request: ShareRenderRequest) => Promise.resolve(JSON.stringify(request)),
};

async function shareApp(env: Record<string, string> = {}, mailer?: Mailer): Promise<AccountsApp> {
  return accountsApp(
    database(),
    { SERVE_APP: 'true', ...env },
    { pageRenderer: () => Promise.resolve(renderer), ...(mailer && { mailer }) },
  );
}

let t: AccountsApp;
let owner: SignedUp;
let other: SignedUp;
beforeAll(async () => {
  t = await shareApp();
  owner = await signUp(t.api, { first_name: 'Petra', last_name: 'Schmidt' });
  other = await signUp(t.api);
});

interface Answer<T> {
  status: number;
  body: T;
  error: ErrorBody;
}

async function call<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
  account: SignedUp = owner,
  app: AccountsApp = t,
): Promise<Answer<unknown>> {
  const res = await app.api.send(prepare(endpoint, ...([input] as never as [CallInput<E>])), {
    token: account.token,
  });
  return {
    status: res.status,
    get body() {
      return res.body as unknown;
    },
    get error() {
      return res.error;
    },
  };
}

const create = async (id: number, body: Record<string, unknown> = {}, account = owner, app = t) =>
  (await call(
    allEndpoints.createShareLink,
    { params: { id }, body: body as never },
    account,
    app,
  )) as Answer<ShareLinkCreated>;
const list = async (id: number, account = owner) =>
  (await call(allEndpoints.listShareLinks, { params: { id } }, account)) as Answer<{
    shares: ShareLink[];
  }>;
const revoke = async (id: number, shareId: number, account = owner) =>
  (await call(
    allEndpoints.revokeShareLink,
    { params: { id, share_id: shareId } },
    account,
  )) as Answer<{ share: ShareLink }>;

/** The path of a made link: `/s/<token>`. */
const pathOf = (created: Answer<ShareLinkCreated>) => new URL(created.body.url).pathname;

/** A share page as the stand-in renders it: the request it got, with the answer's status. */
async function page(path: string, init: RequestInit = {}, app = t) {
  const res = await app.app.request(path, init);
  const text = await res.text();
  return {
    res,
    request: res.headers.get('Content-Type')?.startsWith('text/html')
      ? (JSON.parse(text) as ShareRenderRequest)
      : undefined,
  };
}

async function audioNote(account = owner) {
  return seedNote(db(), account.user.id, { name: 'Elternabend', audioDataDir: t.dataDir });
}

describe('making, listing and revoking links', () => {
  it('answers the link once, stores only its hash and lists it with its settings', async () => {
    const note = await audioNote();
    const created = await create(note.id, { transcript: true, audio: true, expires_in_days: 7 });
    expect(created.status).toBe(200);
    expect(created.body.url).toMatch(/^https:\/\/protokoll\.example\/s\/[A-Za-z0-9_-]{43}$/);
    expect(created.body.share).toMatchObject({
      note_id: note.id,
      state: 'active',
      transcript: true,
      audio: true,
      access_code: false,
      items: null,
      sections: null,
      views: 0,
      last_used_at: null,
    });
    const days = (Date.parse(created.body.share.expires_at!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const token = pathOf(created).slice(3);
    const [row] = await db().select().from(shareLinks).where(eq(shareLinks.noteId, note.id));
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const listed = await list(note.id);
    expect(listed.status).toBe(200);
    expect(listed.body.shares).toEqual([created.body.share]);
    // The list never carries the link itself.
    expect(JSON.stringify(listed.body)).not.toContain(token);
  });

  it('revokes at once: the page and the audio are gone, the list says so, twice is the same', async () => {
    const note = await audioNote();
    const created = await create(note.id, { audio: true });
    const path = pathOf(created);
    expect((await page(path)).res.status).toBe(200);
    const revoked = await revoke(note.id, created.body.share.id);
    expect(revoked.status).toBe(200);
    expect(revoked.body.share.state).toBe('revoked');
    const again = await revoke(note.id, created.body.share.id);
    expect(again.body.share.revoked_at).toBe(revoked.body.share.revoked_at);
    const gone = await page(path);
    expect(gone.res.status).toBe(404);
    expect(gone.request?.page).toEqual({ kind: 'gone', reason: 'revoked' });
    // In the note's language, as the page was.
    expect(gone.request?.locale).toBe('de');
    expect((await t.app.request(`${path}/audio`)).status).toBe(404);
    expect((await list(note.id)).body.shares[0]?.state).toBe('revoked');
  });

  it('an expired link answers 404 saying it expired', async () => {
    const note = await audioNote();
    const created = await create(note.id, { expires_in_days: 1 });
    await db()
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLinks.id, created.body.share.id));
    const gone = await page(pathOf(created));
    expect(gone.res.status).toBe(404);
    expect(gone.request?.page).toEqual({ kind: 'gone', reason: 'expired' });
    expect((await list(note.id)).body.shares[0]?.state).toBe('expired');
  });

  it('refuses what the note cannot share: not done, no recording, an extract it has no part of', async () => {
    const processing = await seedNote(db(), owner.user.id, { status: 'transcribing' });
    expect((await create(processing.id)).status).toBe(409);
    const silent = await seedNote(db(), owner.user.id);
    const noAudio = await create(silent.id, { audio: true });
    expect(noAudio.status).toBe(422);
    expect(noAudio.error.issues?.[0]?.path).toBe('audio');
    const items = await create(silent.id, { items: [1] });
    expect(items.status).toBe(422);
    expect(items.error.issues?.[0]?.path).toBe('items');
    const code = await create(silent.id, { access_code: 'abc' });
    expect(code.status).toBe(422);
    expect(code.error.issues?.[0]).toMatchObject({
      path: 'access_code',
      message: 'share.dialog.codeTooShort',
    });
    const days = await create(silent.id, { expires_in_days: 400 });
    expect(days.status).toBe(422);
    expect((await list(silent.id)).body.shares).toEqual([]);
  });
});

describe('the page', () => {
  it("shows what the link shares, in the note's language or the one chosen, unindexed and uncached", async () => {
    const note = await audioNote();
    const created = await create(note.id, { transcript: true, audio: true });
    const path = pathOf(created);
    const { res, request } = await page(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(request).toMatchObject({ locale: 'de', path, timeZone: 'Europe/Berlin' });
    if (request?.page.kind !== 'note') throw new Error('no note');
    expect(request.page.note).toMatchObject({
      name: 'Elternabend',
      transcript: true,
      audio_src: `${path}/audio`,
      extract: null,
    });
    expect(request.page.note.segments.length).toBeGreaterThan(0);
    expect(request.page.note.summary?.overview).toBeTruthy();

    const english = await page(`${path}?lang=en`, {
      headers: { Cookie: 'tz=America/New_York' },
    });
    expect(english.request).toMatchObject({ locale: 'en', timeZone: 'America/New_York' });

    const [shared] = (await list(note.id)).body.shares;
    expect(shared?.views).toBe(2);
    expect(shared?.last_used_at).not.toBeNull();
  });

  it('leaves out the transcript and the recording unless they are shared', async () => {
    const note = await audioNote();
    const path = pathOf(await create(note.id));
    const { request } = await page(path);
    if (request?.page.kind !== 'note') throw new Error('no note');
    expect(request.page.note).toMatchObject({ segments: [], transcript: false, audio_src: null });
    expect((await t.app.request(`${path}/audio`)).status).toBe(404);
  });

  it('serves the recording by ranges through the link', async () => {
    const note = await audioNote();
    const path = pathOf(await create(note.id, { audio: true }));
    const bytes = await testAudio();
    const part = await t.app.request(`${path}/audio`, { headers: { Range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe(`bytes 0-99/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(0, 100));
    const whole = await t.app.request(`${path}/audio`);
    expect(whole.status).toBe(200);
    expect(Number(whole.headers.get('Content-Length'))).toBe(bytes.length);
    await whole.arrayBuffer();
    const beyond = await t.app.request(`${path}/audio`, {
      headers: { Range: `bytes=${bytes.length + 10}-` },
    });
    expect(beyond.status).toBe(416);
  });

  it('an extract of formal minutes shows only its agenda items, with the head', async () => {
    const summary = extractiveSummary(WORKS_COUNCIL_SESSION, {
      language: 'de',
      structure: 'works_council',
      speakerNames: WORKS_COUNCIL_NAMES,
    });
    const note = await seedNote(db(), owner.user.id, {
      name: 'Betriebsratssitzung',
      structure: 'works_council',
      segments: WORKS_COUNCIL_SESSION,
      speakerNames: WORKS_COUNCIL_NAMES,
      summary,
    });
    const numbers = summary.formal!.items.map((item) => item.number);
    expect(numbers.length).toBeGreaterThan(1);
    const unknown = await create(note.id, { items: [99] });
    expect(unknown.status).toBe(422);
    expect(unknown.error.issues?.[0]?.path).toBe('items');
    expect((await create(note.id, { sections: ['overview'] })).status).toBe(422);
    const created = await create(note.id, { items: [numbers[1]] });
    expect(created.body.share.items).toEqual([numbers[1]]);
    const { request } = await page(pathOf(created));
    if (request?.page.kind !== 'note') throw new Error('no note');
    expect(request.page.note.extract).toEqual({ items: [numbers[1]] });
    expect(request.page.note.summary?.formal?.items.map((item) => item.number)).toEqual([
      numbers[1],
    ]);
    expect(request.page.note.summary?.formal?.head).toEqual(summary.formal!.head);
  });

  it('an extract of another summary keeps only its chosen parts', async () => {
    const note = await audioNote();
    const created = await create(note.id, { sections: ['decisions', 'action_items'] });
    const { request } = await page(pathOf(created));
    if (request?.page.kind !== 'note') throw new Error('no note');
    const shared = request.page.note.summary!;
    expect(request.page.note.extract).toEqual({ sections: ['decisions', 'action_items'] });
    expect(shared.overview).toBe('');
    expect(shared.topics).toEqual([]);
    const [row] = await db().select().from(notes).where(eq(notes.id, note.id));
    const original = row?.summary as Summary;
    expect(shared.decisions).toEqual(original.decisions);
    expect(shared.action_items).toEqual(original.action_items);
  });
});

describe('the access code', () => {
  it('asks for it, refuses a wrong one, and keeps the right one for page and audio', async () => {
    const note = await audioNote();
    const created = await create(note.id, { audio: true, access_code: 'Sommerfest 2026' });
    expect(created.body.share.access_code).toBe(true);
    const [row] = await db()
      .select()
      .from(shareLinks)
      .where(eq(shareLinks.id, created.body.share.id));
    expect(row?.accessCodeHash).toMatch(/^\$argon2id\$/);
    const path = pathOf(created);
    const asked = await page(path);
    expect(asked.res.status).toBe(200);
    expect(asked.request?.page).toEqual({ kind: 'code', wrong: false, limited: false });
    expect((await t.app.request(`${path}/audio`)).status).toBe(404);

    const form = (code: string) => ({
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code }).toString(),
    });
    const wrong = await page(`${path}?lang=en`, form('Winterfest'));
    expect(wrong.res.status).toBe(403);
    expect(wrong.request).toMatchObject({
      locale: 'en',
      page: { kind: 'code', wrong: true, limited: false },
    });
    const right = await t.app.request(`${path}?lang=en`, form('  Sommerfest 2026 '));
    expect(right.status).toBe(303);
    expect(right.headers.get('Location')).toBe(`${path}?lang=en`);
    const cookie = right.headers.get('Set-Cookie') ?? '';
    expect(cookie).toMatch(
      new RegExp(`^protokoll_share=[A-Za-z0-9_-]+; Path=${path}; HttpOnly; Secure; SameSite=Lax$`),
    );
    const proof = cookie.split(';')[0]!;
    const opened = await page(path, { headers: { Cookie: proof } });
    expect(opened.request?.page.kind).toBe('note');
    const audio = await t.app.request(`${path}/audio`, {
      headers: { Cookie: proof, Range: 'bytes=0-9' },
    });
    expect(audio.status).toBe(206);
    // The proof of one link opens no other.
    const second = pathOf(await create(note.id, { access_code: 'Sommerfest 2026' }));
    expect((await page(second, { headers: { Cookie: proof } })).request?.page.kind).toBe('code');
    // Only opening with the code counts as a view.
    const shares = (await list(note.id)).body.shares;
    expect(shares.find((share) => share.id === created.body.share.id)?.views).toBe(1);
  });

  it('stops trying after RATE_LIMIT_SHARE_CODE attempts', async () => {
    const limited = await shareApp({ RATE_LIMIT_SHARE_CODE: '2/1h' });
    const note = await audioNote();
    const path = pathOf(await create(note.id, { access_code: 'geheim' }, owner, limited));
    const post = () =>
      page(
        path,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'code=falsch',
        },
        limited,
      );
    expect((await post()).res.status).toBe(403);
    expect((await post()).res.status).toBe(403);
    const third = await post();
    expect(third.res.status).toBe(429);
    expect(third.res.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(third.request?.page).toEqual({ kind: 'code', wrong: false, limited: true });
  });
});

describe('nobody else', () => {
  it("another account can neither list, make nor revoke a note's links", async () => {
    const note = await audioNote();
    const created = await create(note.id);
    expect((await list(note.id, other)).status).toBe(404);
    expect((await create(note.id, {}, other)).status).toBe(404);
    expect((await revoke(note.id, created.body.share.id, other)).status).toBe(404);
    // Nor through a note of their own.
    const theirs = await seedNote(db(), other.user.id);
    expect((await revoke(theirs.id, created.body.share.id, other)).status).toBe(404);
    // Nor the owner a link under another of their notes.
    const mine = await audioNote();
    expect((await revoke(mine.id, created.body.share.id)).status).toBe(404);
    expect((await page(pathOf(created))).res.status).toBe(200);
  });

  it('a guessed or malformed token opens nothing; a deleted note takes its links along', async () => {
    const guessed = await page(`/s/${'A'.repeat(43)}`);
    expect(guessed.res.status).toBe(404);
    expect(guessed.request?.page).toEqual({ kind: 'gone', reason: 'unknown' });
    expect((await page('/s/kurz')).res.status).toBe(404);
    expect((await t.app.request(`/s/${'A'.repeat(43)}/audio`)).status).toBe(404);
    const note = await audioNote();
    const path = pathOf(await create(note.id, { audio: true }));
    const deleted = await call(allEndpoints.deleteNote, { query: { id: note.id } });
    expect(deleted.status).toBe(200);
    expect((await page(path)).request?.page).toEqual({ kind: 'gone', reason: 'unknown' });
    expect((await t.app.request(`${path}/audio`)).status).toBe(404);
  });

  it('past RATE_LIMIT_SHARE_MISS unknown links, every link answers 429 to that address', async () => {
    const limited = await shareApp({ RATE_LIMIT_SHARE_MISS: '3/1h' });
    const note = await audioNote();
    const path = pathOf(await create(note.id, {}, owner, limited));
    for (let miss = 0; miss < 3; miss += 1) {
      expect((await page(`/s/${String(miss).repeat(43)}`, {}, limited)).res.status).toBe(404);
    }
    const blocked = await page(path, {}, limited);
    expect(blocked.res.status).toBe(429);
    expect(blocked.request?.page).toEqual({ kind: 'gone', reason: 'limited' });
  });
});

describe('mailing the link', () => {
  it('mails each recipient the summary and the link, and records whom', async () => {
    const note = await audioNote();
    const created = await create(note.id, {
      recipients: ['Jonas@Example.de', 'lea@example.de', 'jonas@example.de'],
      message: 'Hier das Protokoll von gestern.',
      access_code: 'geheim',
      expires_in_days: 30,
    });
    expect(created.status).toBe(200);
    expect(created.body.unsent).toEqual([]);
    expect(created.body.share.mailed_to).toEqual(['jonas@example.de', 'lea@example.de']);
    const mails = (await readOutbox(t.dataDir)).filter((mail) =>
      mail.body.includes(created.body.url),
    );
    expect(mails.map((mail) => mail.to).sort()).toEqual(['jonas@example.de', 'lea@example.de']);
    const [mail] = mails;
    expect(mail?.body).toContain('Petra Schmidt teilt die Notiz „Elternabend“ mit Ihnen.');
    expect(mail?.body).toContain('Hier das Protokoll von gestern.');
    expect(mail?.body).toContain('Zusammenfassung:');
    expect(mail?.body).toContain('Zugangscode');
    expect(mail?.body).toContain('Der Link gilt bis');
    // The code itself is never mailed.
    expect(mail?.body).not.toContain('geheim');
  });

  it('a mail that cannot be sent is named, and the link stands', async () => {
    const failing: Mailer = {
      send: (message) =>
        message.to === 'kaputt@example.de'
          ? Promise.reject(new Error('connection refused'))
          : Promise.resolve(),
    };
    const app = await shareApp({}, failing);
    const note = await audioNote();
    const created = await create(
      note.id,
      { recipients: ['kaputt@example.de', 'heil@example.de'] },
      owner,
      app,
    );
    expect(created.status).toBe(200);
    expect(created.body.unsent).toEqual(['kaputt@example.de']);
    expect(created.body.share.mailed_to).toEqual(['heil@example.de']);
    expect((await page(pathOf(created), {}, app)).res.status).toBe(200);
  });
});
