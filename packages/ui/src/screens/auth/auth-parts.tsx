import { errorKey, type FailureText, type FieldIssue } from '@protokoll/contract';
import { useEffect, useRef } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n.tsx';
import { Alert } from '../../components/alert.tsx';
import { linkVariants } from '../../components/link.tsx';
import { cn } from '../../lib/cn.ts';
import { ItemLink, type RenderLink } from '../../lib/render-link.tsx';

/** Props every account screen shares: the header slots of AuthLayout. */
export interface AuthScreenBaseProps {
  /** Top-right slot, usually a `LanguageSwitch`. */
  languageSwitch?: React.ReactNode;
  /** Home page of the active locale ("/" or "/en"); makes the brand a link. */
  homeHref?: string;
  /** Renders every link of the screen with the app's router link instead of a plain `<a>`. */
  renderLink?: RenderLink;
}

/**
 * A failed call as the screen shows it: an error code (translated here via `errors.*`) or the
 * server's own text, exactly what the contract's `describeFailure` returns.
 */
export type AuthFailure = FailureText;

/** Translates a failure: codes through `errors.*`, server messages as they are. */
export function useFailureText(failure: AuthFailure | undefined): string | undefined {
  const { t } = useTranslation();
  if (!failure) return undefined;
  return 'code' in failure ? t(errorKey(failure.code)) : failure.message;
}

/**
 * Translates a form error message. Contract schemas write i18n keys (`validation.required`);
 * server issues may carry plain text, which is shown unchanged.
 */
export function useMessageText(): (message: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  return (message) => {
    if (!message) return undefined;
    return i18n.exists(message) ? t(message) : message;
  };
}

/** The translated error of one form field, or `undefined`. */
export function useFieldErrorText<T extends FieldValues>(
  errors: FieldErrors<T>,
): (name: Path<T>) => string | undefined {
  const text = useMessageText();
  return (name) => {
    const error = errors[name];
    const message = error && typeof error.message === 'string' ? error.message : undefined;
    return text(message);
  };
}

/**
 * Applies the field issues of a 422 answer to the form. Keyed by content, so a parent that
 * rebuilds the array on every render does not re-apply errors the user already fixed.
 */
export function useServerFieldErrors<T extends FieldValues>(
  fieldErrors: FieldIssue[] | undefined,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  const key = JSON.stringify(fieldErrors ?? []);
  // `fields` is a module constant and `setError` is stable, so only `key` ever changes.
  useEffect(() => {
    const issues = JSON.parse(key) as FieldIssue[];
    for (const issue of issues) {
      const name = fields.find((field) => field === issue.path);
      // Focus stays on the error alert above the form, which names the failure first.
      if (name) setError(name, { type: 'server', message: issue.message });
    }
  }, [key, fields, setError]);
}

export interface FormErrorAlertProps {
  /** Translated text; nothing renders without it. */
  text: string | undefined;
  /** While true the alert is not focused; when a submit ends with an error, focus moves here. */
  submitting?: boolean;
}

/**
 * The failure of the last submit, above the form. Focus moves to it when it appears (and again
 * after each failed submit), so keyboard and screen-reader users hear what went wrong.
 */
export function FormErrorAlert({ text, submitting = false }: FormErrorAlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (text && !submitting) ref.current?.focus();
  }, [text, submitting]);
  if (!text) return null;
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      variant="danger"
      description={text}
      data-slot="form-error"
      className="outline-none focus-visible:ring-2 focus-visible:ring-ring"
    />
  );
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
  renderLink?: RenderLink | undefined;
  className?: string;
}

/** A text link that goes through the app's `renderLink` when given. */
export function TextLink({ linkKey, href, children, renderLink, className }: TextLinkProps) {
  return (
    <ItemLink
      item={{ key: linkKey, label: typeof children === 'string' ? children : linkKey, href }}
      renderLink={renderLink}
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
