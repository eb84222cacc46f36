import type { Config } from '../../config.ts';
import type { Payments } from './payments.ts';
import { createStripePayments } from './stripe.ts';

export * from './payments.ts';
export { createStripePayments } from './stripe.ts';

/** Stripe when STRIPE_SECRET_KEY is set; undefined (payments off) otherwise. */
export function paymentsFromConfig(config: Pick<Config, 'stripe'>): Payments | undefined {
  return config.stripe ? createStripePayments(config.stripe) : undefined;
}
