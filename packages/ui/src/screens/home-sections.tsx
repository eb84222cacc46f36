/*
 * The home page's sections below the steps (docs/product.md#home-page): an example note made of
 * the reader's own parts, the plan catalogue with the billing cards, and a short FAQ. All of it
 * renders without data from the server, so the page is prerendered with it.
 */
import type { BillingInterval, PlanOffer, Segment, Summary } from '@protokoll/contract';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Button } from '../components/button.tsx';
import { linkVariants } from '../components/link.tsx';
import { cn } from '../lib/cn.ts';
import { useFormat } from '../lib/format.ts';
import { ItemLink } from '../lib/render-link.tsx';
import { PlanOfferCard, yearlySaving } from '../widgets/plan-offer-card.tsx';
import { SummarySection, TranscriptSection } from '../widgets/reader-parts.tsx';

const sectionTitle = 'text-2xl font-semibold tracking-tight text-balance text-foreground';

/** The example note's speakers (names are the same in every language). */
export const EXAMPLE_SPEAKERS: Record<string, string> = { S1: 'Erika', S2: 'Jonas', S3: 'Aylin' };

/**
 * The example note: a few passages of an 18-minute meeting and the summary made of them, with
 * the texts of the active language (`home.example`).
 */
export function exampleNote(t: TFunction): { summary: Summary; segments: Segment[] } {
  const segment = (n: 1 | 2 | 3 | 4 | 5 | 6, speaker: string, start: number, end: number) => ({
    speaker,
    start,
    end,
    text: t(`home.example.segment${n}`),
  });
  return {
    segments: [
      segment(1, 'S1', 12, 21),
      segment(2, 'S2', 254, 262),
      segment(3, 'S1', 268, 276),
      segment(4, 'S3', 611, 615),
      segment(5, 'S2', 618, 625),
      segment(6, 'S3', 1003, 1010),
    ],
    summary: {
      title: t('home.example.noteTitle'),
      overview: t('home.example.overview'),
      topics: [],
      decisions: [
        { text: t('home.example.decision1'), start: 268 },
        { text: t('home.example.decision2'), start: 254 },
      ],
      action_items: [
        {
          task: t('home.example.action1'),
          owner: EXAMPLE_SPEAKERS.S2!,
          // Written as the reader would show the day, not as a calendar day: the first date
          // formatted in a page costs tens of milliseconds (the engine sets up its date formats),
          // and here it would fall into hydration (docs/architecture.md#prerendered-pages).
          due: t('home.example.action1Due'),
          start: 618,
        },
        { task: t('home.example.action2'), owner: EXAMPLE_SPEAKERS.S3!, start: 1003 },
      ],
      generator: 'llm',
    },
  };
}

/** A finished note as the reader shows it: summary beside transcript, items mark their passage. */
export function ExampleNote() {
  const { t } = useTranslation();
  const titleId = useId();
  const noteTitleId = useId();
  const [position, setPosition] = useState<number | null>(null);
  const { summary, segments } = exampleNote(t);

  return (
    <section aria-labelledby={titleId} data-slot="home-example" className="pb-14 sm:pb-24">
      <h2 id={titleId} className={cn(sectionTitle, 'text-center')}>
        {t('home.example.title')}
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-pretty text-muted-foreground">
        {t('home.example.lead')}
      </p>
      <article
        aria-labelledby={noteTitleId}
        className="mt-8 grid gap-6 rounded-xl border border-border bg-surface p-4 shadow-sm sm:mt-10 sm:p-8"
      >
        <header className="grid gap-1">
          <p className="text-sm font-medium text-primary">{t('home.example.label')}</p>
          <h3
            id={noteTitleId}
            className="text-xl font-semibold tracking-tight text-balance text-foreground"
          >
            {summary.title}
          </h3>
          <p className="text-sm text-muted-foreground">{t('home.example.meta')}</p>
        </header>
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-x-10 gap-y-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <SummarySection summary={summary} onSeek={setPosition} level={3} />
          <TranscriptSection
            segments={segments}
            speakerNames={EXAMPLE_SPEAKERS}
            kept
            position={position}
            onSeek={setPosition}
            level={3}
          />
        </div>
      </article>
    </section>
  );
}

export interface HomePlansProps {
  /** The plan catalogue (the contract's default offers). */
  plans: readonly PlanOffer[];
  /** Signed out, the free plan offers the sign-up. */
  signedIn: boolean;
  /** A paid plan's upgrade button was pressed, with the interval shown. */
  onChoosePlan: (plan: PlanOffer, interval: BillingInterval) => void;
  /** The free plan's sign-up button was pressed (signed out only). */
  onSignUp: () => void;
  /** The pricing page of the active locale; a link under the cards when given. */
  pricingHref?: string | undefined;
}

/** The plans with monthly or yearly prices and an upgrade call each. */
export function HomePlans({
  plans,
  signedIn,
  onChoosePlan,
  onSignUp,
  pricingHref,
}: HomePlansProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  const [interval, setShownInterval] = useState<BillingInterval>('month');
  const saving = Math.max(0, ...plans.map(yearlySaving));
  const options: { value: BillingInterval; label: string }[] = [
    { value: 'month', label: t('buy.interval.month') },
    { value: 'year', label: t('buy.interval.year') },
  ];

  const actionOf = (plan: PlanOffer) => {
    if (plan.type === 'free') {
      return signedIn ? null : (
        <Button variant="outline" onClick={onSignUp}>
          {t('home.cta.signUp')}
        </Button>
      );
    }
    return (
      <Button onClick={() => onChoosePlan(plan, interval)}>
        {t('home.plans.upgrade', { plan: plan.name })}
      </Button>
    );
  };

  return (
    <section aria-labelledby={titleId} data-slot="home-plans" className="pb-14 sm:pb-24">
      <h2 id={titleId} className={cn(sectionTitle, 'text-center')}>
        {t('home.plans.title')}
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-pretty text-muted-foreground">
        {t('home.plans.lead')}
      </p>
      <div className="mt-6 flex flex-col items-center gap-2">
        <div
          role="group"
          aria-label={t('home.plans.intervalLabel')}
          className="inline-flex gap-1 rounded-lg border border-border bg-muted p-[3px]"
        >
          {options.map((option) => (
            <Button
              key={option.value}
              size="sm"
              variant={interval === option.value ? 'outline' : 'ghost'}
              aria-pressed={interval === option.value}
              className={cn(interval !== option.value && 'text-muted-foreground')}
              onClick={() => setShownInterval(option.value)}
            >
              {option.label}
            </Button>
          ))}
        </div>
        {saving > 0 ? (
          <p className="text-sm font-medium text-success">
            {t('buy.interval.saving', { percent: format.percent(saving) })}
          </p>
        ) : null}
      </div>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {plans.map((plan) => (
          <li key={plan.id} className="min-w-0">
            <PlanOfferCard
              plan={plan}
              interval={interval}
              current={false}
              titleLevel={3}
              action={actionOf(plan)}
            />
          </li>
        ))}
      </ul>
      {pricingHref ? (
        <p className="mt-6 text-center text-sm">
          <ItemLink
            item={{ key: 'pricing', label: t('home.plans.details'), href: pricingHref }}
            className={linkVariants()}
          >
            {t('home.plans.details')}
          </ItemLink>
        </p>
      ) : null}
    </section>
  );
}

const FAQ = [1, 2, 3, 4] as const;

/** A few questions, each a native disclosure (`<details>`): works before the script has run. */
export function HomeFaq() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} data-slot="home-faq" className="pb-14 sm:pb-24">
      <h2 id={titleId} className={cn(sectionTitle, 'text-center')}>
        {t('home.faq.title')}
      </h2>
      <div className="mx-auto mt-8 max-w-3xl divide-y divide-border rounded-lg border border-border bg-surface">
        {FAQ.map((n) => (
          <details key={n} className="group">
            <summary
              className={cn(
                'flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg px-5 py-4',
                'font-medium text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring',
                '[&::-webkit-details-marker]:hidden',
              )}
            >
              {t(`home.faq.q${n}`)}
              <ChevronDown
                aria-hidden
                className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="px-5 pb-4 text-pretty text-muted-foreground">{t(`home.faq.a${n}`)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
