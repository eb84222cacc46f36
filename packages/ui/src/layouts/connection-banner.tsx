import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';

export interface ConnectionBannerProps extends React.ComponentProps<'div'> {
  /** No connection to the server: the banner shows what still works. */
  offline: boolean;
}

/**
 * The connection banner under the app shell's header (docs/architecture.md#offline): while
 * offline it says so and what still works. Always mounted as a polite live region, so screen
 * readers hear it appear and go.
 */
export function ConnectionBanner({ offline, className, ...props }: ConnectionBannerProps) {
  const { t } = useTranslation();
  return (
    <div
      data-slot="connection-banner"
      data-state={offline ? 'offline' : 'online'}
      role="status"
      aria-live="polite"
      className={cn(offline && 'border-t border-warning/50 bg-warning-subtle', className)}
      {...props}
    >
      {offline ? (
        <div
          className={cn(
            'mx-auto flex w-full max-w-7xl items-start gap-3 px-4 py-2.5 text-sm sm:px-6',
            'text-warning-subtle-foreground [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
          )}
        >
          <WifiOff aria-hidden />
          <p className="min-w-0">
            <span className="font-semibold">{t('shell.offline.title')}</span>{' '}
            {t('shell.offline.description')}
          </p>
        </div>
      ) : null}
    </div>
  );
}
