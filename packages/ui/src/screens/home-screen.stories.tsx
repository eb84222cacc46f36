import { planCatalogue } from '@protokoll/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { HomeScreen } from './home-screen.tsx';

const meta = {
  title: 'Screens/Home',
  component: HomeScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    signedIn: false,
    onPrimaryAction: fn(),
    onSignIn: fn(),
    plans: planCatalogue,
    onChoosePlan: fn(),
    pricingHref: '/preise',
  },
} satisfies Meta<typeof HomeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SignedOut: Story = {
  play: async ({ canvas, args, step }) => {
    await expect(canvas.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const steps = canvas.getByRole('region', { name: 'In drei Schritten zum Protokoll' });
    await expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    const [heroCta] = canvas.getAllByRole('button', { name: 'Kostenlos registrieren' });
    await userEvent.click(heroCta!);
    await expect(args.onPrimaryAction).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Anmelden' }));
    await expect(args.onSignIn).toHaveBeenCalledOnce();

    await step('the example note: a decision marks where it was said', async () => {
      const example = canvas.getByRole('region', { name: 'So sieht ein Protokoll aus' });
      await expect(
        within(example).getByRole('heading', { name: 'Projekttreffen Website-Relaunch' }),
      ).toBeVisible();
      const line = within(example).getByRole('button', { name: /Dann starten wir am 2\. März/ });
      await expect(line).not.toHaveAttribute('aria-current');
      await userEvent.click(
        within(example).getByRole('button', { name: /Der Relaunch startet wie geplant/ }),
      );
      await expect(line).toHaveAttribute('aria-current', 'true');
      await expect(
        within(example).getByText('Verantwortlich: Jonas', { exact: false }),
      ).toBeVisible();
    });

    await step('the plans: yearly prices and the upgrade call', async () => {
      const plans = canvas.getByRole('region', { name: 'Tarife' });
      const monthly = within(plans).getByRole('button', { name: 'Monatlich' });
      const yearly = within(plans).getByRole('button', { name: 'Jährlich' });
      await expect(monthly).toHaveAttribute('aria-pressed', 'true');
      const pro = within(plans).getByRole('region', { name: 'Pro' });
      await expect(within(pro).getByText('pro Monat inkl. MwSt.')).toBeVisible();
      await userEvent.click(yearly);
      await expect(yearly).toHaveAttribute('aria-pressed', 'true');
      await expect(within(pro).getByText('pro Jahr inkl. MwSt.')).toBeVisible();
      await userEvent.click(within(pro).getByRole('button', { name: 'Auf Pro upgraden' }));
      await expect(args.onChoosePlan).toHaveBeenCalledWith(
        expect.objectContaining({ id: 'pro' }),
        'year',
      );
      const free = within(plans).getByRole('region', { name: 'Free' });
      await userEvent.click(within(free).getByRole('button', { name: 'Kostenlos registrieren' }));
      await expect(args.onPrimaryAction).toHaveBeenCalledTimes(2);
      await expect(
        within(plans).getByRole('link', { name: 'Alle Einzelheiten zu den Tarifen' }),
      ).toHaveAttribute('href', '/preise');
    });

    await step('the FAQ: a question opens its answer', async () => {
      const faq = canvas.getByRole('region', { name: 'Häufige Fragen' });
      const answer = within(faq).getByText(/Jede angefangene Minute/);
      await expect(answer).not.toBeVisible();
      await userEvent.click(within(faq).getByText('Wie werden Minuten gezählt?'));
      await expect(answer).toBeVisible();
    });
  },
};

export const SignedIn: Story = {
  args: { signedIn: true },
  play: async ({ canvas, args }) => {
    await expect(canvas.queryByRole('button', { name: 'Anmelden' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Kostenlos registrieren' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Zum Dashboard' }));
    await expect(args.onPrimaryAction).toHaveBeenCalledOnce();
    // Upgrading stays on offer; the free plan has nothing to press.
    await userEvent.click(canvas.getByRole('button', { name: 'Auf Business upgraden' }));
    await expect(args.onChoosePlan).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'business' }),
      'month',
    );
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'What the minutes look like' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Upgrade to Starter' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Frequently asked questions' })).toBeVisible();
    await expect(canvas.getByText('Owner: Jonas', { exact: false })).toBeVisible();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
