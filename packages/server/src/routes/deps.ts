import type { Context } from 'hono';
import type { AccountDeps } from '../domain/accounts/deps.ts';
import type { BillingDeps } from '../domain/billing/deps.ts';
import type { DomainDeps } from '../domain/deps.ts';
import type { AppEnv } from '../http/context.ts';

/** What a handler hands to a domain operation: the app's dependencies, the request's logger. */
export function depsOf(c: Context<AppEnv>): DomainDeps {
  const { db, config, storage, logger, jobs, probeQueue } = c.var;
  return { db, config, storage, logger, jobs, probeQueue };
}

/** depsOf plus what account operations need: the token key and the mailer. */
export function accountDepsOf(c: Context<AppEnv>): AccountDeps {
  const { dbPlace: place, passwordQueue } = c.var;
  return {
    ...depsOf(c),
    jwtSecret: c.var.jwtSecret,
    mailer: c.var.mailer,
    // The database place is given up first, then the hash waits its turn in the password queue
    // (docs/architecture.md#password-and-probe-queues).
    awayFromDatabase: (work) =>
      place ? place.away(() => passwordQueue.run(work)) : passwordQueue.run(work),
  };
}

/** depsOf plus the payment provider (undefined: payments are off). */
export function billingDepsOf(c: Context<AppEnv>): DomainDeps & BillingDeps {
  return { ...depsOf(c), payments: c.var.payments };
}
