import {
  isPremium,
  isUnlimited,
  type FailureText,
  type Minutes,
  type Plan,
} from '@protokoll/contract';
import { Check, CircleCheck, CircleX, Clock, RotateCw, SearchX, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { useFailureText } from '../../lib/failure-text.ts';
import { useFormat } from '../../lib/format.ts';
import { ItemLink, type LinkItem } from '../../lib/render-link.tsx';

/**
 * Where the checkout stands: `waiting` for Stripe's confirmation, `slow` when it has taken longer
 * than the page waits, `complete` (plan and minutes are in place), `expired` (never paid),
 * `failed` (the status could not be read), `missing` (no checkout to look at).
 */
export type PurchaseState = 'waiting' | 'slow' | 'complete' | 'expired' | 'failed' | 'missing';

export interface SuccessfulPurchaseScreenProps extends Omit<
  React.ComponentProps<'div'>,
  'children'
> {
  state: PurchaseState;
  /**
   * The new plan once `complete`; undefined while it loads again; `null` when it (or the balance)
   * could not be loaded: then neither is shown.
   */
  plan?: Plan | null | undefined;
  /** The balance once `complete`; undefined while it loads again. */
  minutes?: Minutes | undefined;
  /** Why the status could not be read (`failed`). */
  error?: FailureText | undefined;
  /** "Check again" (`slow`, `failed`) was pressed. */
  onRetry?: (() => void) | undefined;
  /** The dashboard, resolved for the active locale. */
  dashboardHref: string;
  /** The subscription page, resolved for the active locale. */
  subscriptionHref: string;
  /** The buy page, resolved for the active locale. */
  buyHref: string;
}

const icons = {
  waiting: null,
  slow: Clock,
  complete: CircleCheck,
  expired: CircleX,
  failed: CircleX,
  missing: SearchX,
} as const;

/**
 * `/successful-purchase`: the wait for Stripe's confirmation after paying, then the new plan with
 * its minutes; or why nothing changed (expired, failed, nothing to check) with the way back to
 * the plans.
 */
export function SuccessfulPurchaseScreen({
  state,
  plan,
  minutes,
  error,
  onRetry,
  dashboardHref,
  subscriptionHref,
  buyHref,
  className,
  ...props
}: SuccessfulPurchaseScreenProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const titleId = useId();
  const Icon = icons[state];
  const link = (key: string, label: string, href: string, variant: 'primary' | 'outline') => {
    const item: LinkItem = { key, label, href };
    return (
      <Button asChild variant={variant}>
        <ItemLink item={item}>{label}</ItemLink>
      </Button>
    );
  };
  // The way back is the one action, unless "check again" stands beside it.
  const toPlans = link(
    'buy',
    t('purchase.toPlans'),
    buyHref,
    state === 'failed' ? 'outline' : 'primary',
  );
  const toDashboard = (variant: 'primary' | 'outline') =>
    link('dashboard', t('purchase.toDashboard'), dashboardHref, variant);

  const title = state === 'failed' ? t('purchase.failed.title') : t(`purchase.${state}.title`);
  const description =
    state === 'failed'
      ? failureText(error ?? { code: 'internal' })
      : t(`purchase.${state}.description`);

  return (
    <div
      data-slot="successful-purchase-screen"
      data-state={state}
      className={cn('mx-auto w-full max-w-xl px-4 py-12 sm:py-16', className)}
      {...props}
    >
      <section
        aria-labelledby={titleId}
        // The outcome is announced when the wait ends, without moving focus.
        aria-live="polite"
        aria-busy={state === 'waiting' || undefined}
        className="flex flex-col items-center gap-4 rounded-lg border border-border bg-surface px-6 py-10 text-center shadow-xs"
      >
        <span
          aria-hidden
          className={cn(
            'grid size-12 place-items-center rounded-full [&_svg]:size-6',
            state === 'complete'
              ? 'bg-success-subtle text-success'
              : state === 'expired' || state === 'failed'
                ? 'bg-danger-subtle text-danger'
                : 'bg-accent text-accent-foreground',
          )}
        >
          {Icon ? <Icon /> : <Spinner size={24} />}
        </span>
        <h1
          id={titleId}
          className="text-2xl font-semibold tracking-tight text-balance text-foreground"
        >
          {title}
        </h1>
        <p className="max-w-prose text-muted-foreground">{description}</p>

        {state === 'complete' ? <NewPlan plan={plan} minutes={minutes} /> : null}

        {/* Nothing to do while waiting: the page moves on by itself. */}
        <div className="mt-2 flex flex-wrap justify-center gap-3 empty:hidden">
          {state === 'complete' ? (
            <>
              {toDashboard('primary')}
              {link('subscription', t('purchase.toSubscription'), subscriptionHref, 'outline')}
            </>
          ) : null}
          {state === 'slow' || state === 'failed' ? (
            <>
              {onRetry ? (
                <Button onClick={onRetry}>
                  <RotateCw aria-hidden />
                  {t('purchase.slow.retry')}
                </Button>
              ) : null}
              {state === 'slow' ? toDashboard('outline') : toPlans}
            </>
          ) : null}
          {state === 'expired' || state === 'missing' ? toPlans : null}
        </div>
      </section>
    </div>
  );
}

/** The plan just bought, with the minutes it brings. */
function NewPlan({
  plan,
  minutes,
}: {
  plan: Plan | null | undefined;
  minutes: Minutes | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  // Nothing to show (the load failed): the page says the purchase is complete, no more.
  if (plan === null) return null;
  if (plan === undefined || minutes === undefined) {
    return (
      <div className="grid w-full justify-items-center gap-2" data-slot="new-plan">
        <span className="sr-only">{t('purchase.complete.loading')}</span>
        <Skeleton className="h-7 w-32" />
        <Skeleton className="h-5 w-44" />
      </div>
    );
  }
  return (
    <div
      data-slot="new-plan"
      className="grid w-full gap-4 rounded-lg border border-primary/30 bg-accent/40 p-5 text-left"
    >
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="min-w-0">
          <span className="block text-sm text-muted-foreground">
            {t('purchase.complete.planLabel')}
          </span>
          <span
            data-slot="plan-name"
            className="text-2xl font-semibold tracking-tight wrap-anywhere text-foreground"
          >
            {plan.name}
          </span>
        </p>
        {isPremium(plan) ? (
          <Badge variant="brand">
            <Sparkles aria-hidden />
            {t('plan.premium')}
          </Badge>
        ) : null}
      </div>
      <p data-slot="plan-minutes" className="text-lg font-semibold text-foreground">
        {isUnlimited(minutes)
          ? t('minutes.unlimited')
          : t('purchase.complete.minutes', { minutes: format.minutes(minutes.remaining) })}
      </p>
      {plan.features.length > 0 ? (
        <ul aria-label={t('plan.featuresLabel')} className="grid gap-2 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex min-w-0 gap-2 text-foreground">
              <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
              <span className="min-w-0 wrap-break-word">
                {t(feature, { defaultValue: feature })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
