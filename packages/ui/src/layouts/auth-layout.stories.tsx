import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Button } from '../components/button.tsx';
import { Field } from '../components/field.tsx';
import { Input } from '../components/input.tsx';
import { LanguageLinks } from '../components/language-links.tsx';
import { Link } from '../components/link.tsx';
import { PasswordInput } from '../components/password-input.tsx';
import { AuthLayout } from './auth-layout.tsx';

function FakeLoginForm() {
  return (
    <form className="grid gap-4" onSubmit={(event) => event.preventDefault()}>
      <Field label="E-Mail-Adresse">
        <Input type="email" autoComplete="email" defaultValue="anna.mueller@example.de" />
      </Field>
      <Field label="Passwort">
        <PasswordInput autoComplete="current-password" />
      </Field>
      <div className="flex justify-end text-sm">
        <Link href="/forgot-password">Passwort vergessen?</Link>
      </div>
      <Button type="submit" className="w-full">
        Anmelden
      </Button>
    </form>
  );
}

const meta = {
  title: 'Layouts/AuthLayout',
  component: AuthLayout,
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'Anmelden',
    description: 'Willkommen zurück! Melden Sie sich mit Ihrer E-Mail-Adresse an.',
    homeHref: '/',
    children: <FakeLoginForm />,
    footer: (
      <p>
        Noch kein Konto? <Link href="/register">Jetzt registrieren</Link>
      </p>
    ),
    languageSwitch: (
      <LanguageLinks hrefs={{ de: '/login', en: '/en/login' }} onLocaleChange={fn()} />
    ),
  },
} satisfies Meta<typeof AuthLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('banner')).toBeVisible();
    await expect(canvas.getByRole('main')).toBeVisible();
    await expect(canvas.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Anmelden');
    await expect(canvas.getByRole('link', { name: 'Protokoll' })).toHaveAttribute('href', '/');
    await expect(canvas.getByRole('link', { name: 'English' })).toHaveAttribute(
      'href',
      '/en/login',
    );
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement, canvas }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    // No card chrome on phones: the card blends into the page.
    const card = canvasElement.querySelector('[data-slot="card"]');
    await expect(card).not.toBeNull();
    await expect(getComputedStyle(card!).borderTopWidth).toBe('0px');
    await expect(canvas.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  },
};

export const WithoutExtras: Story = {
  args: {
    description: undefined,
    footer: undefined,
    languageSwitch: undefined,
    homeHref: undefined,
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link', { name: 'Protokoll' })).toBeNull();
    await expect(canvas.getByText('Protokoll')).toBeVisible();
  },
};
