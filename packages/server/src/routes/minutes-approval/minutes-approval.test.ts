// Approval and signature of formal minutes (docs/formal-minutes.md#approval-and-signature),
// through the app: submit, invited and typed signers, refusal, signed, final, objections, the lock,
// a correction as a new version with its changes, and who may see what.
import { allEndpoints } from '@protokoll/contract/all-endpoints';
import {
  endpoints,
  MinutesContent,
  type Endpoint,
  type ErrorBody,
  type MinutesApproval,
  type MinutesVersion,
  type SignatureRequest,
  type SignerInput,
  type Summary,
} from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { minutesVersions, notes } from '../../db/schema.ts';
import { contentHash } from '../../domain/notes/minutes-approval.ts';
import { extractiveSummary } from '../../processing/extractive.ts';
import { WORKS_COUNCIL_NAMES, WORKS_COUNCIL_SESSION } from '../../processing/formal-meetings.ts';
import {
  accountsApp,
  lastMailTo,
  readOutbox,
  signUp,
  tokenFromMail,
  type AccountsApp,
  type SignedUp,
} from '../../test/accounts.ts';
import { prepare, type CallInput } from '../../test/client.ts';
import { useTestDatabase } from '../../test/db.ts';
import { seedNote } from '../../test/notes.ts';
import { pdfPages, pdfText } from '../../test/pdf.ts';

const database = useTestDatabase();
let t: AccountsApp;
let keeper: SignedUp;
let jonas: SignedUp;
let other: SignedUp;
beforeAll(async () => {
  t = await accountsApp(database());
  keeper = await signUp(t.api, { first_name: 'Petra', last_name: 'Schmidt' });
  jonas = await signUp(t.api, { first_name: 'Jonas', last_name: 'Berg' });
  other = await signUp(t.api);
});
const db = () => database().db;

async function formalNote() {
  const summary = extractiveSummary(WORKS_COUNCIL_SESSION, {
    language: 'de',
    structure: 'works_council',
    speakerNames: WORKS_COUNCIL_NAMES,
  });
  return seedNote(db(), keeper.user.id, {
    name: 'Betriebsratssitzung November',
    structure: 'works_council',
    segments: WORKS_COUNCIL_SESSION,
    speakerNames: WORKS_COUNCIL_NAMES,
    summary,
  });
}

/** An answer of any of these calls, its success body read as the one it is. */
interface Answer {
  status: number;
  body: {
    approval: MinutesApproval;
    request: SignatureRequest;
    version: MinutesVersion;
    content: MinutesContent;
  };
  error: ErrorBody;
}

async function call<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
  account: SignedUp = keeper,
): Promise<Answer> {
  const res = await t.api.send(prepare(endpoint, ...([input] as never as [CallInput<E>])), {
    token: account.token,
  });
  return {
    status: res.status,
    get body() {
      return res.body as unknown as Answer['body'];
    },
    get error() {
      return res.error;
    },
  };
}

async function download(id: number, format: 'pdf' | 'docx' | 'md' | 'txt', version?: number) {
  const res = await t.api.call(endpoints.downloadNote, {
    params: { id, format },
    query: version === undefined ? {} : { minutes_version: version },
    token: keeper.token,
  });
  expect(res.status).toBe(200);
  return new Uint8Array(Buffer.from(res.body.data, 'base64'));
}

const exported = async (id: number, format: 'md' | 'txt') =>
  Buffer.from(await download(id, format)).toString('utf8');

const submit = (id: number, signers: SignerInput[], base_version = 0, account = keeper) =>
  call(allEndpoints.submitMinutes, { params: { id }, body: { base_version, signers } }, account);

describe('approval and signature of formal minutes', () => {
  it('goes draft → submitted → signed → final, with an invited and a typed signer', async () => {
    const note = await formalNote();
    let res = await call(allEndpoints.getMinutesApproval, { params: { id: note.id } });
    expect(res.status).toBe(200);
    expect(res.body.approval).toEqual({ state: 'draft', versions: [] });
    // A draft says so on every page, and has no signature block.
    const draft = await exported(note.id, 'txt');
    expect(draft).toContain('Entwurf, nicht unterschrieben');
    expect(draft).not.toContain('Unterschriften');

    res = await submit(note.id, [
      { role: 'chair', name: 'Andrea Keller' },
      { role: 'member', name: 'Jonas Berg', email: jonas.email.toUpperCase() },
    ]);
    expect(res.status).toBe(200);
    const { approval } = res.body;
    expect(approval.state).toBe('submitted');
    const version = approval.versions[0]!;
    expect(version).toMatchObject({ number: 1, state: 'submitted', replaced: false, changes: [] });
    expect(version.signers).toMatchObject([
      { role: 'chair', name: 'Andrea Keller', typed: true, state: 'signed', email: null },
      { role: 'member', name: 'Jonas Berg', typed: false, state: 'pending', email: jonas.email },
    ]);
    // The hash is the stored content's, however jsonb ordered its keys.
    const [row] = await db()
      .select()
      .from(minutesVersions)
      .where(eq(minutesVersions.noteId, note.id));
    expect(version.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(contentHash(MinutesContent.parse(row!.content))).toBe(version.content_hash);

    // The note is locked: no edit, re-summary or restore until a correction.
    const detail = await t.api.call(endpoints.getNote, {
      params: { id: note.id },
      token: keeper.token,
    });
    expect(detail.body.note.minutes_locked).toBe(true);
    const edit = await call(endpoints.editSummary, {
      params: { id: note.id },
      body: { base_version: 0, change: { type: 'overview', text: 'Anders.' } },
    });
    expect(edit.status).toBe(409);
    expect(edit.error.message).toContain('gesperrt');
    const again = await submit(note.id, [
      { role: 'chair', name: 'A' },
      { role: 'member', name: 'B' },
    ]);
    expect(again.status).toBe(409);

    // Not final before everyone signed.
    res = await call(allEndpoints.finaliseMinutes, { params: { id: note.id } });
    expect(res.status).toBe(409);
    expect(res.error.message).toBe('Das Protokoll ist noch nicht von allen unterschrieben.');

    // Jonas gets the mail in his language with a link; only his account can use it.
    const mail = await lastMailTo(t.dataDir, jonas.email);
    expect(mail.body).toContain('Hallo Jonas,');
    expect(mail.body).toContain(
      'Petra Schmidt bittet Sie, das Protokoll „Betriebsratssitzung November“ als Weiteres Mitglied zu unterschreiben.',
    );
    const token = tokenFromMail(mail, '/notes', 'sign');
    res = await call(allEndpoints.getSignatureRequest, { params: { token } }, other);
    expect(res.status).toBe(403);
    res = await call(allEndpoints.signMinutes, { params: { token } }, other);
    expect(res.status).toBe(403);
    res = await call(allEndpoints.getSignatureRequest, { params: { token: 'falsch' } }, jonas);
    expect(res.status).toBe(400);
    res = await call(allEndpoints.getSignatureRequest, { params: { token } }, jonas);
    expect(res.status).toBe(200);
    expect(res.body.request).toMatchObject({
      keeper: 'Petra Schmidt',
      signer: { name: 'Jonas Berg', state: 'pending' },
      version: { number: 1, content_hash: version.content_hash },
      content: { name: 'Betriebsratssitzung November', structure: 'works_council' },
    });
    expect(res.body.request.content.summary.formal!.items.length).toBeGreaterThan(0);

    res = await call(allEndpoints.signMinutes, { params: { token } }, jonas);
    expect(res.status).toBe(200);
    expect(res.body.request.signer.state).toBe('signed');
    expect(res.body.request.version.state).toBe('signed');
    res = await call(allEndpoints.signMinutes, { params: { token } }, jonas);
    expect(res.status).toBe(409);

    // Objections only on a final version.
    const objection = {
      author: 'Geschäftsleitung',
      text: 'Zu TOP 1: Die zweite Schicht war nicht beantragt.',
    };
    res = await call(allEndpoints.addMinutesObjection, {
      params: { id: note.id },
      body: objection,
    });
    expect(res.status).toBe(409);
    res = await call(allEndpoints.finaliseMinutes, { params: { id: note.id } });
    expect(res.status).toBe(200);
    expect(res.body.approval.state).toBe('final');
    // The PDF of the final version: the signature block, the hash on every page, the attendance
    // page to sign by hand.
    const pdf = await download(note.id, 'pdf');
    const text = await pdfText(pdf);
    expect(text).toContain('Unterschriften');
    expect(text).toMatch(
      /Sitzungsleitung: Andrea Keller Von der Protokollführung eingetragen am \d+\. \w+ 20\d\d/,
    );
    expect(text).toContain(`Weiteres Mitglied: Jonas Berg Unterschrieben am`);
    expect(text).toContain(`mit dem Protokoll-Konto ${jonas.email}`);
    const pages = await pdfPages(pdf);
    const footer = `Fassung 1 · endgültig · SHA-256 ${version.content_hash}`;
    expect(text.split(footer).length - 1).toBe(pages);
    expect(text).toContain(
      'Anwesenheitsliste Zur eigenhändigen Unterschrift der Anwesenden. Name Unterschrift Andrea Keller',
    );
    const docx = await download(note.id, 'docx');
    expect(docx.length).toBeGreaterThan(0);
    res = await call(allEndpoints.addMinutesObjection, {
      params: { id: note.id },
      body: objection,
    });
    expect(res.status).toBe(200);
    expect(res.body.approval.versions[0]!.objections).toMatchObject([objection]);

    // A correction: version 1 stays as it was; the next submission is version 2 with its changes.
    res = await call(allEndpoints.correctMinutes, { params: { id: note.id } });
    expect(res.status).toBe(200);
    expect(res.body.approval).toMatchObject({ state: 'draft', versions: [{ replaced: true }] });
    const [locked] = await db().select().from(notes).where(eq(notes.id, note.id));
    expect(locked!.minutesLocked).toBe(false);
    const { sources: _sources, edited: _edited, ...head } = (note.summary as Summary).formal!.head;
    const headEdit = await call(endpoints.editSummary, {
      params: { id: note.id },
      body: {
        base_version: 0,
        change: { type: 'head', head: { ...head, place: 'Kantine', quorum: head.quorum ?? null } },
      },
    });
    expect(headEdit.status).toBe(200);
    res = await submit(
      note.id,
      [
        { role: 'chair', name: 'Andrea Keller' },
        { role: 'member', name: 'Jonas Berg' },
      ],
      1,
    );
    expect(res.status).toBe(200);
    const [second, first] = res.body.approval.versions;
    expect(second).toMatchObject({ number: 2, state: 'signed' });
    expect(second!.changes).toEqual([{ kind: 'head', field: 'place' }]);
    expect(second!.content_hash).not.toBe(first!.content_hash);
    // The locked version is what the exports show; an older one on request.
    const current = await exported(note.id, 'md');
    expect(current).toContain('Kantine');
    expect(current).toContain(`Fassung 2 · unterschrieben · SHA-256 ${second!.content_hash}`);
    const old = await pdfText(await download(note.id, 'pdf', 1));
    expect(old).toContain('Besprechungsraum 2');
    expect(old).toContain('Einwendungen • Geschäftsleitung: Zu TOP 1');
    expect(old).toContain(`Fassung 1 · endgültig · SHA-256 ${first!.content_hash}`);
    res = await call(allEndpoints.getMinutesVersion, { params: { id: note.id, number: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.content.summary.formal!.head.place).toBe('Besprechungsraum 2');
    expect(res.body.version.objections).toHaveLength(1);
  });

  it('keeps a refusal with its reason, and a correction withdraws the open links', async () => {
    const note = await formalNote();
    await submit(note.id, [
      { role: 'chair', name: 'Andrea Keller' },
      { role: 'member', name: 'Jonas Berg', email: jonas.email },
    ]);
    const token = tokenFromMail(await lastMailTo(t.dataDir, jonas.email), '/notes', 'sign');
    let res = await call(
      allEndpoints.refuseSignature,
      { params: { token }, body: { reason: 'TOP 2 fehlt die Gegenstimme.' } },
      jonas,
    );
    expect(res.status).toBe(200);
    expect(res.body.request.signer).toMatchObject({
      state: 'refused',
      reason: 'TOP 2 fehlt die Gegenstimme.',
    });
    expect(res.body.request.version.state).toBe('submitted');
    res = await call(allEndpoints.getMinutesApproval, { params: { id: note.id } });
    expect(res.body.approval.versions[0]!.signers[1]).toMatchObject({ state: 'refused' });

    const mailsBefore = (await readOutbox(t.dataDir)).length;
    await submit(
      note.id,
      [
        { role: 'chair', name: 'A' },
        { role: 'member', name: 'B' },
      ],
      0,
    );
    expect((await readOutbox(t.dataDir)).length).toBe(mailsBefore);
    res = await call(allEndpoints.correctMinutes, { params: { id: note.id } });
    expect(res.status).toBe(200);
    res = await call(allEndpoints.getSignatureRequest, { params: { token } }, jonas);
    expect(res.status).toBe(400);
  });

  it('refuses signers without the roles the type needs, twice the same address, other notes', async () => {
    const note = await formalNote();
    let res = await submit(note.id, [{ role: 'chair', name: 'Andrea Keller' }]);
    expect(res.status).toBe(422);
    expect(res.error.message).toBe('Es fehlen Unterschriften für: Weiteres Mitglied.');
    res = await submit(note.id, [
      { role: 'chair', name: 'A', email: jonas.email },
      { role: 'member', name: 'B', email: jonas.email },
    ]);
    expect(res.status).toBe(422);
    res = await submit(
      note.id,
      [
        { role: 'chair', name: 'A' },
        { role: 'member', name: 'B' },
      ],
      0,
      other,
    );
    expect(res.status).toBe(404);
    res = await call(allEndpoints.getMinutesApproval, { params: { id: note.id } }, other);
    expect(res.status).toBe(404);
    res = await submit(
      note.id,
      [
        { role: 'chair', name: 'A' },
        { role: 'member', name: 'B' },
      ],
      3,
    );
    expect(res.status).toBe(409);
    // An ordinary note has nothing to sign.
    const plain = await seedNote(db(), keeper.user.id);
    res = await submit(plain.id, [
      { role: 'chair', name: 'A' },
      { role: 'member', name: 'B' },
    ]);
    expect(res.status).toBe(409);
    expect(res.error.message).toContain('förmlichen Sitzungsart');
    // Nothing was half-written.
    const rows = await db()
      .select()
      .from(minutesVersions)
      .where(eq(minutesVersions.noteId, note.id));
    expect(rows).toEqual([]);
  });

  it('exports an extract of chosen agenda items with the head and signatures of the whole', async () => {
    const note = await formalNote();
    await submit(note.id, [
      { role: 'chair', name: 'Andrea Keller' },
      { role: 'member', name: 'Jonas Berg' },
    ]);
    expect((await call(allEndpoints.finaliseMinutes, { params: { id: note.id } })).status).toBe(
      200,
    );
    const extract = async (items: string, format: 'txt' | 'pdf' = 'txt', account = keeper) => {
      const res = await t.api.send(
        prepare(allEndpoints.downloadMinutesExtract, {
          params: { id: note.id, format },
          query: { items },
        }),
        { token: account.token },
      );
      return {
        status: res.status,
        get error() {
          return res.error;
        },
        get body() {
          return res.body as unknown as { data: string; filename: string };
        },
      };
    };
    const res = await extract('1');
    expect(res.status).toBe(200);
    const text = Buffer.from(res.body.data, 'base64').toString('utf8');
    // Only TOP 1, with its resolution and task; the head and the signatures of the whole.
    expect(text).toContain('TOP 1: Überstunden im Lager');
    expect(text).toContain('Der Betriebsrat stimmt einer Samstagsschicht');
    expect(text).not.toContain('TOP 2');
    expect(text).not.toContain('Versetzung');
    expect(text).not.toContain('Festsaal');
    expect(text).toContain('Auszug aus dem Protokoll: TOP 1.');
    expect(text).toContain('Besprechungsraum 2');
    expect(text).toContain('Andrea Keller');
    expect(text).toMatch(/Auszug \(TOP 1\) aus: Fassung 1 · endgültig · SHA-256 [0-9a-f]{64}/);
    // Neither the overview, the transcript nor the attendance list of the whole meeting.
    expect(text).not.toMatch(/^Transkript$/m);
    expect(text).not.toMatch(/^Anwesenheitsliste$/m);
    expect(text).not.toMatch(/^Zusammenfassung$/m);

    const pdf = await pdfText(
      new Uint8Array(Buffer.from((await extract('1,3', 'pdf')).body.data, 'base64')),
    );
    expect(pdf).toContain('TOP 3: Sommerfest');
    expect(pdf).not.toContain('TOP 2');
    expect(pdf).toContain('Auszug (TOP 1, TOP 3) aus: Fassung 1');
    expect(pdf).not.toContain('Zur eigenhändigen Unterschrift');

    // An item the minutes do not have, a malformed list, someone else, an ordinary note.
    let refused = await extract('9');
    expect(refused.status).toBe(422);
    expect(refused.error.issues?.map((issue) => issue.path)).toEqual(['items']);
    refused = await extract('1;DROP');
    expect(refused.status).toBe(422);
    expect((await extract('1', 'txt', other)).status).toBe(404);
    const plain = await seedNote(db(), keeper.user.id);
    const ordinary = await t.api.send(
      prepare(allEndpoints.downloadMinutesExtract, {
        params: { id: plain.id, format: 'txt' },
        query: { items: '1' },
      }),
      { token: keeper.token },
    );
    expect(ordinary.status).toBe(404);
  });
});
