// Hostile input for every operation of the OpenAPI document: requests generated from its schemas
// (valid ones, and wrong types, boundaries, huge and control-character strings, unicode, ids past
// the integer range, duplicated and missing fields, wrong content types, broken encodings, bad
// tokens). Whatever arrives, the server answers within a deadline, never with a 5xx, and every
// 4xx is the one error body; every 200 matches the documented answer.
//
// Reproducible: a fixed seed (HOSTILE_SEED to try another, HOSTILE_RUNS to change the count); a
// failure names the seed, the request and the answer.
import { ErrorBody, RESUMABLE_UPLOAD_OPERATIONS, type Endpoint } from '@protokoll/contract';
import { allEndpoints } from '@protokoll/contract/all-endpoints';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../test/accounts.ts';
import { noDatabase, TEST_JWT_SECRET, testApp } from '../test/app.ts';
import { useTestDatabase } from '../test/db.ts';
import { startSession } from '../lib/auth/sessions.ts';
import { isApiPath } from '../web/app-serving.ts';
import { seedFolder, seedNote, testAudio } from '../test/notes.ts';
import { requestArbitrary, type BodySpec, type RequestSpec } from './requests.ts';
import { SchemaArbitraries, type OpenApiDocument, type Operation } from './schema-arbitrary.ts';

const SEED = Number(process.env.HOSTILE_SEED ?? 20_261_123);
const RUNS = Number(process.env.HOSTILE_RUNS ?? 200);
/** No request may take longer, whatever it carries. */
const DEADLINE_MS = 10_000;
/** Calls that hash a password (argon2) or replace the account: fewer runs keep the suite short. */
const EXPENSIVE = new Set([
  'login',
  'register',
  'resetPassword',
  'changePassword',
  'deleteUser',
  'uploadNote',
  ...RESUMABLE_UPLOAD_OPERATIONS,
]);

const database = useTestDatabase();
let t: AccountsApp;
let doc: OpenApiDocument;
let audio: Buffer;

/** The signed-in person of the generated requests, renewed when a request ended the account. */
interface Owner {
  account: SignedUp;
  noteId: number;
  audioNoteId: number;
  folderId: number;
}
let owner: Owner;
/**
 * 'account': the request ended or changed the account (deletion, a new password, a session that
 * stopped working for no known reason): the next request gets a new account. 'session': only the
 * session ended (logout) or was rotated (refresh): the same account signs in again, without
 * another sign-up's password hash and seeded notes (docs/architecture.md#suite-time).
 */
let stale: false | 'session' | 'account' = false;
let other: Owner;
let forgedToken: string;

async function newOwner(): Promise<Owner> {
  const account = await signUp(t.api);
  const db = database().db;
  const folder = await seedFolder(db, account.user.id, `Ordner ${account.user.id}`);
  const note = await seedNote(db, account.user.id, { folderId: folder.id });
  const withAudio = await seedNote(db, account.user.id, { audioDataDir: t.dataDir });
  return { account, noteId: note.id, audioNoteId: withAudio.id, folderId: folder.id };
}

/** A new session of the same account, as a sign-in starts one. */
async function newSession(account: SignedUp): Promise<SignedUp> {
  const { token, refreshToken } = await startSession(
    database().db,
    TEST_JWT_SECRET,
    account.user.id,
  );
  return { ...account, token, refreshToken };
}

beforeAll(async () => {
  // An engine is configured (never reached: no worker runs), so uploads get to their fields.
  t = await accountsApp(database(), { STT_BASE_URL: 'http://127.0.0.1:9/v1' });
  doc = (await (await t.app.request('/api/openapi.json')).json()) as OpenApiDocument;
  audio = await testAudio();
  [owner, other] = await Promise.all([newOwner(), newOwner()]);
  forgedToken = await new SignJWT({ sid: 'x' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(owner.account.user.id))
    .setIssuer('protokoll')
    .setAudience('protokoll-api')
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(new TextEncoder().encode(`${TEST_JWT_SECRET}-but-another-key`));
}, 60_000);

/** Symbolic values the generator uses for things that exist only at run time. */
const hints = {
  id: fc.constantFrom('@note', '@audio-note', '@other-note', 2_147_483_647),
  note_id: fc.constantFrom('@note', '@other-note'),
  folder_id: fc.constantFrom('@folder', '@other-folder', null),
  email: fc.constantFrom('@email', '@other-email', 'niemand@example.de'),
  new_email: fc.constantFrom('@other-email', 'neu@example.de'),
  password: fc.constantFrom('@password'),
  current_password: fc.constantFrom('@password'),
  refreshToken: fc.constantFrom('@refresh'),
  summary_model: fc.constantFrom('extractive'),
};

function resolveSymbol(value: string): string | number {
  const map: Record<string, string | number> = {
    '@note': owner.noteId,
    '@audio-note': owner.audioNoteId,
    '@other-note': other.noteId,
    '@folder': owner.folderId,
    '@other-folder': other.folderId,
    '@email': owner.account.email,
    '@other-email': other.account.email,
    '@password': owner.account.password,
    '@refresh': owner.account.refreshToken,
  };
  return map[value] ?? value;
}

function resolveValue(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith('@') ? resolveSymbol(value) : value;
  if (Array.isArray(value)) return value.map(resolveValue);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveValue(v)]));
  }
  return value;
}

/** Symbols in a URL appear percent-encoded (`%40note`). */
function resolveUrl(url: string): string {
  return url.replace(/%40[a-z-]+/g, (symbol) =>
    encodeURIComponent(String(resolveSymbol(decodeURIComponent(symbol)))),
  );
}

function requestInit(spec: RequestSpec): RequestInit {
  const headers: Record<string, string> = { ...spec.headers };
  const token = owner.account.token;
  if (spec.auth === 'valid') headers.Authorization = `Bearer ${token}`;
  if (spec.auth === 'garbage') headers.Authorization = 'Bearer ey.garbage.token';
  if (spec.auth === 'forged') headers.Authorization = `Bearer ${forgedToken}`;
  if (spec.auth === 'cookie') headers.Cookie = `auth=${token}`;
  const body = spec.body && bodyOf(spec.body, headers);
  return { method: spec.method, headers, ...(body === undefined ? {} : { body }) };
}

function bodyOf(body: BodySpec, headers: Record<string, string>): BodyInit | undefined {
  if (body.kind === 'json') {
    headers['Content-Type'] = body.contentType;
    return JSON.stringify(resolveValue(body.value)) ?? 'null';
  }
  if (body.kind === 'raw') {
    if (body.contentType) headers['Content-Type'] = body.contentType;
    return body.text;
  }
  const form = new FormData();
  for (const [name, value] of body.fields) {
    if (typeof value === 'string') {
      form.append(name, String(resolveValue(value)));
    } else {
      const bytes = new Uint8Array(value.bytes === '@audio' ? audio : value.bytes);
      form.append(name, new File([bytes], value.name, { type: value.type }));
    }
  }
  return form;
}

function describeRequest(spec: RequestSpec, init: RequestInit): string {
  const body =
    typeof init.body === 'string'
      ? init.body.length > 300
        ? `${init.body.slice(0, 300)}… (${init.body.length} chars)`
        : init.body
      : init.body
        ? '[form]'
        : '';
  return `${spec.method} ${resolveUrl(spec.url)} auth=${spec.auth} headers=${JSON.stringify(init.headers)} body=${body}`;
}

/** By hand, not through the test client: the generated requests are raw HTTP, broken on purpose. */
async function send(app: App, url: string, init: RequestInit): Promise<Response> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${DEADLINE_MS} ms`)), DEADLINE_MS);
  });
  try {
    const response = await Promise.race([Promise.resolve(app.request(url, init)), deadline]);
    // The body counts too: an answer that never finishes is a hang.
    const text = await Promise.race([response.text(), deadline]);
    return new Response(response.status === 204 || response.status === 304 ? null : text, {
      status: response.status,
      headers: response.headers,
    });
  } finally {
    clearTimeout(timer);
  }
}

const endpointById = new Map<string, Endpoint>(
  Object.values(allEndpoints).map((endpoint: Endpoint) => [endpoint.id, endpoint]),
);

async function check(op: Operation, spec: RequestSpec): Promise<void> {
  if (stale === 'account') owner = await newOwner();
  if (stale === 'session') owner = { ...owner, account: await newSession(owner.account) };
  stale = false;
  const init = requestInit(spec);
  const label = describeRequest(spec, init);
  const res = await send(t.app, resolveUrl(spec.url), init);
  const text = await res.text();
  const answer = `${res.status} ${text.slice(0, 500)}`;
  const retryable = res.status === 503 && res.headers.get('Retry-After') !== null;
  expect(res.status < 500 || retryable, `5xx for ${label}\n→ ${answer}`).toBe(true);
  // `..` segments can walk a URL out of the API (the URL parser resolves them before routing).
  const apiPath = isApiPath(new URL(resolveUrl(spec.url), 'http://localhost').pathname);
  // A HEAD answer never has a body (HTTP): its status is all there is.
  if (res.status >= 400 && apiPath && init.method !== 'HEAD') {
    expect(res.headers.get('Content-Type'), `${label}\n→ ${answer}`).toMatch(/^application\/json/);
    const parsed = ErrorBody.safeParse(JSON.parse(text));
    expect(parsed.success, `not the error body: ${label}\n→ ${answer}`).toBe(true);
  }
  const endpoint = endpointById.get(op.operationId);
  if (res.status === 200 && endpoint && endpoint.responseKind !== 'binary') {
    const parsed = endpoint.response.safeParse(JSON.parse(text));
    expect(parsed.success, `undocumented answer: ${label}\n→ ${answer}`).toBe(true);
  }
  // A valid session that stopped working was ended by this request (deletion, a new password):
  // the next request gets a new account; a logout or refresh only needs a new session.
  if (spec.auth === 'valid' && res.status === 401 && op.security?.length) stale = 'account';
  if (res.status === 200 && ['deleteUser', 'changePassword'].includes(op.operationId)) {
    stale = 'account';
  }
  if (res.status === 200 && ['logout', 'refreshToken'].includes(op.operationId)) {
    stale = 'session';
  }
}

/** The document the server serves, read once up front so each operation gets its own test. */
const served = (await (
  await testApp(noDatabase()).app.request('/api/openapi.json')
).json()) as OpenApiDocument;
const operations = Object.entries(served.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ path, method, op })),
);

describe('hostile input: never 5xx, never a hang, always the documented bodies', () => {
  it('covers every operation of the document', () => {
    // More operations join as they are mounted; the document and the contract agree (the
    // resumable upload's tus operations are named in the contract apart from its endpoints).
    expect(operations.length).toBeGreaterThanOrEqual(30);
    const tus: readonly string[] = RESUMABLE_UPLOAD_OPERATIONS;
    for (const { op } of operations)
      expect(endpointById.has(op.operationId) || tus.includes(op.operationId), op.operationId).toBe(
        true,
      );
  });

  it.each(operations)(
    '$method $path',
    async ({ path, method, op }) => {
      const schemas = new SchemaArbitraries(doc, hints);
      const numRuns = EXPENSIVE.has(op.operationId) ? Math.ceil(RUNS / 4) : RUNS;
      const property = fc.asyncProperty(requestArbitrary(schemas, method, path, op), (spec) =>
        check(op, spec),
      );
      const result = await fc.check(property, { seed: SEED, numRuns, endOnFailure: true });
      if (result.failed) {
        const error = result.errorInstance;
        throw new Error(
          `${op.operationId}: failed at run ${result.numRuns} of ${numRuns} ` +
            `(HOSTILE_SEED=${SEED}, path ${result.counterexamplePath})\n` +
            (error instanceof Error ? error.message : String(error)),
        );
      }
    },
    120_000,
  );
});
