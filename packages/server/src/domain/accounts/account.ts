import type { UpdateUserBody } from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import {
  authSessions,
  minutesLedger,
  notes,
  oneTimeTokens,
  refreshTokens,
  users,
} from '../../db/schema.ts';
import { refundHeldMinutes } from '../minutes.ts';
import { removeParts, resumableUploadIdsOf } from '../../lib/resumable-uploads.ts';
import type { DomainDeps } from '../deps.ts';

/** Name, company and phone; company and phone only when sent (empty clears them). */
export async function updateProfile(
  deps: DomainDeps,
  userId: number,
  body: UpdateUserBody,
): Promise<void> {
  await deps.db
    .update(users)
    .set({
      firstName: body.first_name,
      lastName: body.last_name,
      // Absent: unchanged; empty: cleared.
      ...(body.company !== undefined ? { company: body.company || null } : {}),
      ...(body.phone_number !== undefined ? { phoneNumber: body.phone_number || null } : {}),
    })
    .where(eq(users.id, userId));
}

/**
 * Deletes the account with everything it owns, then its recordings. The recordings go only after
 * the commit (a rolled-back deletion must not have lost them); a failure to remove them is
 * logged, not reported: the account is gone either way.
 */
export async function deleteAccount(deps: DomainDeps, userId: number): Promise<void> {
  const uploads = await deps.db.transaction(async (tx) => {
    // Explicit for our tables; rows of later tables go with the user through ON DELETE CASCADE.
    await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, userId));
    await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
    await tx.delete(authSessions).where(eq(authSessions.userId, userId));
    // A team member's notes in progress hold minutes on the owner's pool: give them back there
    // (docs/minutes.md#team-pool). The person's own ledger goes with them below.
    const held = await tx.select({ id: notes.id }).from(notes).where(eq(notes.userId, userId));
    for (const note of held) await refundHeldMinutes(tx, note.id);
    await tx.delete(minutesLedger).where(eq(minutesLedger.userId, userId));
    // Open resumable uploads: their rows go with the user (ON DELETE CASCADE), their parts below.
    const open = await resumableUploadIdsOf({ db: tx }, userId);
    await tx.delete(users).where(eq(users.id, userId));
    return open;
  });
  try {
    // Keys of a user's recordings start with their id (audioKey).
    await deps.storage.removeAll(String(userId));
  } catch (error) {
    deps.logger.error('account deleted, but its audio folder could not be removed', {
      userId,
      err: error,
    });
  }
  try {
    // The parts of its resumable uploads go now, not at expiry (their rows went with the account).
    await removeParts(deps.storage, uploads);
    if (uploads.length > 0) {
      deps.logger.info('open uploads of a deleted account removed', { removed: uploads.length });
    }
  } catch (error) {
    deps.logger.error('account deleted, but its open uploads could not be removed', {
      userId,
      err: error,
    });
  }
  deps.logger.info('account deleted', { userId });
}
