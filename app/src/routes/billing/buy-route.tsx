import { BuyScreen } from '@protokoll/ui';
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { useCancelCheckout } from '../../api/billing/cancel.ts';
import { useStartCheckout } from '../../api/billing/checkout.ts';
import { useOpenPortal } from '../../api/billing/portal.ts';
import { useSubscription } from '../../api/billing/subscription.ts';
import { usePlans } from '../../api/plans.ts';
import { usePlan } from '../../api/user/plan.ts';
import { useUser } from '../../api/user/user.ts';
import { toFailureText, toFieldIssues } from '../../lib/failure.ts';
import { notify } from '../../lib/notify.ts';
import { useLocale } from '../../lib/use-locale.ts';

/**
 * `/buy`: the plans, and the hosted checkout for the chosen one. Stripe sends a cancelled
 * checkout back here with `?checkout=cancelled`: the pending session is reported (docs/billing.md#checkout) and
 * the page says nothing was charged.
 */
export function BuyRoute() {
  const { locale } = useLocale();
  const cancelled = new URLSearchParams(useSearch()).get('checkout') === 'cancelled';
  const { data: user } = useUser();
  const plans = usePlans();
  const plan = usePlan();
  const subscription = useSubscription();
  const checkout = useStartCheckout();
  const portal = useOpenPortal();
  const { mutate: reportCancelled } = useCancelCheckout();

  useEffect(() => {
    if (cancelled) reportCancelled();
  }, [cancelled, reportCancelled]);

  if (!user) return null;
  const currentPlanId = plan.data?.id ?? user.planId;
  return (
    <BuyScreen
      plans={plans.data?.plans}
      status={plans.data ? 'ready' : plans.isError ? 'error' : 'loading'}
      onRetry={() => void plans.refetch()}
      currentPlanId={currentPlanId}
      // Said once the catalogue says so; until then the buttons wait for it anyway.
      paymentsEnabled={plans.data?.payments_enabled ?? true}
      subscribed={subscription.data?.source === 'stripe'}
      onCheckout={(choice) => checkout.mutate({ ...choice, user, currentPlanId, locale })}
      // Stripe's page is loading once the session exists: the button keeps spinning.
      checkoutStatus={
        checkout.isPending || checkout.isSuccess ? 'pending' : checkout.isError ? 'error' : 'idle'
      }
      error={checkout.error ? toFailureText(checkout.error, 'checkout') : undefined}
      fieldErrors={toFieldIssues(checkout.error)}
      cancelled={cancelled}
      onManageSubscription={() =>
        portal.mutate(
          { userId: user.id, locale },
          { onError: (error) => notify({ text: toFailureText(error, 'portal') }) },
        )
      }
      managePending={portal.isPending || portal.isSuccess}
    />
  );
}
