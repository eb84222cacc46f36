import { Archive, Download, Trash2, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../components/alert-dialog.tsx';
import { Button } from '../components/button.tsx';
import { cn } from '../lib/cn.ts';
import { useFormat } from '../lib/format.ts';

/** A finished recording kept in this browser, not yet processed. */
export interface SavedRecording {
  id: string;
  /** When it was started (ISO): its name. */
  startedAt: string;
  /** Its length in seconds. */
  seconds: number;
}

export interface SavedRecordingsProps {
  /** Newest first; nothing is shown without any. */
  recordings: readonly SavedRecording[];
  /** Save the recording as a file. */
  onDownload: (id: string) => void;
  /** Take the recording into the form, to be processed. */
  onProcess: (id: string) => void;
  /** Forget the recording (asked first). */
  onDelete: (id: string) => void;
  className?: string | undefined;
}

/**
 * "Gespeicherte Aufnahmen": recordings kept in this browser for later (docs/uploads.md#recording-in-the-browser),
 * e.g. because the minutes did not suffice. Each can be downloaded, processed or deleted.
 */
export function SavedRecordings({
  recordings,
  onDownload,
  onProcess,
  onDelete,
  className,
}: SavedRecordingsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const headingId = useId();
  const [deleting, setDeleting] = useState<SavedRecording>();
  if (recordings.length === 0) return null;

  const nameOf = (recording: SavedRecording) =>
    t('protocol.saved.name', { when: format.dateTime(recording.startedAt) });

  return (
    <section
      aria-labelledby={headingId}
      data-slot="saved-recordings"
      className={cn('grid gap-3 rounded-lg border border-border bg-surface p-4', className)}
    >
      <div className="grid gap-1">
        <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold">
          <Archive aria-hidden className="size-4" />
          {t('protocol.saved.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('protocol.saved.description')}</p>
      </div>
      <ul className="grid divide-y divide-border">
        {recordings.map((recording) => {
          const name = nameOf(recording);
          return (
            <li
              key={recording.id}
              aria-label={name}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0"
            >
              <div className="min-w-0">
                <p className="font-medium wrap-break-word">{name}</p>
                <p className="text-sm text-muted-foreground">
                  {format.duration(recording.seconds)}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button type="button" size="sm" onClick={() => onProcess(recording.id)}>
                  <Upload aria-hidden />
                  {t('protocol.saved.process')}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => onDownload(recording.id)}
                >
                  <Download aria-hidden />
                  {t('protocol.recorder.download')}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => setDeleting(recording)}
                >
                  <Trash2 aria-hidden />
                  {t('protocol.saved.delete')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <AlertDialog
        open={deleting !== undefined}
        onOpenChange={(open) => open || setDeleting(undefined)}
      >
        <AlertDialogContent data-slot="delete-saved-recording">
          <AlertDialogHeader>
            <AlertDialogTitle>{t('protocol.saved.confirmTitle')}</AlertDialogTitle>
            <AlertDialogDescription>
              {deleting ? t('protocol.saved.confirmDescription', { name: nameOf(deleting) }) : null}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('common.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              variant="danger"
              onClick={() => {
                if (deleting) onDelete(deleting.id);
              }}
            >
              {t('protocol.saved.confirm')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
