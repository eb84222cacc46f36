import type { Db } from './db/client.ts';
import {
  grantPlan,
  PlanCommandError,
  removePlan,
  type PlanChange,
} from './domain/billing/admin.ts';
import type { Logger } from './lib/logger.ts';

/** What the admin command writes to; the terminal in admin.ts, arrays in tests. */
export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

export const ADMIN_USAGE = [
  'Aufruf:',
  '  npm run admin -- plan grant <e-mail> <tarif>   Tarif ohne Zahlung vergeben (free, starter, pro, business)',
  '  npm run admin -- plan remove <e-mail>          zurück zu Free',
].join('\n');

function describe(change: PlanChange): string {
  const { minutes } = change;
  const balance = minutes.unlimited
    ? 'unbegrenzte Minuten'
    : `${minutes.remaining} von ${minutes.total} Minuten übrig in diesem Zeitraum`;
  return `${change.user.email}: ${change.before.name} → ${change.after.name} (${balance})`;
}

/** Runs `argv` (without node and script) and answers the exit code. */
export async function runAdmin(
  argv: string[],
  deps: { db: Db; logger: Logger },
  io: AdminIo,
): Promise<number> {
  const [group, action, email, planId, ...rest] = argv;
  const valid =
    group === 'plan' &&
    ((action === 'grant' && email && planId && rest.length === 0) ||
      (action === 'remove' && email && planId === undefined));
  if (!valid || !email) {
    io.err(ADMIN_USAGE);
    return 2;
  }
  try {
    const change =
      action === 'grant'
        ? await grantPlan(deps, email, planId ?? '')
        : await removePlan(deps, email);
    io.out(describe(change));
    return 0;
  } catch (error) {
    if (error instanceof PlanCommandError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}
