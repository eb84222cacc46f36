import { PENDING_CHECKOUT_KEY } from '@protokoll/contract';
import { SuccessfulPurchaseScreen, type PurchaseState } from '@protokoll/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { useCheckoutStatus } from '../../api/billing/checkout-status.ts';
import { planQueryOptions } from '../../api/user/plan.ts';
import { minutesQueryOptions } from '../../api/user/minutes.ts';
import { toFailureText } from '../../lib/failure.ts';
import { useLocale } from '../../lib/use-locale.ts';

/**
 * `/successful-purchase?session_id=…`, where Stripe sends the browser after paying: waits until
 * the server has applied the payment, then shows the new plan. Without `session_id` it looks at
 * the pending checkout of this browser. It stores nothing itself.
 */
export function SuccessfulPurchaseRoute() {
  const { href } = useLocale();
  const search = useSearch();
  // Read once: settling the checkout removes the stored id while the page still shows it.
  const [sessionId] = useState(
    () =>
      new URLSearchParams(search).get('session_id') || localStorage.getItem(PENDING_CHECKOUT_KEY),
  );
  const { query, slow, retry } = useCheckoutStatus(sessionId);
  const complete = query.data === 'complete';
  // Plan and minutes as they are after the payment: loaded once it is complete, and shown only
  // when that load has finished, never the plan from before. A failed load shows neither (the
  // cache would still hold the ones from before; docs/minutes.md#when-loading-fails).
  const plan = useQuery({ ...planQueryOptions(), enabled: complete });
  const minutes = useQuery({ ...minutesQueryOptions(), enabled: complete });
  const failed = plan.isError || minutes.isError;

  const state: PurchaseState = !sessionId
    ? 'missing'
    : query.isError
      ? 'failed'
      : complete
        ? 'complete'
        : query.data === 'expired'
          ? 'expired'
          : slow
            ? 'slow'
            : 'waiting';
  return (
    <SuccessfulPurchaseScreen
      state={state}
      plan={plan.isFetching ? undefined : failed ? null : plan.data}
      minutes={minutes.isFetching ? undefined : minutes.data}
      error={query.error ? toFailureText(query.error) : undefined}
      onRetry={retry}
      dashboardHref={href('/dashboard')}
      subscriptionHref={href('/settings/subscription')}
      buyHref={href('/buy')}
    />
  );
}
