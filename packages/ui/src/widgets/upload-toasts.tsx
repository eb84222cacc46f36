import { CircleAlert, CircleCheck, FileAudio, XIcon } from 'lucide-react';
import { useTranslation } from '../lib/i18n.tsx';
import { Progress } from '../components/progress.tsx';
import { Spinner } from '../components/spinner.tsx';
import { toastVariants } from '../components/toast.tsx';
import { cn } from '../lib/cn.ts';

/** SPEC §3/§4: an upload is processing, then done or error. */
export type UploadStatus = 'processing' | 'done' | 'error';

/** SPEC §3 upload tracking entry, plus what the toast needs to explain a failure. */
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
   * Why the entry failed: an i18n key (`errors.uploadFailed`, `errors.transcriptionFailed`) or the
   * parse error's own text. Defaults to SPEC §8 "Upload failed".
   */
  error?: string | undefined;
  /** Details under the error, e.g. the note's failure reason; an i18n key or text. */
  reason?: string | undefined;
}

const BINARY_UNITS = [
  [1024 ** 3, 'gigabyte'],
  [1024 ** 2, 'megabyte'],
  [1024, 'kilobyte'],
] as const;

/**
 * Bytes in the active locale: "48,0 MB" / "48.0 MB", "1,0 GB", "512 byte". Multiples of 1024,
 * as file managers show them. `scale` picks the unit, so "12,3 MB von 48,0 MB" share theirs.
 */
export function formatBytes(bytes: number, locale: string, scale: number = bytes): string {
  const value = Math.max(0, bytes);
  const unit = BINARY_UNITS.find(([factor]) => Math.max(0, scale) >= factor);
  if (!unit) {
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte' }).format(value);
  }
  const [factor, name] = unit;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: name,
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value / factor);
}

/** The phase of an entry as the toast shows it: bytes still travelling count as `uploading`. */
export type UploadPhase = 'uploading' | 'processing' | 'done' | 'error';

export function uploadPhase(entry: Pick<UploadEntry, 'status' | 'loaded' | 'size'>): UploadPhase {
  if (entry.status !== 'processing') return entry.status;
  return entry.loaded < entry.size ? 'uploading' : 'processing';
}

export interface UploadToastsProps extends Omit<React.ComponentProps<'section'>, 'children'> {
  /** Every tracked upload; those with `showToast: false` are not shown. Oldest first. */
  uploads: readonly UploadEntry[];
  /** The close button of an entry was pressed. */
  onDismiss: (id: UploadEntry['id']) => void;
}

/**
 * One toast per uploaded file: the bytes sent as a bar, then "processing", then done or the
 * error. Several stack above each other. Stateless: the app keeps the entries (and renders the
 * widget in its layout, so the toasts survive navigation); state changes are read out through a
 * polite live region, byte counts are not.
 */
export function UploadToasts({ uploads, onDismiss, className, ...props }: UploadToastsProps) {
  const { t, i18n } = useTranslation();
  const visible = uploads.filter((entry) => entry.showToast);
  const text = (message: string) => (i18n.exists(message) ? t(message) : message);
  const phaseText = (entry: UploadEntry) => {
    const phase = uploadPhase(entry);
    return phase === 'error' ? text(entry.error ?? 'errors.uploadFailed') : t(`uploads.${phase}`);
  };

  return (
    <>
      {/* Always mounted, so screen readers are listening before the first change arrives. */}
      <div data-slot="upload-announcer" aria-live="polite" className="sr-only">
        {visible.map((entry) => (
          <p key={entry.id}>
            {t('uploads.announce', { name: entry.filename, status: phaseText(entry) })}
          </p>
        ))}
      </div>
      {visible.length > 0 ? (
        <section
          data-slot="upload-toasts"
          aria-label={t('uploads.region')}
          className={cn(
            'pointer-events-none fixed inset-x-0 bottom-0 z-100 flex max-h-dvh flex-col p-4',
            'sm:left-auto sm:w-full sm:max-w-md',
            className,
          )}
          {...props}
        >
          <ul className="flex min-h-0 flex-col gap-2 overflow-y-auto">
            {visible.map((entry) => (
              <UploadToast
                key={entry.id}
                entry={entry}
                statusText={phaseText(entry)}
                reason={entry.reason ? text(entry.reason) : undefined}
                onDismiss={() => onDismiss(entry.id)}
              />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

interface UploadToastProps {
  entry: UploadEntry;
  statusText: string;
  reason: string | undefined;
  onDismiss: () => void;
}

const phaseVariant = {
  uploading: 'info',
  processing: 'info',
  done: 'success',
  error: 'danger',
} as const;

function UploadToast({ entry, statusText, reason, onDismiss }: UploadToastProps) {
  const { t, i18n } = useTranslation();
  const phase = uploadPhase(entry);
  const percent = entry.size > 0 ? Math.floor((entry.loaded / entry.size) * 100) : 0;
  const percentText = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    maximumFractionDigits: 0,
  }).format(percent / 100);

  const icon =
    phase === 'done' ? (
      <CircleCheck aria-hidden />
    ) : phase === 'error' ? (
      <CircleAlert aria-hidden />
    ) : phase === 'processing' ? (
      <Spinner label={null} size={20} className="mt-0.5 shrink-0" />
    ) : (
      <FileAudio aria-hidden />
    );

  return (
    <li
      data-slot="upload-toast"
      data-state={phase}
      className={cn(toastVariants({ variant: phaseVariant[phase] }), 'min-w-0')}
    >
      {icon}
      <div className="grid min-w-0 flex-1 gap-1.5">
        <p
          data-slot="upload-filename"
          title={entry.filename}
          className="truncate text-sm leading-snug font-semibold"
        >
          {entry.filename}
        </p>
        {phase === 'uploading' ? (
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
    </li>
  );
}
