import type { BillingInterval, PlanOffer } from '@protokoll/contract';
import { ArrowRight, AudioLines, ClipboardList, Upload, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/button.tsx';
import { cn } from '../lib/cn.ts';
import { ExampleNote, HomeFaq, HomePlans } from './home-sections.tsx';

const steps: { key: 'upload' | 'transcribe' | 'protocol'; icon: LucideIcon }[] = [
  { key: 'upload', icon: Upload },
  { key: 'transcribe', icon: AudioLines },
  { key: 'protocol', icon: ClipboardList },
];

export interface HomeScreenProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** A signed-in visitor sees "To the dashboard" instead of the sign-up call. */
  signedIn: boolean;
  /** The main call to action: sign up when signed out, go to the dashboard when signed in. */
  onPrimaryAction: () => void;
  /** "Sign in" was pressed (only offered when signed out). */
  onSignIn: () => void;
  /** The plan catalogue shown with its prices (the contract's default offers). */
  plans: readonly PlanOffer[];
  /** A paid plan's upgrade button was pressed, with the interval whose prices were shown. */
  onChoosePlan: (plan: PlanOffer, interval: BillingInterval) => void;
  /** The pricing page of the active locale, linked under the plans. */
  pricingHref?: string | undefined;
}

/**
 * The public home page: what Protokoll does in three steps, an example note as the reader shows
 * it, the plans with their prices, a short FAQ and a call to action. No images.
 */
export function HomeScreen({
  signedIn,
  onPrimaryAction,
  onSignIn,
  plans,
  onChoosePlan,
  pricingHref,
  className,
  ...props
}: HomeScreenProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const stepsId = useId();
  const closingId = useId();
  const primaryLabel = signedIn ? t('home.cta.dashboard') : t('home.cta.signUp');

  return (
    <div
      data-slot="home-screen"
      className={cn('mx-auto w-full max-w-5xl px-4 sm:px-6', className)}
      {...props}
    >
      <section aria-labelledby={titleId} className="py-14 text-center sm:py-24">
        <p className="text-sm font-medium text-primary">{t('home.eyebrow')}</p>
        <h1
          id={titleId}
          className="mx-auto mt-3 max-w-3xl text-3xl font-semibold tracking-tight text-balance text-foreground sm:text-5xl"
        >
          {t('home.title')}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-muted-foreground">
          {t('home.lead')}
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" onClick={onPrimaryAction}>
            {primaryLabel}
            <ArrowRight aria-hidden />
          </Button>
          {signedIn ? null : (
            <Button size="lg" variant="outline" onClick={onSignIn}>
              {t('home.cta.signIn')}
            </Button>
          )}
        </div>
        {signedIn ? null : (
          <p className="mt-4 text-sm text-muted-foreground">{t('home.cta.free')}</p>
        )}
      </section>

      <section aria-labelledby={stepsId} className="pb-14 sm:pb-24">
        <h2
          id={stepsId}
          className="text-center text-2xl font-semibold tracking-tight text-balance text-foreground"
        >
          {t('home.steps.title')}
        </h2>
        <ol className="mt-8 grid gap-4 sm:mt-10 md:grid-cols-3 md:gap-6">
          {steps.map(({ key, icon: Icon }, index) => (
            <li key={key} className="rounded-lg border border-border bg-surface p-6 shadow-xs">
              <div className="flex items-center gap-3">
                <span
                  aria-hidden
                  className="flex size-10 items-center justify-center rounded-md bg-accent text-accent-foreground"
                >
                  <Icon className="size-5" />
                </span>
                <span className="text-sm font-medium text-muted-foreground">
                  {t('home.steps.stepLabel', { number: index + 1 })}
                </span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-foreground">
                {t(`home.steps.${key}.title`)}
              </h3>
              <p className="mt-2 text-pretty text-muted-foreground">
                {t(`home.steps.${key}.description`)}
              </p>
            </li>
          ))}
        </ol>
      </section>

      <ExampleNote />
      <HomePlans
        plans={plans}
        signedIn={signedIn}
        onChoosePlan={onChoosePlan}
        onSignUp={onPrimaryAction}
        pricingHref={pricingHref}
      />
      <HomeFaq />

      {signedIn ? null : (
        <section
          aria-labelledby={closingId}
          className="mb-14 rounded-xl bg-muted px-6 py-10 text-center sm:mb-24 sm:px-10"
        >
          <h2
            id={closingId}
            className="text-2xl font-semibold tracking-tight text-balance text-foreground"
          >
            {t('home.cta.closingTitle')}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-pretty text-muted-foreground">
            {t('home.cta.closingText')}
          </p>
          <Button size="lg" className="mt-6" onClick={onPrimaryAction}>
            {primaryLabel}
            <ArrowRight aria-hidden />
          </Button>
        </section>
      )}
    </div>
  );
}
