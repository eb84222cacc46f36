import {
  ArrowLeft,
  CircleAlert,
  FileQuestionMark,
  LayoutDashboard,
  RotateCw,
  ServerCrash,
  ShieldX,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/button.tsx';
import { cn } from '../lib/cn.ts';
import { ItemLink, type LinkItem } from '../lib/render-link.tsx';

type ErrorKind = 'notFound' | 'forbidden' | 'serverError' | 'unavailable' | 'default';

const kinds: Record<number, ErrorKind> = {
  403: 'forbidden',
  404: 'notFound',
  500: 'serverError',
  503: 'unavailable',
};

const icons: Record<ErrorKind, LucideIcon> = {
  notFound: FileQuestionMark,
  forbidden: ShieldX,
  serverError: ServerCrash,
  unavailable: Wrench,
  default: CircleAlert,
};

export interface ErrorScreenProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** HTTP-style status code; 404, 403, 500 and 503 have their own wording, any other code a default. */
  status: number;
  /** Already translated detail, e.g. "Seite nicht gefunden: /foo". Long paths wrap. */
  message?: string;
  /** "To the dashboard" was pressed. */
  onHome: () => void;
  /** "Back" was pressed; the app decides where to go when there is no history. */
  onBack: () => void;
  /** "Refresh" was pressed. */
  onRefresh: () => void;
  /** Support page for the active locale, e.g. "/support" or "/en/support". */
  supportHref: string;
}

/**
 * The error page (docs/product.md#error-page): icon, status code, title and description per code,
 * the optional message, three actions and a support link. Marks the document noindex while it is
 * shown.
 */
export function ErrorScreen({
  status,
  message,
  onHome,
  onBack,
  onRefresh,
  supportHref,
  className,
  ...props
}: ErrorScreenProps) {
  const { t } = useTranslation();
  const kind = kinds[status] ?? 'default';
  const Icon = icons[kind];
  const supportItem: LinkItem = {
    key: 'support',
    label: t('errorPage.contactSupport'),
    href: supportHref,
  };

  return (
    <div
      data-slot="error-screen"
      data-status={status}
      className={cn(
        'mx-auto flex w-full max-w-xl flex-col items-center px-4 py-12 text-center sm:py-20',
        className,
      )}
      {...props}
    >
      {/* React hoists this into <head>: error pages must not be indexed. */}
      <meta name="robots" content="noindex" />
      <span
        aria-hidden
        className="flex size-16 items-center justify-center rounded-full bg-accent text-accent-foreground"
      >
        <Icon className="size-8" />
      </span>
      <p className="mt-6 text-6xl font-bold tracking-tight text-foreground tabular-nums sm:text-7xl">
        <span className="sr-only">{t('errorPage.statusLabel')} </span>
        {status}
      </p>
      <h1 className="mt-3 text-2xl font-semibold tracking-tight text-balance text-foreground">
        {t(`errorPage.${kind}.title`)}
      </h1>
      <p className="mt-3 text-base text-pretty text-muted-foreground">
        {t(`errorPage.${kind}.description`)}
      </p>
      {message ? (
        <p
          data-slot="error-message"
          className="mt-5 max-w-full rounded-md border border-border bg-muted px-3 py-2 text-sm text-foreground [overflow-wrap:anywhere]"
        >
          {message}
        </p>
      ) : null}
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:justify-center">
        <Button onClick={onHome}>
          <LayoutDashboard aria-hidden />
          {t('errorPage.actions.home')}
        </Button>
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden />
          {t('errorPage.actions.back')}
        </Button>
        <Button variant="outline" onClick={onRefresh}>
          <RotateCw aria-hidden />
          {t('errorPage.actions.refresh')}
        </Button>
      </div>
      <div className="mt-10 w-full border-t border-border pt-6 text-sm text-muted-foreground">
        <p>{t('errorPage.help')}</p>
        <ItemLink
          item={supportItem}
          className={cn(
            'mt-2 inline-block rounded-sm font-medium text-primary underline underline-offset-4',
            'hover:text-primary-hover focus-visible:ring-2 focus-visible:ring-ring',
            'focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none',
          )}
        >
          {supportItem.label}
        </ItemLink>
      </div>
    </div>
  );
}
