import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { cn } from '../../lib/cn.ts';
import { useFormat } from '../../lib/format.ts';
import { NoteStages } from '../../widgets/note-stages.tsx';
import { PageHeader } from '../../components/page-header.tsx';

export interface UploadPendingProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** The new note's name (the file's without its ending unless one was typed). */
  name: string;
  /** Bytes sent so far. */
  loaded: number;
  /** The file's size in bytes. */
  size: number;
}

/**
 * The new note while its recording is still on its way (docs/uploads.md#following-a-new-note):
 * its name, the first of its steps with the bytes sent; the app replaces it by the note's reader
 * once the server has accepted the file, or by the form again when the upload fails.
 */
export function UploadPending({ name, loaded, size, className, ...props }: UploadPendingProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const percent = size > 0 ? Math.min(100, Math.round((loaded / size) * 100)) : 0;
  return (
    <div
      data-slot="upload-pending"
      className={cn('mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6 sm:py-10', className)}
      {...props}
    >
      <PageHeader title={name} wrap="anywhere" />
      <Alert
        variant="info"
        title={t('protocol.pending.title')}
        description={t('protocol.pending.description')}
      >
        <NoteStages name={name} stage="uploading" progress={percent} className="mt-3" />
        <p className="mt-2 text-sm text-muted-foreground tabular-nums">
          {t('uploads.progress', {
            loaded: format.bytes(loaded, size),
            total: format.bytes(size),
          })}
        </p>
      </Alert>
    </div>
  );
}
