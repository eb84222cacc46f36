import type { MessageKey } from '../lib/i18next.ts';
import type { FailureText } from '@protokoll/contract';
import { CircleAlert, CircleCheck, FileAudio, Pause, Play, WifiOff, XIcon } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useFailureText } from '../lib/failure-text.ts';
import { useTranslation } from 'react-i18next';
import { Progress } from '../components/progress.tsx';
import { Spinner } from '../components/spinner.tsx';
import { toastVariants } from '../components/toast.tsx';
import { cn } from '../lib/cn.ts';
import { formatBytes, formatPercent, formatTimeLeft } from '../lib/format.ts';

/** An upload is processing, then done or error (docs/uploads.md#upload-toasts). */
export type UploadStatus = 'processing' | 'done' | 'error';

/**
 * An upload tracking entry (docs/uploads.md#upload-toasts), plus what the toast needs to explain a
 * failure.
 */
export interface UploadEntry {
  id: string | number;
  /** The file's name as chosen; long names are cut visually, the full name stays readable. */
  filename: string;
  /** File size in bytes. */
  size: number;
  /** Bytes sent so far; once all are sent a processing entry shows "processing". */
  loaded: number;
  status: UploadStatus;
  /** False: the entry is tracked but shows no toast (and announces nothing). */
  showToast: boolean;
  /**
   * Why the entry failed: a code (`uploadFailed`, `transcriptionFailed`) or a refusal in the
   * server's words. Defaults to "Upload failed".
   */
  error?: FailureText | undefined;
  /** Details under the error, e.g. the note's failure reason; an i18n key or text. */
  reason?: string | undefined;
  /** The upload can be paused and resumed (a resumable upload while bytes travel). */
  pausable?: boolean | undefined;
  /** Paused by the person: no bytes travel until resumed. */
  paused?: boolean | undefined;
  /**
   * No connection: the bytes wait for it and the upload resumes by itself once it is back
   * (docs/uploads.md#offline).
   */
  waiting?: boolean | undefined;
  /** Bytes per second lately; unknown at the start. */
  bytesPerSecond?: number | undefined;
  /** Seconds until every byte is sent at that speed. */
  secondsLeft?: number | undefined;
}

/**
 * The phase of an entry as the toast shows it: bytes still travelling count as `uploading`,
 * `paused` while the person holds them, or `waiting` while the connection is gone.
 */
export type UploadPhase = 'uploading' | 'paused' | 'waiting' | 'processing' | 'done' | 'error';

export function uploadPhase(
  entry: Pick<UploadEntry, 'status' | 'loaded' | 'size' | 'paused' | 'waiting'>,
): UploadPhase {
  if (entry.status !== 'processing') return entry.status;
  if (entry.loaded >= entry.size) return 'processing';
  return entry.paused ? 'paused' : entry.waiting ? 'waiting' : 'uploading';
}

/** What an entry's toast says about its state: its phase, or its failure. */
function useUploadStatusText(): (entry: UploadEntry) => string {
  const { t } = useTranslation();
  const failureText = useFailureText();
  return (entry) =>
    uploadPhase(entry) === 'error'
      ? (failureText(entry.error, 'errors.uploadFailed') ?? t('errors.uploadFailed'))
      : t(`uploads.${uploadPhase(entry)}` as MessageKey);
}

export interface UploadAnnouncerProps {
  /** The uploads whose toasts are shown, oldest first. */
  uploads: readonly UploadEntry[];
}

/**
 * Reads each shown upload's state out through a polite live region ("Aufnahme.m4a: Wird
 * verarbeitet …"); byte counts are not read. Always mounted, so screen readers are listening
 * before the first change arrives.
 */
export function UploadAnnouncer({ uploads }: UploadAnnouncerProps) {
  const { t } = useTranslation();
  const statusText = useUploadStatusText();
  return (
    <div data-slot="upload-announcer" aria-live="polite" className="sr-only">
      {uploads.map((entry) => (
        <p key={entry.id}>
          {t('uploads.announce', { name: entry.filename, status: statusText(entry) })}
        </p>
      ))}
    </div>
  );
}

export interface UploadToastProps {
  entry: UploadEntry;
  /** The close button, Escape or a swipe asked the entry's toast to go. */
  onDismiss: () => void;
  /** The pause button of a pausable upload. */
  onPause?: (() => void) | undefined;
  /** The resume button of a paused upload. */
  onResume?: (() => void) | undefined;
}

const phaseVariant = {
  paused: 'info',
  waiting: 'info',
  uploading: 'info',
  processing: 'info',
  done: 'success',
  error: 'danger',
} as const;

/**
 * One uploaded file as a toast of the app's toast host: the bytes sent as a bar, then
 * "processing", then done or the failure with its reason. Open for as long as the app keeps the
 * entry (a done entry goes by itself, a failure when dismissed). Its text is read out by the
 * `UploadAnnouncer`, not by the toast, so each change is heard once.
 */
export function UploadToast({ entry, onDismiss, onPause, onResume }: UploadToastProps) {
  const { t, i18n } = useTranslation();
  const statusText = useUploadStatusText()(entry);
  const reason = entry.reason
    ? i18n.exists(entry.reason)
      ? t(entry.reason as MessageKey)
      : entry.reason
    : undefined;
  const phase = uploadPhase(entry);
  const percent = entry.size > 0 ? Math.floor((entry.loaded / entry.size) * 100) : 0;
  const percentText = formatPercent(percent / 100, i18n.language);

  const icon =
    phase === 'done' ? (
      <CircleCheck aria-hidden />
    ) : phase === 'error' ? (
      <CircleAlert aria-hidden />
    ) : phase === 'processing' ? (
      <Spinner label={null} size={20} className="mt-0.5 shrink-0" />
    ) : phase === 'waiting' ? (
      <WifiOff aria-hidden />
    ) : (
      <FileAudio aria-hidden />
    );

  return (
    <ToastPrimitive.Root
      data-slot="upload-toast"
      data-state={phase}
      className={cn(toastVariants({ variant: phaseVariant[phase] }), 'min-w-0')}
      open
      onOpenChange={(open) => {
        if (!open) onDismiss();
      }}
      duration={Infinity}
      type="background"
    >
      {icon}
      <div data-radix-toast-announce-exclude="" className="grid min-w-0 flex-1 gap-1.5">
        <p
          data-slot="upload-filename"
          title={entry.filename}
          className="truncate text-sm leading-snug font-semibold"
        >
          {entry.filename}
        </p>
        {phase === 'uploading' || phase === 'paused' || phase === 'waiting' ? (
          <>
            <p className="flex items-baseline justify-between gap-3 text-sm">
              <span data-slot="upload-bytes" className="min-w-0 tabular-nums">
                {t('uploads.progress', {
                  loaded: formatBytes(entry.loaded, i18n.language, entry.size),
                  total: formatBytes(entry.size, i18n.language),
                })}
              </span>
              <span aria-hidden className="shrink-0 tabular-nums">
                {percentText}
              </span>
            </p>
            <Progress
              label={t('uploads.progressLabel', { name: entry.filename })}
              value={percent}
              className="bg-current/15"
            />
            {phase === 'paused' || phase === 'waiting' || entry.pausable || entry.bytesPerSecond ? (
              <div className="flex min-h-7 items-center justify-between gap-3 text-sm">
                <span data-slot="upload-rate" className="min-w-0 tabular-nums">
                  {phase === 'paused'
                    ? t('uploads.paused')
                    : phase === 'waiting'
                      ? t('uploads.waiting')
                      : entry.bytesPerSecond
                        ? [
                            t('uploads.speed', {
                              speed: formatBytes(entry.bytesPerSecond, i18n.language),
                            }),
                            entry.secondsLeft !== undefined
                              ? t('uploads.timeLeft', {
                                  time: formatTimeLeft(entry.secondsLeft, i18n.language),
                                })
                              : null,
                          ]
                            .filter(Boolean)
                            .join(' · ')
                        : null}
                </span>
                {entry.pausable && (phase === 'paused' ? onResume : onPause) ? (
                  <button
                    type="button"
                    data-slot={phase === 'paused' ? 'upload-resume' : 'upload-pause'}
                    aria-label={t(
                      phase === 'paused' ? 'uploads.resumeLabel' : 'uploads.pauseLabel',
                      {
                        name: entry.filename,
                      },
                    )}
                    onClick={phase === 'paused' ? onResume : onPause}
                    className={cn(
                      'inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 font-medium',
                      'transition-colors outline-none hover:bg-current/10 [&_svg]:size-4',
                      'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
                      'focus-visible:ring-offset-background',
                    )}
                  >
                    {phase === 'paused' ? <Play aria-hidden /> : <Pause aria-hidden />}
                    {t(phase === 'paused' ? 'uploads.resume' : 'uploads.pause')}
                  </button>
                ) : null}
              </div>
            ) : null}
          </>
        ) : (
          <p data-slot="upload-status" className="text-sm wrap-anywhere">
            {statusText}
          </p>
        )}
        {phase === 'error' && reason ? (
          <p data-slot="upload-reason" className="text-sm wrap-anywhere opacity-90">
            {reason}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        data-slot="upload-dismiss"
        aria-label={t('uploads.dismiss', { name: entry.filename })}
        onClick={onDismiss}
        className={cn(
          'absolute top-3 right-3 inline-flex size-7 items-center justify-center rounded-md',
          'transition-colors outline-none hover:bg-current/10 [&_svg]:size-4',
          'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
          'focus-visible:ring-offset-background',
        )}
      >
        <XIcon aria-hidden />
      </button>
    </ToastPrimitive.Root>
  );
}
