import type { MessageKey } from '../../lib/i18next.ts';
import type {
  BillingSubscription,
  FailureText,
  Minutes,
  Plan,
  SubscriptionStatus,
} from '@protokoll/contract';
import { ExternalLink, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { Badge, type BadgeProps } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/card.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { useFailureText } from '../../lib/failure-text.ts';
import { useFormat } from '../../lib/format.ts';
import type { LoadStatus } from '../../lib/load-status.ts';
import { LoadFailedAlert } from '../../widgets/load-failed-alert.tsx';
import { LoadState } from '../../widgets/load-state.tsx';
import { MinutesMeter } from '../../widgets/minutes-meter.tsx';

/** How the page words a subscription: one kind per status it explains differently. */
type SubscriptionKind =
  | 'free'
  | 'active'
  | 'canceling'
  | 'pastDue'
  | 'unpaid'
  | 'incomplete'
  | 'paused'
  | 'ended'
  | 'admin';

const byStatus: Partial<Record<SubscriptionStatus, SubscriptionKind>> = {
  past_due: 'pastDue',
  unpaid: 'unpaid',
  incomplete: 'incomplete',
  paused: 'paused',
  canceled: 'ended',
  incomplete_expired: 'ended',
};

function kindOf(subscription: BillingSubscription): SubscriptionKind {
  if (subscription.source === 'admin') return 'admin';
  const { status } = subscription;
  if (status === 'active' || status === 'trialing') {
    return subscription.cancel_at_period_end ? 'canceling' : 'active';
  }
  return (status && byStatus[status]) ?? 'free';
}

/** A subscription that still runs: changes and cancellation go through the portal. */
const RUNNING: ReadonlySet<SubscriptionKind> = new Set([
  'active',
  'canceling',
  'pastDue',
  'unpaid',
  'incomplete',
  'paused',
]);

/** Free needs no badge: the plan's name says it (no "Free · Free"). */
const badges: Record<
  SubscriptionKind,
  { key: string; variant: BadgeProps['variant'] } | undefined
> = {
  free: undefined,
  ended: undefined,
  active: { key: 'active', variant: 'success' },
  canceling: { key: 'canceling', variant: 'warning' },
  pastDue: { key: 'pastDue', variant: 'danger' },
  unpaid: { key: 'unpaid', variant: 'danger' },
  incomplete: { key: 'incomplete', variant: 'warning' },
  paused: { key: 'paused', variant: 'neutral' },
  admin: { key: 'admin', variant: 'brand' },
};

export interface SubscriptionScreenProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** Plan and subscription (`GET /api/billing/subscription`); read while `status` is `ready`. */
  subscription?: BillingSubscription | undefined;
  /** Load state of the subscription. */
  status: LoadStatus;
  /** "Retry" was pressed after the subscription failed to load. */
  onRetry?: (() => void) | undefined;
  /**
   * The current plan (name and features); undefined while it loads. While `planStatus` is `error`,
   * the last known plan, if any.
   */
  plan?: Plan | null | undefined;
  /**
   * Load state of the plan: `error` says the plan could not be loaded, with a retry button and the
   * last known name (never "Free" in its place). Without it, the plan counts as loading until
   * `plan` is set.
   */
  planStatus?: LoadStatus | undefined;
  /** When the last known plan was answered (ISO), while `planStatus` is `error`. */
  planAsOf?: string | undefined;
  /** "Retry" beside a failed plan load was pressed. */
  onRetryPlan?: (() => void) | undefined;
  /** The plan loads again after a failure: its retry button spins. */
  planRetrying?: boolean | undefined;
  /** The minutes balance for the meter; while `minutesStatus` is `error`, the last known. */
  minutes?: Minutes | undefined;
  /** Load state of the minutes, independent of the subscription's. */
  minutesStatus: LoadStatus;
  /** When the last known balance was answered (ISO), while `minutesStatus` is `error`. */
  minutesAsOf?: string | undefined;
  /** "Retry" in the minutes meter was pressed. */
  onRetryMinutes?: (() => void) | undefined;
  /** The minutes load again after a failure: the meter's retry button spins. */
  minutesRetrying?: boolean | undefined;
  /** The buy page, for the meter's "buy minutes" link when few are left. */
  buyMinutesHref?: string | undefined;
  /** "Manage in Stripe" was pressed: the app opens the customer portal. */
  onManage?: (() => void) | undefined;
  /** `pending` while the portal opens, `error` when it could not. */
  manageStatus?: 'idle' | 'pending' | 'error';
  /** Why the portal did not open (docs/errors.md#texts-by-context). */
  manageError?: FailureText | undefined;
  /** "Upgrade plan" was pressed (no running subscription): the app goes to the plans. */
  onUpgrade?: (() => void) | undefined;
}

/**
 * `/settings/subscription`: the current plan with its status (active, cancels on a date, past
 * due, Free), the billing interval and renewal date, the minutes meter, and the ways on: the
 * Stripe customer portal for a subscription, the plans for everyone else. Says so when the server
 * takes no payments.
 */
export function SubscriptionScreen({
  subscription,
  status,
  onRetry,
  plan,
  planStatus,
  planAsOf,
  onRetryPlan,
  planRetrying = false,
  minutes,
  minutesStatus,
  minutesAsOf,
  onRetryMinutes,
  minutesRetrying,
  buyMinutesHref,
  onManage,
  manageStatus = 'idle',
  manageError,
  onUpgrade,
  className,
  ...props
}: SubscriptionScreenProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <div data-slot="subscription-screen" className={cn('grid min-w-0 gap-6', className)} {...props}>
      <Card
        role="region"
        aria-labelledby={titleId}
        aria-busy={status === 'loading' || undefined}
        data-slot="subscription"
      >
        <CardHeader>
          <CardTitle asChild>
            <h2 id={titleId}>{t('subscription.title')}</h2>
          </CardTitle>
          <CardDescription>{t('subscription.description')}</CardDescription>
        </CardHeader>
        {status === 'ready' && subscription ? (
          <SubscriptionDetails
            subscription={subscription}
            plan={plan}
            planFailed={planStatus === 'error'}
            planAsOf={planAsOf}
            onRetryPlan={onRetryPlan}
            planRetrying={planRetrying}
            onManage={onManage}
            manageStatus={manageStatus}
            manageError={manageError}
            onUpgrade={onUpgrade}
          />
        ) : status === 'loading' ? (
          <CardContent className="grid gap-4">
            <span className="sr-only">{t('subscription.loading')}</span>
            <div className="flex items-center gap-3">
              <Skeleton className="h-8 w-28" />
              <Skeleton className="h-5 w-16 rounded-full" />
            </div>
            <Skeleton className="h-4 w-3/5" />
            <Skeleton className="h-4 w-2/5" />
          </CardContent>
        ) : (
          // Failed, or answered without a subscription: both are a failed load.
          <CardContent>
            <LoadState status="error" failedText={t('subscription.loadFailed')} onRetry={onRetry} />
          </CardContent>
        )}
      </Card>
      <MinutesMeter
        minutes={minutes}
        status={minutesStatus}
        asOf={minutesAsOf}
        onRetry={onRetryMinutes}
        retrying={minutesRetrying}
        buyHref={subscription?.payments_enabled === false ? undefined : buyMinutesHref}
      />
    </div>
  );
}

interface SubscriptionDetailsProps {
  subscription: BillingSubscription;
  plan: Plan | null | undefined;
  /** The plan's load failed: `plan` is the last known one, if any. */
  planFailed: boolean;
  planAsOf: string | undefined;
  onRetryPlan: (() => void) | undefined;
  planRetrying: boolean;
  onManage: (() => void) | undefined;
  manageStatus: 'idle' | 'pending' | 'error';
  manageError: FailureText | undefined;
  onUpgrade: (() => void) | undefined;
}

function SubscriptionDetails({
  subscription,
  plan,
  planFailed,
  planAsOf,
  onRetryPlan,
  planRetrying,
  onManage,
  manageStatus,
  manageError,
  onUpgrade,
}: SubscriptionDetailsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const failureText = useFailureText();
  const kind = kindOf(subscription);
  const running = RUNNING.has(kind);
  const badge = badges[kind];
  const planName = plan?.name ?? subscription.plan_id;
  const endsAt = subscription.cancel_at ?? subscription.current_period_end;
  const date =
    kind === 'active'
      ? subscription.current_period_end
      : kind === 'canceling' || kind === 'ended'
        ? endsAt
        : null;
  const dateLabel =
    kind === 'active'
      ? t('subscription.renewsLabel')
      : kind === 'canceling'
        ? t('subscription.endsLabel')
        : t('subscription.endedLabel');
  const hint = t(`subscription.hint.${kind}`, {
    plan: planName,
    date: endsAt ? format.date(endsAt) : '',
  });
  const payments = subscription.payments_enabled;
  const showManage = payments && subscription.portal_available && onManage;
  const showUpgrade = payments && !running && kind !== 'admin' && onUpgrade;

  return (
    <>
      <CardContent className="grid gap-5">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          {planFailed && plan == null ? null : plan === undefined ? (
            <Skeleton className="h-8 w-28" />
          ) : (
            <p
              data-slot="plan-name"
              className="min-w-0 text-2xl font-semibold tracking-tight wrap-anywhere text-foreground"
            >
              <span className="sr-only">{t('subscription.planLabel')}: </span>
              {planName}
            </p>
          )}
          {badge ? (
            <Badge variant={badge.variant} data-slot="subscription-status">
              {kind === 'admin' ? <Sparkles aria-hidden /> : null}
              <span className="sr-only">{t('subscription.statusLabel')}: </span>
              {t(`subscription.status.${badge.key}` as MessageKey)}
            </Badge>
          ) : null}
        </div>

        {planFailed ? (
          <div data-slot="plan-load-failed" className="grid gap-2">
            {plan ? (
              <p className="text-sm text-muted-foreground">
                {planAsOf
                  ? t('plan.asOf', { time: format.dateTime(planAsOf) })
                  : t('plan.lastKnown')}
              </p>
            ) : null}
            <LoadFailedAlert
              description={t(plan ? 'plan.loadFailedLastKnown' : 'plan.loadFailed')}
              onRetry={onRetryPlan}
              retrying={planRetrying}
            />
          </div>
        ) : null}

        {(running && subscription.interval) || date ? (
          <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
            {running && subscription.interval ? (
              <>
                <dt className="text-muted-foreground">{t('subscription.intervalLabel')}</dt>
                <dd data-slot="subscription-interval" className="font-medium text-foreground">
                  {t(`subscription.interval.${subscription.interval}`)}
                </dd>
              </>
            ) : null}
            {date ? (
              <>
                <dt className="text-muted-foreground">{dateLabel}</dt>
                <dd data-slot="subscription-date" className="font-medium text-foreground">
                  {format.date(date)}
                </dd>
              </>
            ) : null}
          </dl>
        ) : null}

        {kind === 'pastDue' || kind === 'unpaid' ? (
          // Shown on load, not in answer to an action: polite, not an interrupting alert.
          <Alert variant="warning" role="status" description={hint} />
        ) : kind === 'canceling' ? (
          <Alert variant="info" description={hint} />
        ) : (
          <p className="text-sm text-muted-foreground">{hint}</p>
        )}

        {!payments ? (
          <Alert
            variant="info"
            data-slot="payments-off"
            description={t('subscription.paymentsOff')}
          />
        ) : null}
        {manageStatus === 'error' ? (
          <Alert
            variant="danger"
            data-slot="portal-error"
            description={failureText(manageError ?? { code: 'portalFailed' })}
          />
        ) : null}
      </CardContent>
      {showManage || showUpgrade ? (
        <CardFooter>
          {showUpgrade ? (
            <Button onClick={onUpgrade}>
              <Sparkles aria-hidden />
              {t('subscription.upgrade')}
            </Button>
          ) : null}
          {showManage ? (
            <Button
              variant={showUpgrade ? 'outline' : 'primary'}
              onClick={onManage}
              loading={manageStatus === 'pending'}
            >
              {t('subscription.manage')}
              <ExternalLink aria-hidden />
            </Button>
          ) : null}
        </CardFooter>
      ) : null}
    </>
  );
}
