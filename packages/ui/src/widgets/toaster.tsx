import { Toast as ToastPrimitive } from 'radix-ui';
import {
  Toast,
  ToastAction,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  type ToastVariant,
} from '../components/toast.tsx';
import { cn } from '../lib/cn.ts';
import { useTranslation } from 'react-i18next';
import { UploadAnnouncer, UploadToast, type UploadEntry } from './upload-toasts.tsx';

/** A short message of the app: a failed action whose button is gone, a confirmation. */
export interface ToasterNotice {
  id: string | number;
  /** Defaults to `danger`: most notices report a failure. */
  variant?: ToastVariant | undefined;
  /** The translated headline. */
  title: string;
  /** Translated details under it. */
  description?: string | undefined;
  /** A button under the text ("Öffnen"); using it closes the notice. */
  action?: { label: string; altText: string; onClick: () => void } | undefined;
  /** Milliseconds this notice stays; `Infinity` keeps it until closed. Defaults to the host's. */
  duration?: number | undefined;
}

export interface ToasterProps {
  /** Notices, oldest first; each closes itself after `duration` or by its close button. */
  notices?: readonly ToasterNotice[] | undefined;
  /** A notice closed (by itself, its button, Escape or a swipe): the app drops it. */
  onNoticeClose?: ((id: ToasterNotice['id']) => void) | undefined;
  /** Every tracked upload; those with `showToast: false` are not shown. Oldest first. */
  uploads?: readonly UploadEntry[] | undefined;
  /** An upload's toast was dismissed. */
  onUploadDismiss?: ((id: UploadEntry['id']) => void) | undefined;
  /** A pausable upload's pause button. */
  onUploadPause?: ((id: UploadEntry['id']) => void) | undefined;
  /** A paused upload's resume button. */
  onUploadResume?: ((id: UploadEntry['id']) => void) | undefined;
  /** Milliseconds a notice stays; `Infinity` keeps it until closed. Defaults to 5000. */
  duration?: number | undefined;
}

/**
 * The app's one toast host, mounted once in its layout so toasts survive navigation: notices and
 * upload toasts share one labelled region (bottom right, across the bottom on phones; F8 moves
 * focus into it) and one stack, built from the Toast primitives. Stateless: the app keeps both lists. The region exists only
 * while something is shown; the uploads' live region is always there.
 */
export function Toaster({
  notices = [],
  onNoticeClose,
  uploads = [],
  onUploadDismiss,
  onUploadPause,
  onUploadResume,
  duration,
}: ToasterProps) {
  const { t } = useTranslation();
  const shownUploads = uploads.filter((entry) => entry.showToast);
  return (
    <ToastProvider duration={duration}>
      <UploadAnnouncer uploads={shownUploads} />
      {shownUploads.map((entry) => (
        <UploadToast
          key={`upload-${entry.id}`}
          entry={entry}
          onDismiss={() => onUploadDismiss?.(entry.id)}
          onPause={onUploadPause && (() => onUploadPause(entry.id))}
          onResume={onUploadResume && (() => onUploadResume(entry.id))}
        />
      ))}
      {notices.map((notice) => (
        <Toast
          key={`notice-${notice.id}`}
          variant={notice.variant ?? 'danger'}
          duration={notice.duration}
          onOpenChange={(open) => {
            if (!open) onNoticeClose?.(notice.id);
          }}
          action={
            notice.action ? (
              <ToastAction altText={notice.action.altText} onClick={notice.action.onClick}>
                {notice.action.label}
              </ToastAction>
            ) : undefined
          }
        >
          <ToastTitle>{notice.title}</ToastTitle>
          {notice.description ? <ToastDescription>{notice.description}</ToastDescription> : null}
        </Toast>
      ))}
      {shownUploads.length + notices.length > 0 ? (
        // Clicks around the toasts reach the page; the list scrolls once it outgrows the screen.
        <div
          data-slot="toaster"
          className={cn(
            'pointer-events-none fixed inset-x-0 bottom-0 z-100 flex max-h-dvh flex-col p-4',
            'sm:left-auto sm:w-full sm:max-w-md *:flex *:min-h-0 *:flex-col',
          )}
        >
          <ToastPrimitive.Viewport
            data-slot="toast-viewport"
            label={t('toast.region')}
            className="flex min-h-0 flex-col gap-2 overflow-y-auto outline-none"
          />
        </div>
      ) : null}
    </ToastProvider>
  );
}
