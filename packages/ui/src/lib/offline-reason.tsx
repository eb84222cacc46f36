import { WifiOff } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useOffline } from './connection.ts';

/**
 * For a button that needs the server (docs/architecture.md#offline): while offline it is to be
 * disabled, and `reason` says why; the button names it through `aria-describedby`.
 *
 *   const offline = useOfflineReason();
 *   {offline.reason}
 *   <Button disabled={offline.disabled} aria-describedby={offline.describedBy}>…</Button>
 */
export function useOfflineReason(): {
  disabled: boolean;
  describedBy: string | undefined;
  reason: React.ReactNode;
} {
  const { t } = useTranslation();
  const offline = useOffline();
  const id = useId();
  return {
    disabled: offline,
    describedBy: offline ? id : undefined,
    reason: offline ? (
      <p
        id={id}
        data-slot="offline-reason"
        className="flex items-start gap-2 text-sm text-muted-foreground [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0"
      >
        <WifiOff aria-hidden />
        {t('shell.offline.unavailable')}
      </p>
    ) : null,
  };
}
