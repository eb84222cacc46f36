import { planCatalogue } from '@protokoll/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { expectNoOverflow } from '../lib/story-helpers.ts';
import { ExampleNote, HomeFaq, HomePlans } from './home-sections.tsx';

const meta = {
  title: 'Screens/Home/Parts/HomeSections',
  component: HomePlans,
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          "The home page's sections below the steps: HomePlans (the plan catalogue with monthly or yearly prices and an upgrade call each), ExampleNote (a finished note made of the reader's own parts) and HomeFaq (questions as native disclosures). HomeScreen puts them in place; they need no server data, so the page is prerendered with them.",
      },
    },
  },
  args: {
    plans: planCatalogue,
    signedIn: false,
    onChoosePlan: fn(),
    onSignUp: fn(),
    pricingHref: '/preise',
  },
  decorators: [
    (Story) => (
      <div className="mx-auto w-full max-w-5xl px-4 pt-8 sm:px-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof HomePlans>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Signed out: monthly prices first, yearly on demand; the free plan offers the sign-up. */
export const Plans: Story = {
  play: async ({ canvas, args }) => {
    const plans = canvas.getByRole('region', { name: 'Tarife' });
    const interval = within(plans).getByRole('group', { name: 'Preise anzeigen' });
    const monthly = within(interval).getByRole('button', { name: 'Monatlich' });
    const yearly = within(interval).getByRole('button', { name: 'Jährlich' });
    await expect(monthly).toHaveAttribute('aria-pressed', 'true');
    await expect(yearly).toHaveAttribute('aria-pressed', 'false');
    await expect(within(plans).getAllByRole('region')).toHaveLength(planCatalogue.length);

    await userEvent.click(within(plans).getByRole('button', { name: 'Kostenlos registrieren' }));
    await expect(args.onSignUp).toHaveBeenCalledOnce();
    await userEvent.click(within(plans).getByRole('button', { name: 'Auf Pro upgraden' }));
    await expect(args.onChoosePlan).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'pro' }),
      'month',
    );
    await expect(
      within(plans).getByRole('link', { name: 'Alle Einzelheiten zu den Tarifen' }),
    ).toHaveAttribute('href', '/preise');
  },
};

/** Yearly prices chosen: the upgrade then carries the yearly interval. */
export const PlansYearly: Story = {
  play: async ({ canvas, args }) => {
    const yearly = canvas.getByRole('button', { name: 'Jährlich' });
    await userEvent.click(yearly);
    await expect(yearly).toHaveAttribute('aria-pressed', 'true');
    const pro = canvas.getByRole('region', { name: 'Pro' });
    await expect(within(pro).getByText('pro Jahr inkl. MwSt.')).toBeVisible();
    await userEvent.click(within(pro).getByRole('button', { name: 'Auf Pro upgraden' }));
    await expect(args.onChoosePlan).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'pro' }),
      'year',
    );
  },
};

/** Signed in: the free plan has nothing to press, and without `pricingHref` no link. */
export const PlansSignedIn: Story = {
  args: { signedIn: true, pricingHref: undefined },
  play: async ({ canvas }) => {
    const free = canvas.getByRole('region', { name: 'Free' });
    await expect(within(free).queryByRole('button')).toBeNull();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

/** The example note: a decision marks the passage where it was said. */
export const Example: Story = {
  render: () => <ExampleNote />,
  play: async ({ canvas }) => {
    const example = canvas.getByRole('region', { name: 'So sieht ein Protokoll aus' });
    const note = within(example).getByRole('article', { name: 'Projekttreffen Website-Relaunch' });
    await expect(within(note).getByText('Beispiel · 3 Personen · 18 Minuten')).toBeVisible();
    const line = within(note).getByRole('button', { name: /Dann starten wir am 2\. März/ });
    await expect(line).not.toHaveAttribute('aria-current');
    await userEvent.click(
      within(note).getByRole('button', { name: /Der Relaunch startet wie geplant/ }),
    );
    await expect(line).toHaveAttribute('aria-current', 'true');
  },
};

/** The questions as native disclosures: closed until clicked, then the answer shows. */
export const Faq: Story = {
  render: () => <HomeFaq />,
  play: async ({ canvas }) => {
    const faq = canvas.getByRole('region', { name: 'Häufige Fragen' });
    await expect(faq.querySelectorAll('details')).toHaveLength(4);
    const answer = within(faq).getByText(/Jede angefangene Minute/);
    await expect(answer).not.toBeVisible();
    await userEvent.click(within(faq).getByText('Wie werden Minuten gezählt?'));
    await expect(answer).toBeVisible();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    const plans = canvas.getByRole('region', { name: 'Plans' });
    await expect(within(plans).getByRole('button', { name: 'Upgrade to Starter' })).toBeVisible();
    await expect(within(plans).getByRole('button', { name: 'Sign up for free' })).toBeVisible();
  },
};

export const ExampleEnglish: Story = {
  globals: { locale: 'en' },
  render: () => <ExampleNote />,
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { name: 'Website relaunch project meeting' }),
    ).toBeVisible();
    await expect(canvas.getByText('Owner: Jonas', { exact: false })).toBeVisible();
  },
};

/** On a phone the plan cards stack and nothing runs out sideways. */
export const PlansMobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas, canvasElement }) => {
    const [first, second] = within(canvas.getByRole('region', { name: 'Tarife' })).getAllByRole(
      'region',
    );
    await expect(second!.getBoundingClientRect().top).toBeGreaterThan(
      first!.getBoundingClientRect().bottom,
    );
    await expectNoOverflow(canvasElement);
  },
};

/** The example note on a phone: summary over transcript, long lines wrapped. */
export const ExampleMobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  render: () => <ExampleNote />,
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};
