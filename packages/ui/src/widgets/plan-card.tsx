import { isPremium, type Plan } from '@protokoll/contract';
import { Check, ExternalLink, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../components/badge.tsx';
import { Button } from '../components/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../components/card.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { cn } from '../lib/cn.ts';
import { useFormat } from '../lib/format.ts';
import { LoadFailedAlert } from './load-failed-alert.tsx';

export interface PlanCardProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /**
   * The current plan (docs/minutes.md#plans); `null` when the user has none. While `status` is
   * `error`, the last plan the server answered, if any (shown as such, with `asOf`).
   */
  plan?: Plan | null | undefined;
  /**
   * `loading` shows a placeholder, `error` a message with a retry button (and the last known plan
   * when there is one), `ready` the plan. A failed load never reads as "Free" or "no plan".
   */
  status: 'loading' | 'error' | 'ready';
  /** When the last known plan was answered (ISO), shown beside it while `status` is `error`. */
  asOf?: string | undefined;
  /** "Retry" was pressed after a failed load; without it no retry button is offered. */
  onRetry?: (() => void) | undefined;
  /** A new load after the failure is on its way: the retry button spins. */
  retrying?: boolean | undefined;
  /** "Upgrade" (free plan) or "Choose a plan" (no plan) was pressed; without it neither is offered. */
  onUpgrade?: (() => void) | undefined;
  /** "Manage subscription" was pressed (premium plans); without it the button is not offered. */
  onManage?: (() => void) | undefined;
  /** The upgrade or manage action is under way (checkout or portal opening): its button spins. */
  pending?: boolean;
  /** Heading level of the widget's title, to fit the page's outline. Defaults to 2. */
  headingLevel?: 2 | 3;
}

/**
 * The plan widget: plan name, a Free or Premium badge (premium means the type is not free), the
 * plan's features, and the way on: upgrade for a free plan, manage for a premium one. A failed
 * load says so, with a retry button and the last known plan's name marked with its time.
 */
export function PlanCard({
  plan,
  status,
  asOf,
  onRetry,
  retrying = false,
  onUpgrade,
  onManage,
  pending = false,
  headingLevel = 2,
  className,
  ...props
}: PlanCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const format = useFormat();
  const premium = isPremium(plan);
  // What the server said before the failed load: shown as such, never as the plan now.
  const lastKnown = status === 'error' ? plan : undefined;
  const state =
    status !== 'ready' ? status : plan == null ? 'no-plan' : premium ? 'premium' : 'free';

  return (
    <Card
      data-slot="plan-card"
      data-state={state}
      role="region"
      aria-labelledby={titleId}
      aria-busy={status === 'loading' || undefined}
      className={cn('gap-5', className)}
      {...props}
    >
      <CardHeader>
        <CardTitle asChild>
          <Heading id={titleId}>{t('plan.title')}</Heading>
        </CardTitle>
      </CardHeader>

      {status === 'loading' ? (
        <CardContent className="grid gap-3">
          <span className="sr-only">{t('plan.loading')}</span>
          <div className="flex items-center gap-3">
            <Skeleton className="h-8 w-28" />
            <Skeleton className="h-5 w-16 rounded-full" />
          </div>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-4/5" />
          <Skeleton className="h-4 w-3/5" />
        </CardContent>
      ) : null}

      {status === 'error' ? (
        <CardContent className="grid gap-4">
          <LoadFailedAlert
            description={t(lastKnown ? 'plan.loadFailedLastKnown' : 'plan.loadFailed')}
            onRetry={onRetry}
            retrying={retrying}
          />
          {/* Only the name: features and actions would speak of the plan now. */}
          {lastKnown ? (
            <div data-slot="plan-last-known" className="grid gap-1">
              <p className="text-sm text-muted-foreground">
                {asOf ? t('plan.asOf', { time: format.dateTime(asOf) }) : t('plan.lastKnown')}
              </p>
              <p
                data-slot="plan-name"
                className="min-w-0 text-2xl font-semibold tracking-tight wrap-anywhere text-foreground"
              >
                {lastKnown.name}
              </p>
            </div>
          ) : null}
        </CardContent>
      ) : null}

      {status === 'ready' && plan == null ? (
        <>
          <CardContent className="grid gap-1.5">
            <p className="text-2xl font-semibold tracking-tight text-foreground">
              {t('plan.noPlan')}
            </p>
            <CardDescription>{t('plan.noPlanHint')}</CardDescription>
          </CardContent>
          {onUpgrade ? (
            <CardFooter className="mt-auto">
              <Button onClick={onUpgrade} loading={pending}>
                {t('plan.choose')}
              </Button>
            </CardFooter>
          ) : null}
        </>
      ) : null}

      {status === 'ready' && plan != null ? (
        <>
          <CardContent className="grid gap-4">
            <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
              <p
                data-slot="plan-name"
                className="min-w-0 text-2xl font-semibold tracking-tight wrap-anywhere text-foreground"
              >
                {plan.name}
              </p>
              {/* Only premium gets a badge: a free plan's name already says it. */}
              {premium ? (
                <Badge variant="brand">
                  <Sparkles aria-hidden />
                  {t('plan.premium')}
                </Badge>
              ) : null}
            </div>
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
            {!premium && onUpgrade ? (
              <p className="text-sm text-muted-foreground">{t('plan.upgradeHint')}</p>
            ) : null}
          </CardContent>
          {premium && onManage ? (
            <CardFooter className="mt-auto">
              <Button variant="outline" onClick={onManage} loading={pending}>
                {t('plan.manage')}
                <ExternalLink aria-hidden />
              </Button>
            </CardFooter>
          ) : null}
          {!premium && onUpgrade ? (
            <CardFooter className="mt-auto">
              <Button onClick={onUpgrade} loading={pending}>
                <Sparkles aria-hidden />
                {t('plan.upgrade')}
              </Button>
            </CardFooter>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
