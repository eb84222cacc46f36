import { LOCALES, THEME_CHOICES, type Locale, type ThemeChoice } from '@protokoll/contract';
import { Languages, LogOut, Menu, Monitor, Moon, Sun, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUi } from '../lib/ui-provider.tsx';
import { Avatar } from '../components/avatar.tsx';
import { Button } from '../components/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogTitle,
  DialogTrigger,
} from '../components/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/dropdown-menu.tsx';
import { IconButton } from '../components/icon-button.tsx';
import { LanguageLinks } from '../components/language-links.tsx';
import { cn } from '../lib/cn.ts';
import { OfflineContext } from '../lib/connection.ts';
import { ItemLink, type LinkItem } from '../lib/render-link.tsx';
import { Brand } from './brand.tsx';
import { ConnectionBanner } from './connection-banner.tsx';

export type { LinkItem, RenderLink } from '../lib/render-link.tsx';

/** One entry of the primary navigation. */
export interface NavItem extends LinkItem {
  /** A lucide icon element, e.g. `<FileText />`; it is hidden from assistive technology. */
  icon?: React.ReactNode;
  /** The page being shown; marked `aria-current="page"`. */
  current?: boolean;
}

/** The signed-in person as far as the header needs to know. */
export interface ShellUser {
  firstName: string;
  lastName: string;
  email: string;
}

/** An extra entry of the user menu, e.g. Settings. Give it an `href` to render a link. */
export interface UserMenuItem {
  key: string;
  /** Visible, already translated text. */
  label: string;
  /** A lucide icon element; hidden from assistive technology. */
  icon?: React.ReactNode;
  /** Navigates here (through the app's `renderLink`). */
  href?: string;
  /** Called when chosen (instead of or besides `href`). */
  onSelect?: () => void;
}

export interface AppShellProps extends React.ComponentProps<'div'> {
  /** Primary navigation, already translated and resolved for the active locale. */
  navItems: NavItem[];
  /** Where the brand links to, e.g. "/dashboard" or "/en/dashboard". Without it the brand is no link. */
  homeHref?: string;
  /** The current page in each language (`/notes`, `/en/notes`): the language links point there. */
  languageHrefs: Record<Locale, string>;
  /** Another language was chosen through one of the language links. */
  onLocaleChange: (locale: Locale) => void;
  /** The chosen colour theme, shown in the user menu. */
  theme?: ThemeChoice;
  /** A theme was chosen in the user menu; without it the menu offers no theme choice. */
  onThemeChange?: (theme: ThemeChoice) => void;
  /** The signed-in person, or `null` before sign-in (then a sign-in button shows if `onSignIn` is set). */
  user: ShellUser | null;
  /**
   * Someone is signed in whose account is not known yet (a prerendered frame:
   * docs/architecture.md#signed-in-frames): with `user` `null`, a placeholder holds the user
   * menu's place instead of the language links and the sign-in button.
   */
  userPending?: boolean;
  /** "Log out" was chosen in the user menu. */
  onLogout: () => void;
  /** "Sign in" was pressed; only offered while `user` is `null`. */
  onSignIn?: () => void;
  /** Entries of the user menu below the name, e.g. profile and subscription. */
  userMenuItems?: UserMenuItem[];
  /** Below `main`: the site footer (docs/product.md#layouts). */
  footer?: React.ReactNode;
  /**
   * No connection to the server (docs/architecture.md#offline): a banner under the header says
   * so, and the page below reads it (`useOffline`) to disable what needs the server.
   */
  offline?: boolean;
  /** The page. `main` has no padding of its own: each screen sets its width and spacing. */
  children: React.ReactNode;
}

const MAIN_ID = 'main-content';

const focusRing = cn(
  'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
  'focus-visible:ring-offset-background',
);

const navLinkClasses = cn(
  'inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground',
  'transition-colors hover:bg-muted hover:text-foreground [&_svg]:size-4 [&_svg]:shrink-0',
  'aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground',
  focusRing,
);

const THEME_ICONS: Record<ThemeChoice, React.ReactNode> = {
  light: <Sun aria-hidden />,
  dark: <Moon aria-hidden />,
  system: <Monitor aria-hidden />,
};

/**
 * The signed-in frame: skip link, header with brand, primary navigation and the user menu
 * (account pages, language, theme, log out), and the page in `main`. Visitors get the language
 * links in the header instead. Below `md` the navigation moves into a drawer.
 */
export function AppShell({
  navItems,
  homeHref,
  languageHrefs,
  onLocaleChange,
  theme = 'system',
  onThemeChange,
  user,
  userPending = false,
  onLogout,
  onSignIn,
  userMenuItems = [],
  children,
  footer,
  offline = false,
  className,
  ...props
}: AppShellProps) {
  const { locale } = useUi();
  const { t } = useTranslation();
  const mainRef = useRef<HTMLElement>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [userMenuOpen, setUserMenuOpen] = useState(false);

  // A route change (the app moves `current`) closes the drawer, even when it was not a click on it.
  const currentKey = navItems.find((item) => item.current)?.key;
  const [shownKey, setShownKey] = useState(currentKey);
  if (shownKey !== currentKey) {
    setShownKey(currentKey);
    setDrawerOpen(false);
  }

  const renderNavLinks = (variant: 'bar' | 'drawer') => (
    <ul className={variant === 'bar' ? 'flex items-center gap-1' : 'grid gap-1'}>
      {navItems.map((item) => (
        <li key={item.key}>
          <ItemLink
            item={item}
            aria-current={item.current ? 'page' : undefined}
            className={cn(
              navLinkClasses,
              variant === 'drawer' && 'flex w-full px-3 py-2.5 text-base',
            )}
            onClick={variant === 'drawer' ? () => setDrawerOpen(false) : undefined}
          >
            {item.icon ? (
              <span aria-hidden className="contents">
                {item.icon}
              </span>
            ) : null}
            {item.label}
          </ItemLink>
        </li>
      ))}
    </ul>
  );

  const brand = homeHref ? (
    <ItemLink
      item={{ key: 'home', label: t('app.name'), href: homeHref }}
      className={cn('rounded-md', focusRing)}
      onClick={() => setDrawerOpen(false)}
    >
      <Brand compact="narrow" />
    </ItemLink>
  ) : (
    <Brand compact="narrow" />
  );

  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() || user.email : '';

  return (
    <div
      data-slot="app-shell"
      className={cn('flex min-h-dvh flex-col bg-background', className)}
      {...props}
    >
      <a
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          // Focus moves without touching the URL, which belongs to the app's router.
          event.preventDefault();
          mainRef.current?.focus();
        }}
        className={cn(
          'sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-60',
          'focus:rounded-md focus:bg-surface-raised focus:px-4 focus:py-2 focus:text-sm',
          'focus:font-medium focus:text-foreground focus:shadow-md',
          focusRing,
        )}
      >
        {t('shell.skipToContent')}
      </a>

      <header className="sticky top-0 z-40 border-b border-border bg-background">
        <div className="mx-auto flex h-16 w-full max-w-7xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
          {navItems.length > 0 ? (
            <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
              <DialogTrigger asChild>
                <IconButton label={t('shell.openMenu')} className="-ml-2 md:hidden [&_svg]:size-5">
                  <Menu />
                </IconButton>
              </DialogTrigger>
              <DialogContent
                data-slot="app-shell-drawer"
                showCloseButton={false}
                aria-describedby={undefined}
                className={cn(
                  'top-0 left-0 h-dvh max-h-dvh w-80 max-w-[calc(100%-3rem)] translate-x-0 translate-y-0',
                  'content-start gap-6 rounded-none border-y-0 border-l-0 p-4 sm:max-w-80',
                  'transition-transform duration-200 ease-out starting:-translate-x-full',
                  'motion-reduce:transition-none',
                )}
              >
                <div className="flex items-center justify-between gap-2">
                  <Brand />
                  <DialogTitle className="sr-only">{t('shell.menuTitle')}</DialogTitle>
                  <DialogClose asChild>
                    <IconButton label={t('shell.closeMenu')} className="-mr-2 [&_svg]:size-5">
                      <X />
                    </IconButton>
                  </DialogClose>
                </div>
                <nav aria-label={t('shell.navLabel')}>{renderNavLinks('drawer')}</nav>
              </DialogContent>
            </Dialog>
          ) : null}

          {brand}

          {navItems.length > 0 ? (
            <nav aria-label={t('shell.navLabel')} className="ml-4 hidden md:block">
              {renderNavLinks('bar')}
            </nav>
          ) : null}

          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            {user || userPending ? null : (
              <LanguageLinks hrefs={languageHrefs} onLocaleChange={onLocaleChange} />
            )}
            {user ? (
              <DropdownMenu open={userMenuOpen} onOpenChange={setUserMenuOpen}>
                <DropdownMenuTrigger asChild>
                  <button type="button" className={cn('rounded-full', focusRing)}>
                    {/* The initials picture the person; the name comes from the hidden text. */}
                    <Avatar name={fullName} size="sm" aria-hidden />
                    <span className="sr-only">{t('shell.userMenu', { name: fullName })}</span>
                  </button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end" className="w-64">
                  <DropdownMenuLabel className="grid gap-0.5 font-normal">
                    <span className="text-xs text-muted-foreground">{t('shell.signedInAs')}</span>
                    <span className="truncate text-sm font-medium text-foreground">{fullName}</span>
                    <span className="truncate text-xs text-muted-foreground">{user.email}</span>
                  </DropdownMenuLabel>
                  <DropdownMenuSeparator />
                  {userMenuItems.map((item) =>
                    item.href ? (
                      <DropdownMenuItem key={item.key} asChild onSelect={item.onSelect}>
                        <ItemLink item={{ key: item.key, label: item.label, href: item.href }}>
                          {item.icon ? (
                            <span aria-hidden className="contents">
                              {item.icon}
                            </span>
                          ) : null}
                          {item.label}
                        </ItemLink>
                      </DropdownMenuItem>
                    ) : (
                      <DropdownMenuItem key={item.key} onSelect={item.onSelect}>
                        {item.icon ? (
                          <span aria-hidden className="contents">
                            {item.icon}
                          </span>
                        ) : null}
                        {item.label}
                      </DropdownMenuItem>
                    ),
                  )}
                  {userMenuItems.length > 0 ? <DropdownMenuSeparator /> : null}
                  {/* The language switch is links everywhere (docs/i18n.md#language-switch). */}
                  <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">
                    {t('language.label')}
                  </DropdownMenuLabel>
                  {LOCALES.filter((option) => option !== locale).map((option) => (
                    <DropdownMenuItem key={option} asChild>
                      <a
                        href={languageHrefs[option]}
                        lang={option}
                        hrefLang={option}
                        onClick={(event) => {
                          if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                          // The app switches in place; a prevented click does not close the menu.
                          event.preventDefault();
                          setUserMenuOpen(false);
                          onLocaleChange(option);
                        }}
                      >
                        <Languages aria-hidden />
                        {t(`language.${option}`)}
                      </a>
                    </DropdownMenuItem>
                  ))}
                  {onThemeChange ? (
                    <>
                      <DropdownMenuSeparator />
                      <DropdownMenuLabel
                        id="user-menu-theme"
                        className="text-xs font-normal text-muted-foreground"
                      >
                        {t('shell.menu.theme')}
                      </DropdownMenuLabel>
                      <DropdownMenuRadioGroup
                        aria-labelledby="user-menu-theme"
                        value={theme}
                        onValueChange={(value) => {
                          const choice = THEME_CHOICES.find((option) => option === value);
                          if (choice) onThemeChange(choice);
                        }}
                      >
                        {THEME_CHOICES.map((option) => (
                          <DropdownMenuRadioItem
                            key={option}
                            value={option}
                            // The menu stays open, so the person sees the new theme and can change again.
                            onSelect={(event) => event.preventDefault()}
                          >
                            <span aria-hidden className="contents">
                              {THEME_ICONS[option]}
                            </span>
                            {t(`shell.menu.themes.${option}`)}
                          </DropdownMenuRadioItem>
                        ))}
                      </DropdownMenuRadioGroup>
                    </>
                  ) : null}
                  <DropdownMenuSeparator />
                  <DropdownMenuItem onSelect={onLogout}>
                    <LogOut aria-hidden />
                    {t('shell.logout')}
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            ) : userPending ? (
              <span
                data-slot="user-menu-placeholder"
                aria-hidden
                className="size-8 animate-pulse rounded-full bg-muted"
              />
            ) : onSignIn ? (
              <Button variant="outline" size="sm" onClick={onSignIn}>
                {t('shell.signIn')}
              </Button>
            ) : null}
          </div>
        </div>
        <ConnectionBanner offline={offline} />
      </header>

      <main
        id={MAIN_ID}
        ref={mainRef}
        tabIndex={-1}
        className="flex min-w-0 flex-1 flex-col outline-none"
      >
        <OfflineContext.Provider value={offline}>{children}</OfflineContext.Provider>
      </main>
      {footer}
    </div>
  );
}
