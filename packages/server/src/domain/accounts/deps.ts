import type { Mailer } from '../../providers/mail/mailer.ts';
import type { DomainDeps } from '../deps.ts';

/** Accounts also sign tokens and send mail. */
export interface AccountDeps extends DomainDeps {
  /** The HS256 key of access tokens. */
  jwtSecret: string;
  mailer: Mailer;
}
