import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { linkVariants } from '../../components/link.tsx';
import { cn } from '../../lib/cn.ts';
import { ItemLink } from '../../lib/render-link.tsx';

/** Props every account screen shares: the header slots of AuthLayout. */
export interface AuthScreenBaseProps {
  /** Top-right slot: the `LanguageLinks` (docs/i18n.md#language-switch). */
  languageSwitch?: React.ReactNode;
  /** Home page of the active locale ("/" or "/en"); makes the brand a link. */
  homeHref?: string;
  /** The site footer under the page (`SiteFooter`). */
  siteFooter?: React.ReactNode;
}

export interface StatusPanelProps {
  /** `success` for a finished action, `danger` for a broken link or failed call. */
  variant: 'success' | 'danger' | 'info';
  /** Bold first line. */
  title?: React.ReactNode;
  /** The explanation. */
  children: React.ReactNode;
  /** Move focus here when shown, for states reached by an action (not on page load). */
  focusOnMount?: boolean;
}

/** A state message that replaces the form (sent, done, link expired). */
export function StatusPanel({ variant, title, children, focusOnMount = false }: StatusPanelProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      variant={variant}
      title={title}
      description={children}
      data-slot="status-panel"
      className="outline-none [overflow-wrap:anywhere] focus-visible:ring-2 focus-visible:ring-ring"
    />
  );
}

export interface TextLinkProps {
  /** Stable key, handed to `renderLink`. */
  linkKey: string;
  /** Target for the active locale. */
  href: string;
  /** Visible text; left out when `Trans` fills it in from the translation. */
  children?: React.ReactNode;
  className?: string;
}

/** A text link that goes through the app's `renderLink` (`UiProvider`). */
export function TextLink({ linkKey, href, children, className }: TextLinkProps) {
  return (
    <ItemLink
      item={{ key: linkKey, label: typeof children === 'string' ? children : linkKey, href }}
      data-slot="link"
      className={cn(linkVariants(), className)}
    >
      {children}
    </ItemLink>
  );
}

/** "oder" between the form and the Google button. */
export function OrDivider() {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-3 text-sm text-muted-foreground">
      <span aria-hidden className="h-px flex-1 bg-border" />
      <span>{t('auth.or')}</span>
      <span aria-hidden className="h-px flex-1 bg-border" />
    </div>
  );
}

/** The slot for the app-rendered Google button, centred under the divider. */
export function GoogleArea({ children }: { children: React.ReactNode }) {
  return (
    <div className="grid gap-6">
      <OrDivider />
      <div data-slot="google-button" className="flex min-h-10 justify-center">
        {children}
      </div>
    </div>
  );
}
