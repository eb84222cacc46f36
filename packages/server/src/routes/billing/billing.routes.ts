import {
  cancelCheckout,
  checkoutStatus,
  createCheckout,
  createPortalSession,
  getSubscription,
  stripeWebhook,
} from '@protokoll/contract';
import { routeFor } from '../../lib/openapi.ts';
import { paymentsRequired } from './payments-required.ts';

// Without a payment provider these answer `paymentsDisabled` before looking at the request.
const middleware = [paymentsRequired];

export const createCheckoutRoute = routeFor(createCheckout, { middleware });
export const checkoutStatusRoute = routeFor(checkoutStatus, { middleware });
export const cancelCheckoutRoute = routeFor(cancelCheckout, { middleware });
export const createPortalSessionRoute = routeFor(createPortalSession, { middleware });
export const stripeWebhookRoute = routeFor(stripeWebhook, { middleware });
export const getSubscriptionRoute = routeFor(getSubscription);
