import { Toast, ToastProvider, ToastTitle, ToastViewport } from '@protokoll/ui';
import { useTranslation } from '@protokoll/ui/i18n';
import { useCallback, useState } from 'react';
import { ApiError } from '../../lib/api-error.ts';

interface Notice {
  id: number;
  text: string;
}

let nextId = 0;

/**
 * Failures of actions whose menu or button is gone by the time they fail (a download, saving a
 * note from the row menu, processing again): shown as toasts, since nothing else is left to
 * show them. Dialogs show their own failures.
 */
export function useNotices() {
  const [notices, setNotices] = useState<Notice[]>([]);
  const notify = useCallback((text: string) => {
    setNotices((current) => [...current, { id: ++nextId, text }]);
  }, []);
  const dismiss = (id: number) =>
    setNotices((current) => current.filter((notice) => notice.id !== id));

  const element = (
    <ToastProvider>
      {notices.map((notice) => (
        <Toast
          key={notice.id}
          variant="danger"
          onOpenChange={(open) => (open ? undefined : dismiss(notice.id))}
        >
          <ToastTitle>{notice.text}</ToastTitle>
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
  return { notify, element };
}

/**
 * The text of a failed action: the SPEC §8 / `errors.*` text of the server's code when there is
 * one (timeout, offline, not found …), otherwise the action's own fallback.
 */
export function useFailureNotice(): (reason: unknown, fallbackKey: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (reason, fallbackKey) => {
      if (reason instanceof ApiError) {
        // A server error has no useful code of its own; SPEC §8 names it "Server error".
        const code = reason.status >= 500 ? 'server' : reason.code;
        if (i18n.exists(`errors.${code}`) && code !== 'internal') return t(`errors.${code}`);
      }
      return t(fallbackKey);
    },
    [t, i18n],
  );
}
