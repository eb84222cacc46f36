// Approval and signature of formal minutes (docs/formal-minutes.md#approval-and-signature). The
// keeper (the note's owner) submits the minutes as a version: its content is copied with its
// SHA-256 and the note is locked. The signers the type needs are named with it: a name the keeper
// enters counts as signed (the person signed on paper or in the room), an address is asked by
// e-mail and signs or refuses as that account. All signed: the version is signed; the keeper makes
// it final, attaches objections to it, or starts a correction, which opens the note again and
// makes the next submission a new version with its changes against this one.
import { createHash } from 'node:crypto';
import {
  ErrorCode,
  HEAD_FIELDS,
  MinutesContent,
  REQUIRED_SIGNER_ROLES,
  Summary,
  formalPartOf,
  type MinutesApproval,
  type MinutesChange,
  type MinutesVersion,
  type ObjectionBody,
  type SignatureRequest,
  type SubmitMinutesBody,
} from '@protokoll/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { stringify } from 'safe-stable-stringify';
import type { Db } from '../../db/client.ts';
import {
  minutesObjections,
  minutesSigners,
  minutesVersions,
  notes,
  users,
  type MinutesSignerRow,
  type MinutesVersionRow,
  type User,
} from '../../db/schema.ts';
import { hashToken, randomToken } from '../../lib/auth/tokens.ts';
import { ApiError, notFoundError } from '../../lib/errors.ts';
import { ownedNoteId } from './queries.ts';
import { translatorFor } from '../../lib/locale-files.ts';
import type { Wording } from '../../lib/wording.ts';
import { findUserByEmail, nameOf } from '../../lib/users.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { signatureRequestMail } from '../../providers/mail/templates.ts';
import type { MailReach } from '../accounts/mail-reach.ts';
import type { DomainDeps } from '../deps.ts';
import { enterInRegister } from '../registers.ts';

export interface ApprovalInput {
  userId: number;
  noteId: number;
  words: Wording;
}

const conflict = (words: Wording, key: string) =>
  new ApiError(409, ErrorCode.CONFLICT, words.t(`approval.errors.${key}`));

/** The hex SHA-256 of a version's content, its keys in a fixed order (jsonb reorders them). */
export function contentHash(content: MinutesContent): string {
  return createHash('sha256')
    .update(stringify(content) ?? '')
    .digest('hex');
}

/** The refusal for a change to a note whose minutes are submitted, signed or final. */
export function minutesLockedError(words: Wording): ApiError {
  return conflict(words, 'locked');
}

const same = (a: unknown, b: unknown) => stringify(a) === stringify(b);

/** What `next` changed against `previous`: head fields, the overview, agenda items, the tasks. */
export function minutesChanges(previous: MinutesContent, next: MinutesContent): MinutesChange[] {
  const before = formalPartOf(previous.summary, previous.structure);
  const after = formalPartOf(next.summary, next.structure);
  const changes: MinutesChange[] = [];
  for (const field of HEAD_FIELDS) {
    if (!same(before?.formal.head[field], after?.formal.head[field])) {
      changes.push({ kind: 'head', field });
    }
  }
  if (previous.summary.overview !== next.summary.overview) changes.push({ kind: 'overview' });
  const oldItems = new Map((before?.formal.items ?? []).map((item) => [item.number, item]));
  const newItems = after?.formal.items ?? [];
  for (const item of newItems) {
    const old = oldItems.get(item.number);
    if (!old)
      changes.push({ kind: 'item', number: item.number, title: item.title, change: 'added' });
    else if (!same(old, item)) {
      changes.push({ kind: 'item', number: item.number, title: item.title, change: 'changed' });
    }
    oldItems.delete(item.number);
  }
  for (const old of oldItems.values()) {
    changes.push({ kind: 'item', number: old.number, title: old.title, change: 'removed' });
  }
  if (!same(previous.summary.action_items, next.summary.action_items)) {
    changes.push({ kind: 'tasks' });
  }
  return changes;
}

function toVersion(
  row: MinutesVersionRow,
  signers: MinutesSignerRow[],
  objections: (typeof minutesObjections.$inferSelect)[],
): MinutesVersion {
  return {
    number: row.number,
    state: row.state,
    content_hash: row.contentHash,
    submitted_at: row.submittedAt.toISOString(),
    signed_at: row.signedAt?.toISOString() ?? null,
    finalised_at: row.finalisedAt?.toISOString() ?? null,
    replaced: row.replacedAt !== null,
    changes: row.changes as MinutesChange[],
    signers: signers
      .filter((signer) => signer.versionId === row.id)
      .map((signer) => ({
        id: signer.id,
        role: signer.role,
        name: signer.name,
        email: signer.email,
        typed: signer.typed,
        state: signer.state,
        reason: signer.reason,
        decided_at: signer.decidedAt?.toISOString() ?? null,
      })),
    objections: objections
      .filter((objection) => objection.versionId === row.id)
      .map((objection) => ({
        id: objection.id,
        author: objection.author,
        text: objection.text,
        created_at: objection.createdAt.toISOString(),
      })),
  };
}

/** The versions of rows, with their signers and objections, in the order given. */
async function versionsOf(db: Db, rows: MinutesVersionRow[]): Promise<MinutesVersion[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [signers, objections] = await Promise.all([
    db
      .select()
      .from(minutesSigners)
      .where(inArray(minutesSigners.versionId, ids))
      .orderBy(asc(minutesSigners.position)),
    db
      .select()
      .from(minutesObjections)
      .where(inArray(minutesObjections.versionId, ids))
      .orderBy(asc(minutesObjections.createdAt), asc(minutesObjections.id)),
  ]);
  return rows.map((row) => toVersion(row, signers, objections));
}

/**
 * The approval state of one of the user's notes and its versions, newest first.
 * @throws ApiError 404 for someone else's note.
 */
export async function getMinutesApproval(
  db: Db,
  userId: number,
  noteId: number,
): Promise<MinutesApproval> {
  const id = await ownedNoteId(db, userId, noteId);
  const rows = await db
    .select()
    .from(minutesVersions)
    .where(eq(minutesVersions.noteId, id))
    .orderBy(desc(minutesVersions.number));
  const versions = await versionsOf(db, rows);
  const newest = rows[0];
  const state = !newest || newest.replacedAt ? 'draft' : newest.state;
  return { state, versions };
}

/**
 * One version with its content as submitted.
 * @throws ApiError 404 for someone else's note or a version it does not have.
 */
export async function getMinutesVersion(
  db: Db,
  userId: number,
  noteId: number,
  number: number,
): Promise<{ version: MinutesVersion; content: MinutesContent }> {
  const id = await ownedNoteId(db, userId, noteId);
  const [row] = await db
    .select()
    .from(minutesVersions)
    .where(and(eq(minutesVersions.noteId, id), eq(minutesVersions.number, number)));
  if (!row) throw notFoundError();
  const [version] = await versionsOf(db, [row]);
  if (!version) throw notFoundError();
  return { version, content: MinutesContent.parse(row.content) };
}

/** The number of the note's newest version, if it has one. */
export async function newestVersionNumber(db: Db, noteId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ number: minutesVersions.number })
    .from(minutesVersions)
    .where(eq(minutesVersions.noteId, noteId))
    .orderBy(desc(minutesVersions.number))
    .limit(1);
  return row?.number;
}

/** The newest version of a locked note, locked too. */
async function lockNewest(tx: Db, noteId: number): Promise<MinutesVersionRow | undefined> {
  const [row] = await tx
    .select()
    .from(minutesVersions)
    .where(eq(minutesVersions.noteId, noteId))
    .orderBy(desc(minutesVersions.number))
    .limit(1)
    .for('update');
  return row;
}

async function lockOwnedNote(tx: Db, { userId, noteId }: ApprovalInput) {
  const [note] = await tx
    .select({
      id: notes.id,
      name: notes.name,
      status: notes.status,
      structure: notes.structure,
      summary: notes.summary,
      speakerNames: notes.speakerNames,
      summaryEditVersion: notes.summaryEditVersion,
      minutesLocked: notes.minutesLocked,
    })
    .from(notes)
    .where(and(eq(notes.id, noteId), eq(notes.userId, userId)))
    .for('update');
  if (!note) throw notFoundError();
  return note;
}

export interface SubmitDeps extends Pick<DomainDeps, 'db' | 'config'> {
  mailer: Mailer;
}

/**
 * Submits the note's minutes as its next version and asks the invited signers by e-mail.
 * @throws ApiError 404 for someone else's note, 409 for a note that is not finished, not formal,
 * already submitted or changed since `base_version`, 422 for signers without a role the type
 * needs or with one address twice.
 */
export async function submitMinutes(
  deps: SubmitDeps,
  input: ApprovalInput & { reach: MailReach },
  body: SubmitMinutesBody,
  now = new Date(),
): Promise<MinutesApproval> {
  const { words } = input;
  const invitations: { email: string; token: string; role: string; name: string }[] = [];
  const keeper = await deps.db.transaction(async (tx) => {
    const note = await lockOwnedNote(tx, input);
    if (note.status !== 'done') {
      throw new ApiError(409, ErrorCode.NOTE_NOT_READY, words.t('approval.errors.notReady'));
    }
    if (note.minutesLocked) throw conflict(words, 'submitted');
    if (note.summaryEditVersion !== body.base_version) {
      throw new ApiError(409, ErrorCode.CONFLICT, words.t('errors.conflict'));
    }
    const summary = note.summary == null ? undefined : Summary.parse(note.summary);
    const formal = summary ? formalPartOf(summary, note.structure) : undefined;
    if (!summary || !formal) throw conflict(words, 'notFormal');
    const missing = REQUIRED_SIGNER_ROLES[formal.structure].filter(
      (role) => !body.signers.some((signer) => signer.role === role),
    );
    if (missing.length > 0) {
      throw new ApiError(
        422,
        ErrorCode.INVALID_INPUT,
        words.t('approval.errors.rolesMissing', {
          roles: missing.map((role) => words.t(`approval.roles.${role}`)).join(', '),
        }),
      );
    }
    const emails = body.signers.flatMap((signer) => (signer.email ? [signer.email] : []));
    if (new Set(emails).size !== emails.length) {
      throw new ApiError(422, ErrorCode.INVALID_INPUT, words.t('approval.errors.sameAddress'));
    }
    const content: MinutesContent = {
      name: note.name,
      structure: formal.structure,
      summary,
      speaker_names: note.speakerNames,
    };
    const previous = await lockNewest(tx, note.id);
    const previousContent = previous ? MinutesContent.parse(previous.content) : undefined;
    const allTyped = body.signers.every((signer) => !signer.email);
    const [version] = await tx
      .insert(minutesVersions)
      .values({
        noteId: note.id,
        number: (previous?.number ?? 0) + 1,
        state: allTyped ? 'signed' : 'submitted',
        content,
        contentHash: contentHash(content),
        changes: previousContent ? minutesChanges(previousContent, content) : [],
        submittedAt: now,
        signedAt: allTyped ? now : null,
      })
      .returning();
    if (!version) throw new Error('minutes version insert returned nothing');
    await tx.insert(minutesSigners).values(
      body.signers.map((signer, position) => {
        if (!signer.email) {
          return {
            versionId: version.id,
            position,
            role: signer.role,
            name: signer.name,
            typed: true,
            state: 'signed' as const,
            decidedAt: now,
          };
        }
        const token = randomToken();
        invitations.push({ email: signer.email, token, role: signer.role, name: signer.name });
        return {
          versionId: version.id,
          position,
          role: signer.role,
          name: signer.name,
          email: signer.email,
          typed: false,
          tokenHash: hashToken(token),
          state: 'pending' as const,
        };
      }),
    );
    await tx.update(notes).set({ minutesLocked: true }).where(eq(notes.id, note.id));
    const [owner] = await tx.select().from(users).where(eq(users.id, input.userId));
    return { name: owner ? nameOf(owner) : '', note: note.name };
  });
  for (const invitation of invitations) {
    const invitee = await findUserByEmail(deps.db, invitation.email);
    const locale = input.reach.locale(invitee?.locale);
    const t = await translatorFor(deps.config.localesDir, locale);
    await deps.mailer.send(
      signatureRequestMail(
        t,
        invitation.email,
        input.reach.link(locale, '/notes', { sign: invitation.token }),
        {
          keeper: keeper.name,
          note: keeper.note,
          role: t(`approval.roles.${invitation.role}`),
          signer: invitation.name,
        },
        invitee ?? undefined,
      ),
    );
  }
  return getMinutesApproval(deps.db, input.userId, input.noteId);
}

type LockedNote = Awaited<ReturnType<typeof lockOwnedNote>>;

/** One step of the keeper's on the newest version, both locked; then the approval as it is. */
async function stepOnNewest(
  db: Db,
  input: ApprovalInput,
  step: (tx: Db, note: LockedNote, newest: MinutesVersionRow | undefined) => Promise<void>,
): Promise<MinutesApproval> {
  await db.transaction(async (tx) => {
    const note = await lockOwnedNote(tx, input);
    await step(tx, note, await lockNewest(tx, note.id));
  });
  return getMinutesApproval(db, input.userId, input.noteId);
}

/** The newest version while it is open (not replaced) and in `state`. */
const openIn = (newest: MinutesVersionRow | undefined, state: MinutesVersionRow['state']) =>
  newest && !newest.replacedAt && newest.state === state ? newest : undefined;

/**
 * Makes the signed newest version final.
 * @throws ApiError 404 for someone else's note, 409 when it is not signed (yet) or already final.
 */
export function finaliseMinutes(
  db: Db,
  input: ApprovalInput,
  now = new Date(),
): Promise<MinutesApproval> {
  return stepOnNewest(db, input, async (tx, _note, newest) => {
    const version = openIn(newest, 'signed');
    if (!version) throw conflict(input.words, 'notSigned');
    await tx
      .update(minutesVersions)
      .set({ state: 'final', finalisedAt: now })
      .where(eq(minutesVersions.id, version.id));
    // In a Gremium's folder, its resolutions enter the Beschluss-Sammlung now.
    await enterInRegister(tx, input.userId, input.noteId, now);
  });
}

/**
 * Opens the minutes again for a correction: the newest version stays as it was, marked as
 * replaced, and its open signature links stop working.
 * @throws ApiError 404 for someone else's note, 409 when nothing is submitted.
 */
export function correctMinutes(
  db: Db,
  input: ApprovalInput,
  now = new Date(),
): Promise<MinutesApproval> {
  return stepOnNewest(db, input, async (tx, note, newest) => {
    if (!newest || newest.replacedAt || !note.minutesLocked) throw conflict(input.words, 'draft');
    await tx
      .update(minutesVersions)
      .set({ replacedAt: now })
      .where(eq(minutesVersions.id, newest.id));
    await tx
      .update(minutesSigners)
      .set({ tokenHash: null })
      .where(eq(minutesSigners.versionId, newest.id));
    await tx.update(notes).set({ minutesLocked: false }).where(eq(notes.id, note.id));
  });
}

/**
 * Attaches an objection to the final newest version.
 * @throws ApiError 404 for someone else's note, 409 when the newest version is not final.
 */
export function addMinutesObjection(
  db: Db,
  input: ApprovalInput,
  body: ObjectionBody,
  now = new Date(),
): Promise<MinutesApproval> {
  return stepOnNewest(db, input, async (tx, _note, newest) => {
    const version = openIn(newest, 'final');
    if (!version) throw conflict(input.words, 'notFinal');
    await tx
      .insert(minutesObjections)
      .values({ versionId: version.id, author: body.author, text: body.text, createdAt: now });
  });
}

/** The signer of a link's token with their version and its note's owner; 400 when unknown. */
async function signerOfToken(db: Db, token: string, lock: boolean) {
  const query = db
    .select({ signer: minutesSigners, version: minutesVersions, owner: users })
    .from(minutesSigners)
    .innerJoin(minutesVersions, eq(minutesVersions.id, minutesSigners.versionId))
    .innerJoin(notes, eq(notes.id, minutesVersions.noteId))
    .innerJoin(users, eq(users.id, notes.userId))
    .where(eq(minutesSigners.tokenHash, hashToken(token)));
  const [found] = lock ? await query.for('update', { of: minutesSigners }) : await query;
  return found;
}

/** Only the invited address may use a signature link: 403 for any other account. */
function checkSigner(signer: MinutesSignerRow, user: User, words: Wording): void {
  if (signer.email !== user.email.toLowerCase()) {
    throw new ApiError(
      403,
      ErrorCode.INVITATION_WRONG_ACCOUNT,
      words.t('approval.errors.wrongAccount'),
    );
  }
}

function invalidSignatureLink(words: Wording): ApiError {
  return new ApiError(400, ErrorCode.INVALID_TOKEN, words.t('approval.errors.invalidLink'));
}

async function requestOf(
  db: Db,
  found: NonNullable<Awaited<ReturnType<typeof signerOfToken>>>,
): Promise<SignatureRequest> {
  const [version] = await versionsOf(db, [found.version]);
  const signer = version?.signers.find((entry) => entry.id === found.signer.id);
  if (!version || !signer) throw notFoundError();
  return {
    signer,
    version,
    content: MinutesContent.parse(found.version.content),
    keeper: nameOf(found.owner),
  };
}

/**
 * The minutes a link asks the signed-in account to sign.
 * @throws ApiError 400 for an unknown or withdrawn link, 403 for another account than the invited.
 */
export async function getSignatureRequest(
  db: Db,
  { user, token, words }: { user: User; token: string; words: Wording },
): Promise<SignatureRequest> {
  const found = await signerOfToken(db, token, false);
  if (!found) throw invalidSignatureLink(words);
  checkSigner(found.signer, user, words);
  return requestOf(db, found);
}

/**
 * Signs or refuses as the invited account; the version is signed once every signer has.
 * @throws ApiError 400 for an unknown or withdrawn link, 403 for another account, 409 when the
 * signer has already decided.
 */
export async function decideSignature(
  db: Db,
  {
    user,
    token,
    words,
    decision,
    now = new Date(),
  }: {
    user: User;
    token: string;
    words: Wording;
    decision: { sign: true } | { sign: false; reason: string };
    now?: Date;
  },
): Promise<SignatureRequest> {
  await db.transaction(async (tx) => {
    const found = await signerOfToken(tx, token, true);
    if (!found) throw invalidSignatureLink(words);
    checkSigner(found.signer, user, words);
    if (found.signer.state !== 'pending') throw conflict(words, 'decided');
    const [version] = await tx
      .select()
      .from(minutesVersions)
      .where(eq(minutesVersions.id, found.version.id))
      .for('update');
    if (!version || version.replacedAt) throw invalidSignatureLink(words);
    await tx
      .update(minutesSigners)
      .set({
        state: decision.sign ? 'signed' : 'refused',
        reason: decision.sign ? null : decision.reason,
        userId: user.id,
        decidedAt: now,
      })
      .where(eq(minutesSigners.id, found.signer.id));
    if (!decision.sign) return;
    const open = await tx
      .select({ id: minutesSigners.id })
      .from(minutesSigners)
      .where(
        and(
          eq(minutesSigners.versionId, version.id),
          inArray(minutesSigners.state, ['pending', 'refused']),
        ),
      );
    if (open.length === 0) {
      await tx
        .update(minutesVersions)
        .set({ state: 'signed', signedAt: now })
        .where(eq(minutesVersions.id, version.id));
    }
  });
  const found = await signerOfToken(db, token, false);
  if (!found) throw invalidSignatureLink(words);
  return requestOf(db, found);
}
