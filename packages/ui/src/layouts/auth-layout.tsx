import { useTranslation } from 'react-i18next';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../components/card.tsx';
import { cn } from '../lib/cn.ts';
import { ItemLink } from '../lib/render-link.tsx';
import { Brand } from './brand.tsx';

export interface AuthLayoutProps extends Omit<React.ComponentProps<'div'>, 'title'> {
  /** The page's only `<h1>`, e.g. "Anmelden". */
  title: React.ReactNode;
  /** One or two sentences under the title. */
  description?: React.ReactNode;
  /** The form. */
  children: React.ReactNode;
  /** Below the form, e.g. "Noch kein Konto? Registrieren". */
  footer?: React.ReactNode;
  /** Top-right slot: the `LanguageLinks` (docs/i18n.md#language-switch). */
  languageSwitch?: React.ReactNode;
  /** Makes the brand a link to the home page of the active locale ("/" or "/en"). */
  homeHref?: string;
  /** The site footer under the page (`SiteFooter`), as on every other page. */
  siteFooter?: React.ReactNode;
}

/**
 * Centred card for sign-in, registration and the other account pages, with the site footer
 * below. On phones the form takes the full width without card chrome.
 */
export function AuthLayout({
  title,
  description,
  children,
  footer,
  languageSwitch,
  homeHref,
  siteFooter,
  className,
  ...props
}: AuthLayoutProps) {
  const { t } = useTranslation();
  const brandClasses = cn(
    'rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring',
    'focus-visible:ring-offset-2 focus-visible:ring-offset-background',
  );
  return (
    <div
      data-slot="auth-layout"
      className={cn(
        'flex min-h-dvh flex-col bg-background sm:bg-muted dark:sm:bg-background',
        className,
      )}
      {...props}
    >
      <header className="flex h-16 items-center justify-between gap-4 px-4 sm:px-6">
        {homeHref ? (
          <ItemLink
            item={{ key: 'home', label: t('app.name'), href: homeHref }}
            className={brandClasses}
          >
            <Brand />
          </ItemLink>
        ) : (
          <Brand />
        )}
        {languageSwitch ? <div className="flex items-center">{languageSwitch}</div> : null}
      </header>
      <main className="flex flex-1 justify-center px-4 pt-4 pb-12 sm:items-center sm:px-6 sm:pt-0">
        <Card
          className={cn(
            'w-full max-w-md gap-6 border-0 bg-transparent py-0 shadow-none',
            'sm:border sm:bg-surface sm:py-8 sm:shadow-sm',
          )}
        >
          <CardHeader className="px-0 sm:px-8">
            <CardTitle asChild className="text-2xl tracking-tight text-balance">
              <h1>{title}</h1>
            </CardTitle>
            {description ? (
              <CardDescription className="text-base sm:text-sm">{description}</CardDescription>
            ) : null}
          </CardHeader>
          <CardContent className="px-0 sm:px-8">{children}</CardContent>
          {footer ? (
            <CardFooter className="justify-center border-t border-border px-0 pt-6 text-sm text-muted-foreground sm:px-8">
              {footer}
            </CardFooter>
          ) : null}
        </Card>
      </main>
      {siteFooter}
    </div>
  );
}
