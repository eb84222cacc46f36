import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  CreditCard,
  FileText,
  LayoutDashboard,
  LifeBuoy,
  Mic,
  Star,
  UserRound,
} from 'lucide-react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { UiProvider } from '../lib/ui-provider.tsx';
import { AppShell, type LinkItem, type NavItem } from './app-shell.tsx';

/**
 * Stands in for the app's router link: like a real one it runs the `onClick` it is given first,
 * then navigates client-side (recorded here) instead of leaving the story.
 */
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
const fakeRouterLink = (item: LinkItem, children: React.ReactNode) => (
  <FakeRouterLink to={item.href}>{children}</FakeRouterLink>
);

const navItems: NavItem[] = [
  {
    key: 'dashboard',
    label: 'Dashboard',
    href: '/dashboard',
    icon: <LayoutDashboard />,
    current: true,
  },
  { key: 'protocol', label: 'Neues Protokoll', href: '/protocol', icon: <Mic /> },
  { key: 'notes', label: 'Notizen', href: '/notes', icon: <FileText /> },
  { key: 'saved', label: 'Gemerkt', href: '/saved-notes', icon: <Star /> },
  { key: 'support', label: 'Support', href: '/support', icon: <LifeBuoy /> },
];

function PageContent() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
      <p className="mt-2 text-muted-foreground">
        Hier erscheinen Ihre Minuten, Ihr Tarif und Ihre letzten Notizen.
      </p>
    </div>
  );
}

const meta = {
  title: 'Layouts/AppShell',
  component: AppShell,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <UiProvider renderLink={fakeRouterLink}>
        <Story />
      </UiProvider>
    ),
  ],
  globals: { viewport: { value: 'desktop', isRotated: false } },
  args: {
    navItems,
    homeHref: '/dashboard',
    languageHrefs: { de: '/dashboard', en: '/en/dashboard' },
    onLocaleChange: fn(),
    theme: 'system',
    onThemeChange: fn(),
    user: { firstName: 'Anna-Lena', lastName: 'Müller', email: 'anna-lena.mueller@example.de' },
    onLogout: fn(),
    onSignIn: fn(),
    userMenuItems: [
      { key: 'profile', label: 'Profil', href: '/settings/profile', icon: <UserRound /> },
      {
        key: 'subscription',
        label: 'Abo und Minuten',
        href: '/settings/subscription',
        icon: <CreditCard />,
      },
      { key: 'support', label: 'Hilfe und Support', href: '/support', icon: <LifeBuoy /> },
    ],
    children: <PageContent />,
  },
  beforeEach: () => {
    navigate.mockClear();
  },
} satisfies Meta<typeof AppShell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args, step }) => {
    await step('landmarks', async () => {
      await expect(canvas.getByRole('banner')).toBeVisible();
      await expect(canvas.getByRole('main')).toBeVisible();
      const nav = canvas.getByRole('navigation', { name: 'Hauptnavigation' });
      await expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(within(nav).getByRole('link', { name: 'Notizen' })).not.toHaveAttribute(
        'aria-current',
      );
      await expect(canvas.queryByRole('button', { name: 'Menü öffnen' })).toBeNull();
    });

    await step('skip link is the first stop and focuses main', async () => {
      await userEvent.tab();
      const skip = canvas.getByRole('link', { name: 'Zum Inhalt springen' });
      await expect(skip).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      await expect(canvas.getByRole('main')).toHaveFocus();
    });

    await step('navigation goes through the provided renderLink', async () => {
      await userEvent.click(canvas.getByRole('link', { name: 'Notizen' }));
      await expect(navigate).toHaveBeenCalledWith('/notes');
    });

    await step('user menu', async () => {
      await userEvent.click(
        canvas.getByRole('button', { name: 'Benutzermenü für Anna-Lena Müller' }),
      );
      const menu = await screen.findByRole('menu');
      await expect(within(menu).getByText('anna-lena.mueller@example.de')).toBeVisible();
      await expect(within(menu).getByRole('menuitem', { name: 'Profil' })).toBeVisible();
      await expect(within(menu).getByRole('menuitem', { name: 'Hilfe und Support' })).toBeVisible();
      await userEvent.click(within(menu).getByRole('menuitem', { name: 'Abo und Minuten' }));
      await expect(navigate).toHaveBeenCalledWith('/settings/subscription');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    });

    await step('language: a link to the same page in the other language', async () => {
      await userEvent.click(
        canvas.getByRole('button', { name: 'Benutzermenü für Anna-Lena Müller' }),
      );
      const english = await screen.findByRole('menuitem', { name: 'English' });
      await expect(english).toHaveAttribute('href', '/en/dashboard');
      await expect(english).toHaveAttribute('lang', 'en');
      await userEvent.click(english);
      await expect(args.onLocaleChange).toHaveBeenCalledWith('en');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    });

    await step('theme: light, dark or the system, the menu stays open', async () => {
      await userEvent.click(
        canvas.getByRole('button', { name: 'Benutzermenü für Anna-Lena Müller' }),
      );
      const themes = await screen.findByRole('group', { name: 'Darstellung' });
      await expect(
        within(themes).getByRole('menuitemradio', { name: 'Wie das System' }),
      ).toBeChecked();
      await userEvent.click(within(themes).getByRole('menuitemradio', { name: 'Dunkel' }));
      await expect(args.onThemeChange).toHaveBeenCalledWith('dark');
      await expect(screen.getByRole('menu')).toBeVisible();
      await userEvent.click(screen.getByRole('menuitem', { name: 'Abmelden' }));
      await expect(args.onLogout).toHaveBeenCalledOnce();
    });
  },
};

/** The open user menu, as a screenshot: account pages, language, theme, log out. */
export const UserMenuOpen: Story = {
  args: { theme: 'dark' },
  play: async ({ canvas }) => {
    await userEvent.click(
      canvas.getByRole('button', { name: 'Benutzermenü für Anna-Lena Müller' }),
    );
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByRole('menuitemradio', { name: 'Dunkel' })).toBeChecked();
    await expect(within(menu).getByRole('menuitem', { name: 'English' })).toBeVisible();
  },
};

/** The same in the dark theme, on a phone. */
export const UserMenuOpenDarkMobile: Story = {
  globals: { theme: 'dark', viewport: { value: 'mobile', isRotated: false } },
  args: { theme: 'dark' },
  play: async ({ canvas, canvasElement }) => {
    await expect(document.documentElement).toHaveClass('dark');
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    await userEvent.click(
      canvas.getByRole('button', { name: 'Benutzermenü für Anna-Lena Müller' }),
    );
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: 'Profil' })).toBeVisible();
    await expect(within(menu).getByRole('menuitem', { name: 'Abmelden' })).toBeVisible();
  },
};

export const SignedOutUser: Story = {
  args: { user: null, navItems: [], homeHref: '/' },
  play: async ({ canvas, args }) => {
    await expect(canvas.queryByRole('button', { name: /Benutzermenü/ })).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Hauptnavigation' })).toBeNull();
    // Visitors switch language through the header's links.
    const languages = canvas.getByRole('navigation', { name: 'Sprache' });
    await expect(within(languages).getByRole('link', { name: 'English' })).toHaveAttribute(
      'href',
      '/en/dashboard',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Anmelden' }));
    await expect(args.onSignIn).toHaveBeenCalledOnce();
  },
};

/**
 * Signed in, the account not known yet (a prerendered frame: docs/architecture.md#signed-in-frames):
 * a placeholder holds the user menu's place; no language links, no sign-in button.
 */
export const UserPending: Story = {
  args: { user: null, userPending: true },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Benutzermenü/ })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Anmelden' })).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Sprache' })).toBeNull();
    await expect(
      canvasElement.querySelector('[data-slot="user-menu-placeholder"]'),
    ).toBeInTheDocument();
  },
};

/**
 * No connection (docs/architecture.md#offline): a banner under the header says so and what still
 * works, as a polite status; the page below reads the state (`useOffline`).
 */
export const Offline: Story = {
  args: { offline: true },
  play: async ({ canvas }) => {
    const banner = canvas.getByRole('status');
    await expect(banner).toHaveAttribute('aria-live', 'polite');
    await expect(banner).toHaveTextContent(/^Keine Verbindung\. Bereits geladene Inhalte/);
    await expect(banner).toHaveTextContent('Uploads werden danach fortgesetzt');
    await expect(banner).toBeVisible();
  },
};

/** Online the banner's live region is there, empty, so its appearance is heard. */
export const OnlineBannerEmpty: Story = {
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const banner = canvasElement.querySelector('[data-slot="connection-banner"]');
    await expect(banner).toHaveAttribute('role', 'status');
    await expect(banner).toHaveAttribute('data-state', 'online');
    await expect(banner).toBeEmptyDOMElement();
  },
};

/** The banner at phone width: the text wraps under the icon, nothing overflows. */
export const OfflineMobile: Story = {
  args: { offline: true },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Keine Verbindung.');
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas, canvasElement, step }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    await expect(canvas.queryByRole('navigation', { name: 'Hauptnavigation' })).toBeNull();
    const menuButton = canvas.getByRole('button', { name: 'Menü öffnen' });

    await step('menu button opens the drawer, Escape closes it', async () => {
      await userEvent.click(menuButton);
      const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
      const nav = within(drawer).getByRole('navigation', { name: 'Hauptnavigation' });
      await expect(within(nav).getAllByRole('link')).toHaveLength(navItems.length);
      await expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await expect(menuButton).toHaveFocus();
    });

    await step('choosing a link navigates and closes the drawer', async () => {
      await userEvent.click(menuButton);
      const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
      await userEvent.click(within(drawer).getByRole('link', { name: 'Notizen' }));
      await expect(navigate).toHaveBeenCalledWith('/notes');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
  },
};

/** The drawer as it looks when open, for screenshots. */
export const MobileDrawerOpen: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Menü öffnen' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    await expect(within(drawer).getByRole('button', { name: 'Menü schließen' })).toBeVisible();
  },
};

export const English: Story = {
  globals: { locale: 'en', viewport: { value: 'desktop', isRotated: false } },
  args: {
    navItems: [
      {
        key: 'dashboard',
        label: 'Dashboard',
        href: '/en/dashboard',
        icon: <LayoutDashboard />,
        current: true,
      },
      { key: 'protocol', label: 'New minutes', href: '/en/protocol', icon: <Mic /> },
      { key: 'notes', label: 'Notes', href: '/en/notes', icon: <FileText /> },
      { key: 'saved', label: 'Starred', href: '/en/saved-notes', icon: <Star /> },
      { key: 'support', label: 'Support', href: '/en/support', icon: <LifeBuoy /> },
    ],
    homeHref: '/en/dashboard',
    userMenuItems: [
      { key: 'profile', label: 'Profile', href: '/en/settings/profile', icon: <UserRound /> },
      {
        key: 'subscription',
        label: 'Subscription and minutes',
        href: '/en/settings/subscription',
        icon: <CreditCard />,
      },
      { key: 'support', label: 'Help and support', href: '/en/support', icon: <LifeBuoy /> },
    ],
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'User menu for Anna-Lena Müller' }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await expect(within(menu).getByRole('menuitem', { name: 'Deutsch' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Light' }));
    await expect(args.onThemeChange).toHaveBeenCalledWith('light');
    await userEvent.keyboard('{Escape}');
  },
};

/** English: the banner's wording. */
export const OfflineEnglish: Story = {
  globals: English.globals,
  args: { ...English.args, offline: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      /^No connection\. What has already loaded stays readable\..*uploads resume afterwards\.$/,
    );
  },
};
