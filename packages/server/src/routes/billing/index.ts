import { createRouter } from '../../http/openapi.ts';
import {
  cancelCheckoutHandler,
  checkoutStatusHandler,
  createCheckoutHandler,
  createPortalSessionHandler,
  getSubscriptionHandler,
  stripeWebhookHandler,
} from './billing.handlers.ts';
import {
  cancelCheckoutRoute,
  checkoutStatusRoute,
  createCheckoutRoute,
  createPortalSessionRoute,
  getSubscriptionRoute,
  stripeWebhookRoute,
} from './billing.routes.ts';

export const billingRouter = () =>
  createRouter()
    .openapi(createCheckoutRoute, createCheckoutHandler)
    .openapi(checkoutStatusRoute, checkoutStatusHandler)
    .openapi(cancelCheckoutRoute, cancelCheckoutHandler)
    .openapi(createPortalSessionRoute, createPortalSessionHandler)
    .openapi(getSubscriptionRoute, getSubscriptionHandler)
    .openapi(stripeWebhookRoute, stripeWebhookHandler);
