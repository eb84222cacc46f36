import { isUnlimited, usagePercent, type Minutes } from '@protokoll/contract';
import { Infinity as InfinityIcon, ShoppingCart } from 'lucide-react';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format.ts';
import { Alert } from '../components/alert.tsx';
import { Button } from '../components/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/card.tsx';
import { Progress } from '../components/progress.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { cn } from '../lib/cn.ts';
import { ItemLink } from '../lib/render-link.tsx';
import { LoadFailedAlert } from './load-failed-alert.tsx';

/** From this usage on the meter warns that the minutes are nearly used up. */
const HIGH_USAGE_PERCENT = 90;

export interface MinutesMeterProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /**
   * The minutes balance (docs/minutes.md#balance): the current one while `status` is `ready`; while
   * it is `error`, the last one the server answered, if any (shown as such, with `asOf`).
   */
  minutes?: Minutes | undefined;
  /**
   * `loading` shows a placeholder, `error` a message with a retry button (and the last known
   * balance when there is one), `ready` the balance. A failed load never reads as zero minutes.
   */
  status: 'loading' | 'error' | 'ready';
  /** When the last known balance was answered (ISO), shown beside it while `status` is `error`. */
  asOf?: string | undefined;
  /** "Retry" was pressed after a failed load; without it no retry button is offered. */
  onRetry?: (() => void) | undefined;
  /** A new load after the failure is on its way: the retry button spins. */
  retrying?: boolean | undefined;
  /** Heading level of the widget's title, to fit the page's outline. Defaults to 2. */
  headingLevel?: 2 | 3;
  /**
   * The buy page, resolved for the active locale: when the minutes are nearly or all used up (or
   * there is no plan), a "buy minutes" link leads there. Without it no link is offered.
   */
  buyHref?: string | undefined;
}

/**
 * The minutes widget: used of total, remaining, minutes reserved by running jobs, usage percentage
 * (docs/minutes.md#usage-percentage) and a bar. Unlimited plans show no bar; without an active plan
 * every number is zero and a hint explains why. A failed load says so, with a retry button and the
 * last known balance marked with its time (docs/minutes.md#when-loading-fails).
 */
export function MinutesMeter({
  minutes,
  status,
  asOf,
  onRetry,
  retrying = false,
  headingLevel = 2,
  buyHref,
  className,
  ...props
}: MinutesMeterProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const ready = status === 'ready' && minutes != null;
  // What the server said before the failed load: shown as such, never as the balance now.
  const lastKnown = status === 'error' && minutes != null;

  const format = useFormat();

  return (
    <Card
      data-slot="minutes-meter"
      data-state={status}
      aria-labelledby={titleId}
      aria-busy={status === 'loading' || undefined}
      role="region"
      className={cn('gap-5', className)}
      {...props}
    >
      <CardHeader>
        <CardTitle asChild>
          <Heading id={titleId}>{t('minutes.title')}</Heading>
        </CardTitle>
        <CardDescription>{t('minutes.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status === 'loading' ? (
          <>
            <span className="sr-only">{t('minutes.loading')}</span>
            <div className="flex items-end justify-between gap-4">
              <Skeleton className="h-8 w-40" />
              <Skeleton className="h-5 w-12" />
            </div>
            <Skeleton className="h-2 w-full rounded-full" />
            <Skeleton className="h-5 w-48" />
          </>
        ) : null}

        {status === 'error' || (status === 'ready' && minutes == null) ? (
          <LoadFailedAlert
            description={t(lastKnown ? 'minutes.loadFailedLastKnown' : 'minutes.loadFailed')}
            onRetry={onRetry}
            retrying={retrying}
          />
        ) : null}

        {lastKnown ? (
          <MinutesBalance
            minutes={minutes}
            stale
            asOf={asOf}
            formatNumber={format.number}
            formatMinutes={format.minutes}
            formatPercent={(value) => format.percent(value / 100)}
            formatAsOf={format.dateTime}
            buyLink={null}
          />
        ) : null}

        {ready ? (
          <MinutesBalance
            minutes={minutes}
            formatNumber={format.number}
            formatMinutes={format.minutes}
            formatPercent={(value) => format.percent(value / 100)}
            formatAsOf={format.dateTime}
            buyLink={
              buyHref ? (
                <Button asChild variant="outline" size="sm" className="mt-2">
                  <ItemLink item={{ key: 'buy', label: t('minutes.buy'), href: buyHref }}>
                    <ShoppingCart aria-hidden />
                    {t('minutes.buy')}
                  </ItemLink>
                </Button>
              ) : null
            }
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

interface MinutesBalanceProps {
  minutes: Minutes;
  /**
   * A last known balance (the latest load failed): it says so, with when it was answered
   * (`asOf`), and gives no hints or buy link, which would speak of the balance now.
   */
  stale?: boolean;
  asOf?: string | undefined;
  formatAsOf: (iso: string) => string;
  formatNumber: (value: number) => string;
  formatMinutes: (value: number) => string;
  formatPercent: (value: number) => string;
  /** Offered beside the hint when few minutes (or none) are left. */
  buyLink: React.ReactNode;
}

function MinutesBalance({
  minutes,
  stale = false,
  asOf,
  formatAsOf,
  formatNumber,
  formatMinutes,
  formatPercent,
  buyLink,
}: MinutesBalanceProps) {
  const { t } = useTranslation();
  const noPlan = !minutes.has_active_plan;
  // Without an active plan the client shows all-zero minutes, whatever else arrived
  // (docs/minutes.md#when-loading-fails).
  const shown: Minutes = noPlan
    ? { total: 0, used: 0, remaining: 0, running: 0, unlimited: false, has_active_plan: false }
    : minutes;
  const unlimited = isUnlimited(shown);
  const percent = usagePercent(shown);
  const remaining = Math.max(0, shown.remaining);
  const usedUp = !unlimited && !noPlan && shown.total > 0 && remaining === 0;
  const high = !unlimited && !noPlan && !usedUp && percent >= HIGH_USAGE_PERCENT;
  const strong = <span className="text-3xl font-semibold tracking-tight text-foreground" />;

  return (
    <div
      data-slot="minutes-balance"
      data-state={
        stale
          ? 'last-known'
          : noPlan
            ? 'no-plan'
            : unlimited
              ? 'unlimited'
              : usedUp
                ? 'used-up'
                : undefined
      }
      className="grid gap-4"
    >
      {stale ? (
        <p data-slot="minutes-as-of" className="text-sm text-muted-foreground">
          {asOf ? t('minutes.asOf', { time: formatAsOf(asOf) }) : t('minutes.lastKnown')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        {unlimited ? (
          <p className="flex items-center gap-2 text-3xl font-semibold tracking-tight text-foreground">
            <InfinityIcon aria-hidden className="size-7 shrink-0 text-primary" />
            {t('minutes.unlimited')}
          </p>
        ) : (
          <p data-slot="minutes-used" className="min-w-0 text-sm text-muted-foreground">
            <Trans
              i18nKey="minutes.usedOfTotal"
              values={{ used: formatNumber(shown.used), total: formatMinutes(shown.total) }}
              components={{ strong }}
            />
          </p>
        )}
        {unlimited ? null : (
          <p
            data-slot="minutes-percent"
            className="text-lg font-semibold text-foreground tabular-nums"
          >
            <span className="sr-only">{t('minutes.percentLabel')}: </span>
            {formatPercent(percent)}
          </p>
        )}
      </div>

      {unlimited ? null : (
        <Progress
          label={t('minutes.progressLabel')}
          value={percent}
          className={cn(
            usedUp && '[&_[data-slot=progress-indicator]]:bg-danger',
            high && '[&_[data-slot=progress-indicator]]:bg-warning',
          )}
        />
      )}

      {unlimited ? (
        <p data-slot="minutes-used" className="text-sm text-muted-foreground">
          <Trans
            i18nKey="minutes.usedUnlimited"
            values={{ used: formatMinutes(shown.used) }}
            components={{ strong: <span className="font-medium text-foreground" /> }}
          />
        </p>
      ) : null}

      {unlimited && shown.running === 0 ? null : (
        <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2 text-sm">
          {unlimited ? null : (
            <>
              <dt className="text-muted-foreground">{t('minutes.remaining')}</dt>
              <dd
                data-slot="minutes-remaining"
                className="text-right font-medium text-foreground tabular-nums"
              >
                {formatMinutes(remaining)}
              </dd>
            </>
          )}
          {shown.running > 0 ? (
            <>
              <dt className="text-muted-foreground">{t('minutes.running')}</dt>
              <dd
                data-slot="minutes-running"
                className="text-right font-medium text-foreground tabular-nums"
              >
                {formatMinutes(shown.running)}
              </dd>
            </>
          ) : null}
        </dl>
      )}

      {stale ? null : noPlan ? (
        <Alert variant="info" description={t('minutes.noPlanHint')}>
          {buyLink}
        </Alert>
      ) : null}
      {unlimited && !stale ? (
        <p className="text-sm text-muted-foreground">{t('minutes.unlimitedHint')}</p>
      ) : null}
      {/* Shown on load, not in answer to an action: polite, not an interrupting alert. */}
      {usedUp && !stale ? (
        <Alert variant="warning" role="status" description={t('minutes.usedUp')}>
          {buyLink}
        </Alert>
      ) : null}
      {high && !stale ? (
        <Alert variant="warning" role="status" description={t('minutes.almostUsedUp')}>
          {buyLink}
        </Alert>
      ) : null}
    </div>
  );
}
