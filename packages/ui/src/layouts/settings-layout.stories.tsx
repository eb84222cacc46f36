import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { UiProvider } from '../lib/ui-provider.tsx';
import { SettingsLayout, type SettingsNavItem } from './settings-layout.tsx';

/** Stands in for the app's router link: navigates client-side (recorded here) instead of leaving. */
const navigate = fn().mockName('navigate');
function FakeRouterLink({
  to,
  onClick,
  children,
  ...props
}: React.ComponentProps<'a'> & { to: string }) {
  return (
    <a
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        navigate(to);
      }}
      {...props}
    >
      {children}
    </a>
  );
}

const items: SettingsNavItem[] = [
  { key: 'profile', label: 'Profil', href: '/settings/profile', current: true },
  { key: 'subscription', label: 'Abo', href: '/settings/subscription' },
];

function SectionPlaceholder({ title, text }: { title: string; text: string }) {
  return (
    <section className="rounded-lg border border-border bg-surface p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-2 text-sm text-muted-foreground">{text}</p>
    </section>
  );
}

const meta = {
  title: 'Layouts/SettingsLayout',
  component: SettingsLayout,
  parameters: { layout: 'fullscreen' },
  args: {
    items,
    children: (
      <SectionPlaceholder
        title="Profil"
        text="Hier steht der Inhalt des gewählten Bereichs, zum Beispiel das Profilformular."
      />
    ),
  },
} satisfies Meta<typeof SettingsLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
    const nav = canvas.getByRole('navigation', { name: 'Bereiche der Einstellungen' });
    await expect(nav).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Profil' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const subscription = canvas.getByRole('link', { name: 'Abo' });
    await expect(subscription).not.toHaveAttribute('aria-current');
    await expect(subscription).toHaveAttribute('href', '/settings/subscription');
  },
};

export const Subscription: Story = {
  args: {
    items: items.map((item) => ({ ...item, current: item.key === 'subscription' })),
    children: (
      <SectionPlaceholder title="Abo" text="Tarif, Minuten und die Verwaltung im Kundenportal." />
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Abo' })).toHaveAttribute('aria-current', 'page');
  },
};

/** With the app's router link: a click navigates client-side instead of reloading. */
export const WithRouterLink: Story = {
  decorators: [
    (Story) => (
      <UiProvider
        renderLink={(item, children) => <FakeRouterLink to={item.href}>{children}</FakeRouterLink>}
      >
        <Story />
      </UiProvider>
    ),
  ],
  play: async ({ canvas }) => {
    navigate.mockClear();
    await userEvent.click(canvas.getByRole('link', { name: 'Abo' }));
    await expect(navigate).toHaveBeenCalledWith('/settings/subscription');
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: {
    items: [
      { key: 'profile', label: 'Profile', href: '/en/settings/profile', current: true },
      { key: 'subscription', label: 'Subscription', href: '/en/settings/subscription' },
    ],
    children: <SectionPlaceholder title="Profile" text="The chosen section's content goes here." />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Settings sections' })).toBeVisible();
  },
};
