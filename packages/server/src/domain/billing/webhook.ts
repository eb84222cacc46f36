import { ErrorCode } from '@protokoll/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkoutSessions, paymentEvents, subscriptions } from '../../db/schema.ts';
import { ApiError } from '../../lib/errors.ts';
import { lockUserMinutes } from '../minutes.ts';
import {
  PaymentsError,
  type CheckoutSessionInfo,
  type InvoiceInfo,
  type PaymentEvent,
  type Payments,
} from '../../providers/payments/index.ts';
import { requirePayments, viaProvider, type BillingDeps } from './deps.ts';
import {
  applyInvoiceGrant,
  applySubscription,
  fetchSubscription,
  invoiceGrantOf,
  userOfCustomer,
  type InvoiceGrant,
  type SubscriptionSnapshot,
} from './subscriptions.ts';

/** Whom an event concerns and what it names, as far as the event itself says. */
interface EventTarget {
  userId: number;
  customerId: string;
  subscriptionId: string | null;
  checkout?: CheckoutSessionInfo;
  invoices: InvoiceInfo[];
}

/** What one event does, with everything Stripe had to be asked fetched. */
interface EventWork extends EventTarget {
  subscription?: SubscriptionSnapshot;
  grants: InvoiceGrant[];
}

export interface WebhookOutcome {
  eventId: string;
  type: string;
  /** False for an event applied before (a redelivery) or one that concerns nobody here. */
  applied: boolean;
}

/** Our user of an event: by the customer we created, or by the checkout's reference to us. */
async function userOf(
  db: Db,
  customerId: string | null,
  reference?: string | null,
): Promise<number | undefined> {
  const byCustomer = customerId ? await userOfCustomer(db, customerId) : undefined;
  if (byCustomer !== undefined) return byCustomer;
  const id = reference && /^\d+$/.test(reference) ? Number(reference) : undefined;
  return id;
}

/** The user and objects an event concerns; undefined when it concerns nobody here. */
async function targetOf(deps: BillingDeps, event: PaymentEvent): Promise<EventTarget | undefined> {
  let customerId: string | null;
  let subscriptionId: string | null;
  let checkout: CheckoutSessionInfo | undefined;
  let userId: number | undefined;
  const invoices: InvoiceInfo[] = [];
  switch (event.kind) {
    case 'ignored':
      return undefined;
    case 'checkout':
      checkout = event.session;
      customerId = checkout.customerId;
      subscriptionId = checkout.status === 'complete' ? checkout.subscriptionId : null;
      userId = await userOf(deps.db, customerId, checkout.clientReferenceId);
      break;
    case 'subscription':
      customerId = event.customerId;
      subscriptionId = event.subscriptionId;
      userId = await userOf(deps.db, customerId);
      break;
    case 'invoice':
      customerId = event.invoice.customerId;
      subscriptionId = event.invoice.subscriptionId;
      userId = await userOf(deps.db, customerId);
      invoices.push(event.invoice);
      break;
  }
  if (userId === undefined || !customerId) {
    deps.logger.warn('payment event for a customer we do not know', {
      eventId: event.id,
      type: event.type,
    });
    return undefined;
  }
  return { userId, customerId, subscriptionId, ...(checkout ? { checkout } : {}), invoices };
}

/**
 * Reads the subscription as Stripe has it now, whatever the event carried: however events are
 * ordered, each one applies the current state. Runs under the user's lock, so two events of one
 * user cannot apply what they read in the opposite order.
 */
async function fetchWork(payments: Payments, target: EventTarget): Promise<EventWork> {
  const subscription = target.subscriptionId
    ? await fetchSubscription(payments, target.subscriptionId)
    : undefined;
  const invoices = [...target.invoices];
  if (subscription?.info.latestInvoice) invoices.push(subscription.info.latestInvoice);
  const grants: InvoiceGrant[] = [];
  for (const invoice of invoices) {
    if (grants.some((grant) => grant.invoiceId === invoice.id)) continue;
    const grant = await invoiceGrantOf(payments, invoice, subscription);
    if (grant) grants.push(grant);
  }
  return { ...target, ...(subscription ? { subscription } : {}), grants };
}

async function apply(tx: Db, work: EventWork): Promise<void> {
  await tx
    .insert(subscriptions)
    .values({ userId: work.userId, customerId: work.customerId })
    .onConflictDoNothing();
  if (work.subscription) await applySubscription(tx, work.userId, work.subscription);
  for (const grant of work.grants) await applyInvoiceGrant(tx, work.userId, grant);
  // Last, in the same transaction: the waiting page sees `complete` together with the new plan.
  if (work.checkout && work.checkout.status !== 'open') {
    await tx
      .update(checkoutSessions)
      .set({ status: work.checkout.status })
      .where(
        and(eq(checkoutSessions.id, work.checkout.id), eq(checkoutSessions.userId, work.userId)),
      );
  }
}

/**
 * Applies one of Stripe's webhook events (docs/billing.md#events), exactly once: its id is recorded
 * in the transaction that applies it, so a redelivery (or two deliveries at once) changes nothing
 * the second time.
 * @throws ApiError 400 for a body not signed with STRIPE_WEBHOOK_SECRET (nothing changes),
 *   502/503 when Stripe cannot be asked (Stripe delivers the event again later)
 */
export async function handlePaymentEvent(
  deps: BillingDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const payments = requirePayments(deps);
  let event: PaymentEvent;
  try {
    event = payments.parseEvent(rawBody, signature);
  } catch (error) {
    if (error instanceof PaymentsError && error.reason === 'invalid_signature') {
      throw new ApiError(400, ErrorCode.INVALID_INPUT, 'Invalid webhook signature');
    }
    throw error;
  }
  const outcome = { eventId: event.id, type: event.type, applied: false };
  const [seen] = await deps.db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, event.id));
  if (seen) return outcome;

  const target = await targetOf(deps, event);
  await deps.db.transaction(async (tx) => {
    // The user's minutes lock first: events of one user apply one after the other, and a grant
    // never interleaves with an upload's reservation. Stripe is asked while it is held (PGlite
    // waits meanwhile; Stripe's answers take milliseconds, at most the 8 s timeout).
    const locked = target ? await lockUserMinutes(tx, target.userId) : undefined;
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    // Recorded even when it concerns nobody (any more): Stripe need not try again.
    if (!recorded || !target || !locked) return;
    await apply(tx, await viaProvider(() => fetchWork(payments, target)));
    outcome.applied = true;
  });
  deps.logger.info('payment event', outcome);
  return outcome;
}
