import { SubscriptionScreen } from '@protokoll/ui';
import { useLocation } from 'wouter';
import { useOpenPortal } from '../../api/billing/portal.ts';
import { useSubscription } from '../../api/billing/subscription.ts';
import { useMinutes } from '../../api/user/minutes.ts';
import { usePlan } from '../../api/user/plan.ts';
import { useUser } from '../../api/user/user.ts';
import { toFailureText } from '../../lib/failure.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { SettingsFrame } from './settings-frame.tsx';

/**
 * `/settings/subscription`: plan, subscription state and minutes, the Stripe customer portal
 * (which returns here) and the way to the plans. Everything loads again on every visit, so a
 * change made in the portal shows on return; a failed plan or minutes load says so with the last
 * known value, never "Free" or zero minutes in its place (docs/minutes.md#when-loading-fails).
 */
export function SubscriptionRoute() {
  const { locale, href } = useLocale();
  const [, navigate] = useLocation();
  const { data: user } = useUser();
  const subscription = useSubscription();
  const plan = usePlan();
  const minutes = useMinutes();
  const portal = useOpenPortal();

  if (!user) return null;
  return (
    <SettingsFrame>
      <SubscriptionScreen
        subscription={subscription.data}
        status={subscription.data ? 'ready' : subscription.isError ? 'error' : 'loading'}
        onRetry={() => void subscription.refetch()}
        plan={plan.view.data}
        planStatus={plan.view.status}
        planAsOf={plan.view.asOf}
        onRetryPlan={() => void plan.refetch()}
        planRetrying={plan.view.retrying}
        minutes={minutes.view.data}
        minutesStatus={minutes.view.status}
        minutesAsOf={minutes.view.asOf}
        onRetryMinutes={() => void minutes.refetch()}
        minutesRetrying={minutes.view.retrying}
        buyMinutesHref={href('/buy')}
        onManage={() => portal.mutate({ userId: user.id, locale })}
        // Stripe's page is loading once the session exists: the button keeps spinning.
        manageStatus={
          portal.isPending || portal.isSuccess ? 'pending' : portal.isError ? 'error' : 'idle'
        }
        manageError={portal.error ? toFailureText(portal.error, 'portal') : undefined}
        onUpgrade={() => navigate('/buy')}
      />
    </SettingsFrame>
  );
}
