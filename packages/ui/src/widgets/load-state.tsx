import { useTranslation } from 'react-i18next';
import { Skeleton } from '../components/skeleton.tsx';
import type { LoadStatus } from '../lib/load-status.ts';
import { LoadFailedAlert, type LoadFailedAlertProps } from './load-failed-alert.tsx';

export interface LoadStateProps {
  /** Where the load stands. */
  status: LoadStatus;
  /**
   * Shown while loading: placeholders in the shape of the content, with the loading text for
   * screen readers. Without it, three grey rows and "Wird geladen …".
   */
  placeholder?: React.ReactNode;
  /** What the default placeholder announces, e.g. "Notizen werden geladen …". */
  loadingText?: string | undefined;
  /** Why the load failed, translated (docs/minutes.md#when-loading-fails). */
  failedText: React.ReactNode;
  /** Loads again; without it the failure offers no retry. */
  onRetry?: (() => void) | undefined;
  /** A retry is running: its button shows a spinner and takes no more clicks. */
  retrying?: boolean | undefined;
  /** More for the failure's alert (a `data-slot`, a class). */
  alertProps?: Omit<LoadFailedAlertProps, 'description' | 'onRetry' | 'retrying'> | undefined;
  /** Loaded, but there is nothing: `empty` is shown instead of the children. */
  isEmpty?: boolean | undefined;
  /** What an empty load shows, e.g. an `EmptyState`. */
  empty?: React.ReactNode;
  /** The loaded content. */
  children?: React.ReactNode;
}

/**
 * One place for what a screen shows while its data loads, when loading failed (with
 * "Erneut versuchen") and when it loaded empty; the content once it is there.
 */
export function LoadState({
  status,
  placeholder,
  loadingText,
  failedText,
  onRetry,
  retrying,
  alertProps,
  isEmpty,
  empty,
  children,
}: LoadStateProps) {
  const { t } = useTranslation();
  if (status === 'loading') {
    return (
      placeholder ?? (
        <div data-slot="load-state" aria-busy className="grid gap-3">
          <span role="status" className="sr-only">
            {loadingText ?? t('common.loading')}
          </span>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-10 w-full" />
          ))}
        </div>
      )
    );
  }
  if (status === 'error') {
    return (
      <LoadFailedAlert
        {...alertProps}
        description={failedText}
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  }
  return <>{isEmpty ? empty : children}</>;
}
