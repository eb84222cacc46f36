import { zodResolver } from '@hookform/resolvers/zod';
import {
  CheckoutBody,
  ErrorCode,
  type BillingInterval,
  type FailureText,
  type FieldIssue,
  type PlanOffer,
} from '@protokoll/contract';
import { ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useServerFieldErrors,
} from '../../components/form.tsx';
import { Input } from '../../components/input.tsx';
import { RadioGroup, RadioGroupItem } from '../../components/radio-group.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { useFailureText } from '../../lib/failure-text.ts';
import { useFormat } from '../../lib/format.ts';
import type { LoadStatus } from '../../lib/load-status.ts';
import { PlanOfferCard, priceOf, yearlySaving } from '../../widgets/plan-offer-card.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { LoadState } from '../../widgets/load-state.tsx';

/** What the buy form checks: the contract's own rules for these two fields. */
const BuyForm = CheckoutBody.pick({ interval: true, promo_code: true });
const buyFields = ['promo_code'] as const;

/** A checkout to start: the plan, the interval and the promo code, as the contract names them. */
export interface CheckoutChoice {
  product_id: string;
  interval: BillingInterval;
  /** Trimmed; absent when the field was left empty. */
  promo_code?: string | undefined;
}

export interface BuyScreenProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** The plan catalogue (`GET /api/plans`); only read while `status` is `ready`. */
  plans?: PlanOffer[] | undefined;
  /** Load state of the catalogue: placeholders, a failure with retry, or the plan cards. */
  status: LoadStatus;
  /** "Retry" was pressed after the catalogue failed to load. */
  onRetry?: (() => void) | undefined;
  /** Id of the plan the person is on; its card is marked and offers nothing to buy. */
  currentPlanId?: string | null | undefined;
  /** False when the server has no payment provider: said at the top, nothing can be chosen. */
  paymentsEnabled: boolean;
  /**
   * The person pays for a subscription already: a second checkout would bill twice, so the
   * cards offer the customer portal instead (`onManageSubscription`).
   */
  subscribed?: boolean;
  /** Interval shown first; defaults to monthly. */
  defaultInterval?: BillingInterval;
  /** A plan was chosen with a valid form: the app starts the hosted checkout. */
  onCheckout: (choice: CheckoutChoice) => void;
  /** `pending` while the checkout is being created (the chosen card spins, all wait). */
  checkoutStatus?: 'idle' | 'pending' | 'error';
  /** Why starting the checkout failed (docs/errors.md#texts-by-context), shown above the plans. */
  error?: FailureText | undefined;
  /** Field issues of a 422 answer: an unknown promo code shows at its field. */
  fieldErrors?: FieldIssue[] | undefined;
  /** The person came back from a cancelled checkout: said at the top. */
  cancelled?: boolean;
  /** Opens the customer portal (subscribers, and beside "you already have a subscription"). */
  onManageSubscription?: (() => void) | undefined;
  /** The portal is opening: its buttons spin. */
  managePending?: boolean;
}

/**
 * `/buy`: the plan cards with their prices per month or year (the yearly saving beside the
 * switch), a promo code field, and one action per plan. A failed checkout is said above the
 * plans, an unknown promo code at its field; a cancelled checkout and a server without payments
 * are said before anyone clicks.
 */
export function BuyScreen({
  plans = [],
  status,
  onRetry,
  currentPlanId,
  paymentsEnabled,
  subscribed = false,
  defaultInterval = 'month',
  onCheckout,
  checkoutStatus = 'idle',
  error,
  fieldErrors,
  cancelled = false,
  onManageSubscription,
  managePending = false,
  className,
  ...props
}: BuyScreenProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const failureText = useFailureText();
  const titleId = useId();
  const [chosen, setChosen] = useState<string | undefined>();
  const form = useForm({
    resolver: zodResolver(BuyForm),
    defaultValues: { interval: defaultInterval, promo_code: '' },
  });
  useServerFieldErrors(form.setError, fieldErrors, buyFields, { focus: true });
  const interval = useWatch({ control: form.control, name: 'interval' });

  const pending = checkoutStatus === 'pending';
  const atField = form.formState.errors.promo_code?.type === 'server';
  const saving = Math.max(0, ...plans.map(yearlySaving));
  const choose = (plan: PlanOffer) =>
    void form.handleSubmit((values) => {
      setChosen(plan.id);
      onCheckout({ product_id: plan.id, interval: values.interval, promo_code: values.promo_code });
    })();

  function actionOf(plan: PlanOffer): React.ReactNode {
    if (plan.id === currentPlanId || plan.type === 'free' || priceOf(plan, interval) == null) {
      return null;
    }
    if (subscribed) {
      return onManageSubscription ? (
        <Button variant="outline" onClick={onManageSubscription} loading={managePending}>
          {t('buy.switchInPortal')}
          <ExternalLink aria-hidden />
        </Button>
      ) : null;
    }
    return (
      <Button
        onClick={() => choose(plan)}
        loading={pending && chosen === plan.id}
        disabled={!paymentsEnabled || pending}
      >
        {t('buy.choose', { plan: plan.name })}
      </Button>
    );
  }

  return (
    <div
      data-slot="buy-screen"
      className={cn('mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10', className)}
      {...props}
    >
      <PageHeader
        className="max-w-3xl"
        titleId={titleId}
        title={t('buy.title')}
        description={t('buy.subtitle')}
      />

      <div className="mt-6 grid gap-4 empty:hidden">
        {cancelled ? (
          <Alert
            variant="info"
            data-slot="checkout-cancelled"
            title={t('buy.cancelled.title')}
            description={t('buy.cancelled.description')}
          />
        ) : null}
        {!paymentsEnabled ? (
          <Alert
            variant="info"
            data-slot="payments-off"
            title={t('buy.paymentsOff.title')}
            description={t('buy.paymentsOff.description')}
          />
        ) : null}
        {paymentsEnabled && subscribed ? (
          <Alert
            variant="info"
            data-slot="subscribed"
            title={t('buy.subscribed.title')}
            description={t('buy.subscribed.description')}
          />
        ) : null}
      </div>

      <Form {...form}>
        <form
          noValidate
          aria-labelledby={titleId}
          // Enter in the promo code only checks it: buying takes a plan's own button.
          onSubmit={(event) => {
            event.preventDefault();
            void form.trigger();
          }}
          className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between"
        >
          <FormField
            control={form.control}
            name="interval"
            render={({ field }) => (
              <FormItem className="gap-2">
                <FormLabel>{t('buy.interval.label')}</FormLabel>
                <FormControl>
                  <RadioGroup
                    ref={field.ref}
                    value={field.value}
                    onValueChange={field.onChange}
                    className="inline-flex w-fit max-w-full flex-wrap gap-1 rounded-lg border border-border bg-muted p-[3px]"
                  >
                    <IntervalOption value="month" label={t('buy.interval.month')} />
                    <IntervalOption
                      value="year"
                      label={t('buy.interval.year')}
                      badge={
                        saving > 0
                          ? t('buy.interval.saving', { percent: format.percent(saving) })
                          : undefined
                      }
                    />
                  </RadioGroup>
                </FormControl>
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="promo_code"
            render={({ field }) => (
              <FormItem className="w-full sm:max-w-xs">
                <FormLabel optional>{t('buy.promoCode.label')}</FormLabel>
                <FormControl>
                  <Input
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    {...field}
                    value={field.value ?? ''}
                  />
                </FormControl>
                <FormDescription>{t('buy.promoCode.hint')}</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        </form>
      </Form>

      {checkoutStatus === 'error' && !atField ? (
        <Alert
          variant="danger"
          data-slot="checkout-error"
          className="mt-6"
          description={failureText(error ?? { code: ErrorCode.CHECKOUT_FAILED })}
        >
          {error && 'code' in error && error.code === ErrorCode.SUBSCRIPTION_EXISTS ? (
            onManageSubscription ? (
              <Button
                variant="outline"
                size="sm"
                className="mt-2"
                onClick={onManageSubscription}
                loading={managePending}
              >
                {t('buy.manage')}
                <ExternalLink aria-hidden />
              </Button>
            ) : null
          ) : null}
        </Alert>
      ) : null}

      <section aria-label={t('buy.plansLabel')} className="mt-8" aria-busy={status === 'loading'}>
        <LoadState
          status={status}
          placeholder={<PlanPlaceholders />}
          failedText={t('buy.loadFailed')}
          onRetry={onRetry}
        >
          <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
            {plans.map((plan) => (
              <li key={plan.id} className="min-w-0">
                <PlanOfferCard
                  plan={plan}
                  interval={interval}
                  current={plan.id === currentPlanId}
                  action={actionOf(plan)}
                />
              </li>
            ))}
          </ul>
        </LoadState>
      </section>
    </div>
  );
}

interface IntervalOptionProps {
  value: BillingInterval;
  label: string;
  /** The saving the option brings, beside its name. */
  badge?: string | undefined;
}

/** One segment of the monthly/yearly switch: the whole segment is the radio's label. */
function IntervalOption({ value, label, badge }: IntervalOptionProps) {
  const labelId = useId();
  return (
    <label
      data-slot="interval-option"
      className={cn(
        'relative flex min-h-8 cursor-pointer items-center gap-2 rounded-md px-3 py-1 text-sm',
        'font-medium',
        'text-muted-foreground transition-colors hover:text-foreground',
        'has-data-[state=checked]:bg-surface has-data-[state=checked]:text-foreground',
        'has-data-[state=checked]:shadow-xs',
        'has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2',
        'has-focus-visible:ring-offset-background',
      )}
    >
      {/* The radio covers the whole segment, unseen: a click anywhere on it is the radio's. */}
      <RadioGroupItem
        value={value}
        aria-labelledby={labelId}
        className="absolute inset-0 size-auto rounded-md opacity-0"
      />
      <span id={labelId}>{label}</span>
      {badge ? <Badge variant="success">{badge}</Badge> : null}
    </label>
  );
}

function PlanPlaceholders() {
  const { t } = useTranslation();
  return (
    <>
      <span className="sr-only">{t('buy.loading')}</span>
      <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="grid gap-4 rounded-lg border border-border bg-surface p-6">
            <Skeleton className="h-6 w-24" />
            <Skeleton className="h-9 w-32" />
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="mt-4 h-10 w-full" />
          </div>
        ))}
      </div>
    </>
  );
}
