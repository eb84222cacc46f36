import type { BillingInterval, PlanOffer } from '@protokoll/contract';
import { Check, Clock } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../components/badge.tsx';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../components/card.tsx';
import { cn } from '../lib/cn.ts';
import { useFormat } from '../lib/format.ts';

/** The share a year saves against twelve months (0 when either price is missing). */
export function yearlySaving(plan: Pick<PlanOffer, 'price_month' | 'price_year'>): number {
  const { price_month: month, price_year: year } = plan;
  if (!month || year == null) return 0;
  return Math.max(0, 1 - year / (month * 12));
}

/** The price of `plan` for `interval` in cents, or null when it cannot be bought that way. */
export function priceOf(plan: PlanOffer, interval: BillingInterval): number | null {
  return interval === 'year' ? plan.price_year : plan.price_month;
}

// The card shows the allowance as its headline; the same fact in the feature list would repeat it.
const MINUTES_FEATURE = 'plans.features.minutes';

export interface PlanOfferCardProps {
  plan: PlanOffer;
  interval: BillingInterval;
  /** The plan the person is on: marked, and offers nothing to buy. */
  current: boolean;
  /** The card's one action (choose the plan, or switch in the portal); none when absent. */
  action?: React.ReactNode;
  /** The plan name's heading level: 2 on the buy page, 3 under a section's heading (home). */
  titleLevel?: 2 | 3;
}

/** One plan of the catalogue: name, price for the interval, minutes, features and its action. */
export function PlanOfferCard({
  plan,
  interval,
  current,
  action,
  titleLevel = 2,
}: PlanOfferCardProps) {
  const Title = titleLevel === 2 ? 'h2' : 'h3';
  const { t } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  const price = priceOf(plan, interval);
  const saving = interval === 'year' ? yearlySaving(plan) : 0;
  const features = plan.features.filter((feature) => !feature.startsWith(MINUTES_FEATURE));

  return (
    <Card
      data-slot="plan-offer"
      data-current={current || undefined}
      role="region"
      aria-labelledby={titleId}
      className={cn('h-full gap-5', current && 'border-primary ring-1 ring-primary')}
    >
      <CardHeader className="gap-3">
        <div className="flex min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <CardTitle asChild>
            <Title id={titleId} className="min-w-0 wrap-anywhere">
              {plan.name}
            </Title>
          </CardTitle>
          {current ? <Badge variant="brand">{t('buy.current')}</Badge> : null}
        </div>
        {price == null ? (
          <p className="text-sm text-muted-foreground">
            {t(interval === 'year' ? 'buy.notYearly' : 'buy.notMonthly')}
          </p>
        ) : (
          <div className="grid gap-1">
            <p className="flex flex-wrap items-baseline gap-x-1.5">
              <span
                data-slot="plan-price"
                className="text-3xl font-semibold tracking-tight text-foreground tabular-nums"
              >
                {format.money(price, plan.currency)}
              </span>
              <span className="text-sm text-muted-foreground">
                {/* A price to pay is a consumer's gross price: it says that it includes VAT. */}
                {price > 0
                  ? t(interval === 'year' ? 'buy.perYearInclVat' : 'buy.perMonthInclVat')
                  : t(interval === 'year' ? 'buy.perYear' : 'buy.perMonth')}
              </span>
            </p>
            {saving > 0 && price > 0 ? (
              <div data-slot="plan-saving" className="grid text-sm">
                <p className="text-muted-foreground">
                  {t('buy.monthlyEquivalent', {
                    price: format.money(Math.round(price / 12), plan.currency),
                  })}
                </p>
                <p className="font-medium text-success">
                  {t('buy.yearlySaving', { percent: format.percent(saving) })}
                </p>
              </div>
            ) : null}
          </div>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        <p
          data-slot="plan-minutes"
          className="flex items-center gap-2 text-sm font-medium text-foreground"
        >
          <Clock aria-hidden className="size-4 shrink-0 text-primary" />
          {plan.minutes_per_month == null
            ? t('buy.unlimitedMinutes')
            : t('buy.minutesPerMonth', { minutes: format.minutes(plan.minutes_per_month) })}
        </p>
        {features.length > 0 ? (
          <ul
            aria-label={t('buy.featuresLabel', { plan: plan.name })}
            className="grid gap-2 text-sm"
          >
            {features.map((feature) => (
              <li key={feature} className="flex min-w-0 gap-2 text-foreground">
                <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                <span className="min-w-0 wrap-break-word">
                  {t(feature, { defaultValue: feature })}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
      {action ? <CardFooter className="mt-auto [&>*]:w-full">{action}</CardFooter> : null}
    </Card>
  );
}
