import { ErrorCode } from '@protokoll/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ApiError, ErrorMessage } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { PaymentsError, type Payments } from '../../providers/payments/index.ts';

/** What the billing operations work with; `payments` undefined means payments are off. */
export interface BillingDeps {
  db: Db;
  config: Config;
  logger: Logger;
  payments: Payments | undefined;
}

/** The text of `paymentsDisabled` when nobody asked in a language (the admin command, logs). */
export const PAYMENTS_DISABLED_MESSAGE = 'Payments are not configured.';

/** Payments are off: the plans are shown, nothing can be bought. */
export function paymentsDisabled(message: string = PAYMENTS_DISABLED_MESSAGE): ApiError {
  return new ApiError(503, ErrorCode.PAYMENTS_DISABLED, message);
}

export function requirePayments(deps: BillingDeps): Payments {
  if (!deps.payments) throw paymentsDisabled();
  return deps.payments;
}

/**
 * A failed provider call as the client sees it: 503 when Stripe could not be reached, 502 when it
 * answered with an error, both with the server-error text (the details go to the log).
 */
export function providerFailure(error: unknown): unknown {
  if (!(error instanceof PaymentsError)) return error;
  const status = error.reason === 'unreachable' ? 503 : 502;
  const failure = new ApiError(status, ErrorCode.SERVER, ErrorMessage.internal);
  failure.cause = error;
  return failure;
}

/** Runs provider calls, turning their failures into the client's 502/503. */
export async function viaProvider<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw providerFailure(error);
  }
}
