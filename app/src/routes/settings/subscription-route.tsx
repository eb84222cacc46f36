import { SubscriptionScreen } from '@protokoll/ui';
import { useLocation } from 'wouter';
import { useOpenPortal } from '../../api/billing/portal.ts';
import { useSubscription } from '../../api/billing/subscription.ts';
import { useMinutes } from '../../api/user/minutes.ts';
import { usePlan } from '../../api/user/plan.ts';
import { useUser } from '../../api/user/user.ts';
import { toFailureText } from '../../lib/failure.ts';
import { renderRouterLink } from '../../lib/router-link.tsx';
import { useLocale } from '../../lib/use-locale.ts';
import { SettingsFrame } from './settings-frame.tsx';

/**
 * `/settings/subscription`: plan, subscription state and minutes, the Stripe customer portal
 * (which returns here) and the way to the plans. Everything loads again on every visit, so a
 * change made in the portal shows on return.
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
        plan={plan.data}
        minutes={minutes.data}
        minutesStatus={minutes.data ? 'ready' : 'loading'}
        onRetryMinutes={() => void minutes.refetch()}
        buyMinutesHref={href('/buy')}
        renderLink={renderRouterLink}
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
