import type { Mailer } from '../../providers/mail/mailer.ts';
import type { DomainDeps } from '../deps.ts';

/** Accounts also sign tokens and send mail. */
export interface AccountDeps extends DomainDeps {
  /** The HS256 key of access tokens. */
  jwtSecret: string;
  mailer: Mailer;
  /**
   * Runs password hashing and checks: without holding the request's database place
   * (lib/db-gate.ts `GatePlace.away`) and through the password queue, which may refuse with
   * `ServerBusyError` (docs/architecture.md#password-and-probe-queues). Absent: runs it in place.
   */
  awayFromDatabase?: <T>(work: () => Promise<T>) => Promise<T>;
}

/** Runs `work` through the operation's `awayFromDatabase`, if it has one. */
export function awayFromDatabase<T>(
  deps: Pick<AccountDeps, 'awayFromDatabase'>,
  work: () => Promise<T>,
): Promise<T> {
  return deps.awayFromDatabase ? deps.awayFromDatabase(work) : work();
}
