// The Stripe peer (stripe.ts) as a process of its own on a fixed port, for end-to-end tests whose
// server needs STRIPE_API_BASE before the tests start. Never used by `start`.
//
//   npx tsx tests/peers/stripe-server.ts [port]        (default: STRIPE_PEER_PORT or 4313)
//
// Environment: STRIPE_WEBHOOK_SECRET (default whsec_protokoll_e2e; the server must use the same),
// STRIPE_PEER_WEBHOOK_URL (where events go, e.g. http://127.0.0.1:4310/api/stripe/webhook),
// STRIPE_PRICE_LOOKUP_PREFIX (default protokoll_). The server runs with STRIPE_SECRET_KEY=sk_test_…
// (any), STRIPE_API_BASE=http://127.0.0.1:<port> and the same webhook secret.
//
//   /v1/…                                            Stripe's API, as far as Protokoll uses it
//   GET  /pay/{session}                              hosted checkout: "Pay" button, "Cancel and return" link
//   GET  /portal/{portal session}                    customer portal: "Cancel subscription" / "Renew
//                                                    subscription" buttons, "Return to Protokoll" link
//   POST /control/subscriptions/{id}/renew           next period paid (invoice.paid), or a past-due invoice paid
//   POST /control/subscriptions/{id}/payment-failed  next period unpaid: past_due, invoice.payment_failed
//   POST /control/subscriptions/{id}/cancel-at-period-end   {"cancel": false} undoes it
//   POST /control/subscriptions/{id}/end             the period ended: customer.subscription.deleted
//   POST /control/subscriptions/{id}/change-price    {"lookup_key":"protokoll_business_month"}
//   POST /control/webhook                            {"url": "…"} sets where events go
//   POST /control/fail, /control/reset               {"status":503,"times":1,"path":"/v1/checkout"} scripted API failures
//   POST /control/events/{id}/redeliver              sends an event again
//   GET  /control/state                              customers, subscriptions and events (with delivery statuses)
import { startStripePeer } from './stripe.ts';

const port = Number(process.argv[2] ?? process.env.STRIPE_PEER_PORT ?? 4313);
if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
  process.stderr.write(`stripe-server: invalid port "${process.argv[2]}"\n`);
  process.exit(2);
}

const peer = await startStripePeer({
  port,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_protokoll_e2e',
  ...(process.env.STRIPE_PEER_WEBHOOK_URL ? { webhook: process.env.STRIPE_PEER_WEBHOOK_URL } : {}),
  ...(process.env.STRIPE_PRICE_LOOKUP_PREFIX
    ? { lookupPrefix: process.env.STRIPE_PRICE_LOOKUP_PREFIX }
    : {}),
});
process.stdout.write(`Stripe peer on ${peer.url}\n`);

const stop = () => {
  void peer.close().finally(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
