import { planFeature, type PlanOffer } from '@protokoll/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { planCatalogue } from '@protokoll/mocks/fixtures';
import { expectCalledOnceWith, expectNoOverflow } from '../../lib/story-helpers.ts';
import { BuyScreen, type BuyScreenProps } from './buy-screen.tsx';

/** The field's error text, found through the field's own `aria-describedby`. */
function describedBy(control: HTMLElement): string {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const plainText = (element: Element) => element.textContent?.replace(/[\u00a0\u202f]/g, ' ');

const meta = {
  title: 'Screens/Billing/Buy',
  component: BuyScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    plans: planCatalogue,
    status: 'ready',
    currentPlanId: 'free',
    paymentsEnabled: true,
    onCheckout: fn(),
    onRetry: fn(),
    onManageSubscription: fn(),
  },
} satisfies Meta<typeof BuyScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A Free user: the four plans per month, Free marked, one action per paid plan. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Tarif wählen' })).toBeVisible();
    await expect(canvas.getByRole('radio', { name: 'Monatlich' })).toBeChecked();

    const free = within(canvas.getByRole('region', { name: 'Free' }));
    await expect(free.getByText('Ihr aktueller Tarif')).toBeVisible();
    await expect(free.queryByRole('button')).toBeNull();

    const pro = canvas.getByRole('region', { name: 'Pro' });
    await expect(plainText(pro.querySelector('[data-slot="plan-price"]')!)).toBe('29 €');
    await expect(within(pro).getByText('pro Monat inkl. MwSt.')).toBeVisible();
    await expect(within(pro).getByText('1.200 Minuten im Monat')).toBeVisible();
    await expect(within(pro).getByText('Sprechererkennung')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: /wählen$/ })).toHaveLength(3);

    await userEvent.click(within(pro).getByRole('button', { name: 'Pro wählen' }));
    await expectCalledOnceWith(args.onCheckout, {
      product_id: 'pro',
      interval: 'month',
      promo_code: undefined,
    });
  },
};

/** Yearly prices with their monthly equivalent and saving; the promo code travels along. */
export const Yearly: Story = {
  play: async ({ canvas, args }) => {
    const yearly = canvas.getByRole('radio', { name: 'Jährlich' });
    await expect(plainText(yearly.closest('label')!)).toContain('bis zu 17 % sparen');
    await userEvent.click(yearly);
    await expect(yearly).toBeChecked();

    const pro = canvas.getByRole('region', { name: 'Pro' });
    await expect(plainText(pro.querySelector('[data-slot="plan-price"]')!)).toBe('290 €');
    await expect(within(pro).getByText('pro Jahr inkl. MwSt.')).toBeVisible();
    await expect(within(pro).getByText('entspricht 24,17 € im Monat')).toBeVisible();
    await expect(within(pro).getByText('17 % günstiger als monatlich')).toBeVisible();

    await userEvent.type(canvas.getByLabelText(/^Aktionscode/), '  FRUEHLING ');
    await userEvent.click(within(pro).getByRole('button', { name: 'Pro wählen' }));
    await expectCalledOnceWith(args.onCheckout, {
      product_id: 'pro',
      interval: 'year',
      promo_code: 'FRUEHLING',
    });
  },
};

/** The switch starts on yearly when the app says so. */
export const YearlyDefault: Story = {
  args: { defaultInterval: 'year' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: 'Jährlich' })).toBeChecked();
    const business = canvas.getByRole('region', { name: 'Business' });
    await expect(plainText(business.querySelector('[data-slot="plan-price"]')!)).toBe('990 €');
  },
};

/** A promo code the contract refuses (too long) stops at its field; nothing is started. */
export const Invalid: Story = {
  play: async ({ canvas, args }) => {
    const code = canvas.getByLabelText(/^Aktionscode/);
    await userEvent.type(code, 'X'.repeat(65));
    await userEvent.click(canvas.getByRole('button', { name: 'Starter wählen' }));
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    await expect(describedBy(code)).toContain('Diese Eingabe ist zu lang.');
    await expect(code).toHaveFocus();
    await expect(args.onCheckout).not.toHaveBeenCalled();
  },
};

/** The checkout is being created: the chosen plan's button spins, the others wait. */
export const Starting: Story = {
  render: function Render(args: BuyScreenProps) {
    const [status, setStatus] = useState<BuyScreenProps['checkoutStatus']>('idle');
    return (
      <BuyScreen
        {...args}
        checkoutStatus={status}
        onCheckout={(choice) => {
          args.onCheckout(choice);
          setStatus('pending');
        }}
      />
    );
  },
  play: async ({ canvas }) => {
    const choose = canvas.getByRole('button', { name: 'Business wählen' });
    await userEvent.click(choose);
    await waitFor(() => expect(choose).toHaveAttribute('aria-busy', 'true'));
    await expect(canvas.getByRole('button', { name: 'Pro wählen' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Starter wählen' })).toBeDisabled();
  },
};

/** Stripe does not know the promo code (422): the message sits at the field, no banner. */
export const UnknownPromoCode: Story = {
  args: {
    checkoutStatus: 'error',
    error: { code: 'checkoutFailed' },
    fieldErrors: [{ path: 'promo_code', message: 'validation.promoCodeUnknown' }],
  },
  play: async ({ canvas }) => {
    const code = canvas.getByLabelText(/^Aktionscode/);
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    await expect(describedBy(code)).toContain(
      'Diesen Aktionscode gibt es nicht oder er ist abgelaufen.',
    );
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** docs/errors.md#texts-by-context: a 5xx reads as the server error, above the plans. */
export const CheckoutFailed: Story = {
  args: { checkoutStatus: 'error', error: { code: 'server' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Serverfehler. Bitte versuchen Sie es später erneut.',
    );
    // The plans stay choosable for another try.
    await expect(canvas.getByRole('button', { name: 'Pro wählen' })).toBeEnabled();
  },
};

/** docs/errors.md#texts-by-context: 404 "Plan not found". */
export const PlanNotFound: Story = {
  args: { checkoutStatus: 'error', error: { code: 'planNotFound' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Tarif nicht gefunden');
  },
};

/** docs/errors.md#texts-by-context: the default, "Failed to create checkout session". */
export const CheckoutFailedDefault: Story = {
  args: { checkoutStatus: 'error', error: { code: 'checkoutFailed' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Bezahlvorgang konnte nicht gestartet werden',
    );
  },
};

/** A subscriber tried to buy a second plan (409): the portal is one click away. */
export const SubscriptionExists: Story = {
  args: { checkoutStatus: 'error', error: { code: 'subscriptionExists' } },
  play: async ({ canvas, args }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(
      'Sie haben bereits ein Abonnement. Tarifwechsel und Kündigung erledigen Sie im Kundenportal.',
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Abo verwalten' }));
    await expect(args.onManageSubscription).toHaveBeenCalledOnce();
  },
};

/** The server has no payment provider: said before anyone clicks, nothing can be chosen. */
export const PaymentsDisabled: Story = {
  args: { paymentsEnabled: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Käufe sind derzeit nicht möglich');
    for (const name of ['Starter wählen', 'Pro wählen', 'Business wählen']) {
      await expect(canvas.getByRole('button', { name })).toBeDisabled();
    }
  },
};

/** Payments were switched off after the page loaded: the 503 reads as its own text. */
export const PaymentsDisabledAnswer: Story = {
  args: { checkoutStatus: 'error', error: { code: 'paymentsDisabled' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Zahlungen sind nicht eingerichtet.');
  },
};

/** Back from a cancelled checkout: nothing was charged. */
export const Cancelled: Story = {
  args: { cancelled: true },
  play: async ({ canvas }) => {
    const notice = canvas.getByRole('status');
    await expect(notice).toHaveTextContent('Bezahlvorgang abgebrochen');
    await expect(notice).toHaveTextContent('Es wurde nichts berechnet');
  },
};

/** A Pro subscriber: changes go through the customer portal, never a second checkout. */
export const Subscribed: Story = {
  args: { currentPlanId: 'pro', subscribed: true },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Sie haben bereits ein Abo');
    const pro = within(canvas.getByRole('region', { name: 'Pro' }));
    await expect(pro.getByText('Ihr aktueller Tarif')).toBeVisible();
    await expect(pro.queryByRole('button')).toBeNull();
    await expect(canvas.queryByRole('button', { name: /wählen$/ })).toBeNull();
    const business = within(canvas.getByRole('region', { name: 'Business' }));
    await userEvent.click(business.getByRole('button', { name: 'Im Kundenportal wechseln' }));
    await expect(args.onManageSubscription).toHaveBeenCalledOnce();
    await expect(args.onCheckout).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { status: 'loading', plans: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Tarife werden geladen …')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /wählen$/ })).toBeNull();
  },
};

export const Error: Story = {
  args: { status: 'error', plans: undefined },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Die Tarife konnten nicht geladen werden.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

const longPlan: PlanOffer = {
  id: 'enterprise',
  name: 'Unternehmenslizenz für Donaudampfschifffahrtsgesellschaften',
  type: 'paid',
  features: [
    planFeature.minutes6000,
    planFeature.premiumModel,
    planFeature.speakerDetection,
    planFeature.team10,
    planFeature.allExports,
  ],
  minutes_per_month: null,
  max_file_minutes: null,
  price_month: 129_900,
  price_year: 1_299_000,
  currency: 'EUR',
};

/** A long plan name and big prices wrap inside their card. */
export const LongContent: Story = {
  args: { plans: [...planCatalogue, longPlan] },
  play: async ({ canvas, canvasElement }) => {
    const long = canvas.getByRole('region', { name: longPlan.name });
    await expect(within(long).getByText('Unbegrenzte Minuten')).toBeVisible();
    await expectNoOverflow(canvasElement);
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { cancelled: true },
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: 'Yearly' }));
    const pro = canvas.getByRole('region', { name: 'Pro' });
    await expect(plainText(pro.querySelector('[data-slot="plan-price"]')!)).toBe('€290');
    await expect(within(pro).getByText('€24.17 a month')).toBeVisible();
    await expect(within(pro).getByText('17% less than monthly')).toBeVisible();
    await expect(within(pro).getByText('1,200 minutes a month')).toBeVisible();
    await userEvent.click(within(pro).getByRole('button', { name: 'Choose Pro' }));
    await expect(args.onCheckout).toHaveBeenCalledOnce();
  },
};

/** English, with the catalogue's wording of a failed checkout and the cancelled notice. */
export const EnglishCheckoutFailed: Story = {
  globals: { locale: 'en' },
  args: { cancelled: true, checkoutStatus: 'error', error: { code: 'checkoutFailed' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to create checkout session');
    await expect(canvas.getByRole('status')).toHaveTextContent('Checkout cancelled');
  },
};

export const EnglishPaymentsDisabled: Story = {
  globals: { locale: 'en' },
  args: { paymentsEnabled: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Payments are not configured on this server.',
    );
    await expect(canvas.getByRole('button', { name: 'Choose Pro' })).toBeDisabled();
  },
};
