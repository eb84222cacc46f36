import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert, type AlertProps } from '../components/alert.tsx';
import { Button } from '../components/button.tsx';

export interface LoadFailedAlertProps extends Omit<AlertProps, 'variant'> {
  /** Loads again; without it the message offers no retry. */
  onRetry?: (() => void) | undefined;
  /** A retry is running: the button shows a spinner in its icon's place. */
  retrying?: boolean | undefined;
}

/**
 * Says that data could not be loaded, with "Erneut versuchen" (docs/minutes.md#when-loading-fails):
 * a failed load is never shown as a value.
 */
export function LoadFailedAlert({ onRetry, retrying, children, ...props }: LoadFailedAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert variant="danger" {...props}>
      {children}
      {onRetry ? (
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry} loading={retrying}>
          {retrying ? null : <RotateCw aria-hidden />}
          {t('common.retry')}
        </Button>
      ) : null}
    </Alert>
  );
}
