import { AUDIO_ACCEPT } from '@protokoll/contract';
import { FileAudio, CloudUpload } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '../../components/button.tsx';
import { cn } from '../../lib/cn.ts';
import { useFormat } from '../../lib/format.ts';

export interface AudioDropZoneProps {
  /** The chosen file, shown with its size; the zone then offers to choose another one. */
  file: File | undefined;
  /** Largest accepted file, named in the hint. */
  maxBytes: number;
  /** A file was dropped or picked; checking it is the caller's business. */
  onFile: (file: File) => void;
  /** Why the last file was refused, or the form's "choose a file" error. */
  error?: string | undefined;
  disabled?: boolean;
  /** The file input, so the form can move focus to it. */
  inputRef?: React.Ref<HTMLInputElement>;
}

/** Whether a drag carries files (not text or a link dragged from the page). */
function carriesFiles(event: React.DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/**
 * Where a recording goes in: drop it on the zone or pick it with the button. The button is the
 * label of a visually hidden file input, so the keyboard reaches one control (Enter or Space
 * opens the picker) and screen readers hear a named file input.
 */
export function AudioDropZone({
  file,
  maxBytes,
  onFile,
  error,
  disabled = false,
  inputRef,
}: AudioDropZoneProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [dragging, setDragging] = useState(false);

  const accept = (event: React.DragEvent) => {
    if (disabled || !carriesFiles(event)) return false;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    return true;
  };

  return (
    <div className="grid gap-2">
      <div
        data-slot="drop-zone"
        data-state={dragging ? 'dragging' : file ? 'filled' : 'empty'}
        data-disabled={disabled || undefined}
        onDragEnter={(event) => {
          if (accept(event)) setDragging(true);
        }}
        onDragOver={accept}
        onDragLeave={(event) => {
          // Moving onto a child also fires dragleave; only leaving the zone itself counts.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          setDragging(false);
          if (!accept(event)) return;
          const dropped = event.dataTransfer.files[0];
          if (dropped) onFile(dropped);
        }}
        className={cn(
          'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-input px-4 py-5',
          'sm:py-8',
          'text-center transition-colors sm:px-6',
          'data-[state=dragging]:border-primary data-[state=dragging]:bg-accent',
          'data-[state=filled]:border-solid sm:data-[state=filled]:py-6',
          error && 'border-danger',
          disabled && 'opacity-60',
        )}
      >
        {file ? (
          <div data-slot="chosen-file" className="flex w-full max-w-md min-w-0 items-center gap-3">
            <span
              aria-hidden
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground"
            >
              <FileAudio className="size-5" />
            </span>
            <div className="grid min-w-0 text-left">
              <p
                data-slot="chosen-file-name"
                title={file.name}
                className="truncate font-medium text-foreground"
              >
                {file.name}
              </p>
              <p className="text-sm text-muted-foreground tabular-nums">
                {format.bytes(file.size)}
              </p>
            </div>
          </div>
        ) : (
          // A phone has nothing to drag a file from: there the button alone.
          <>
            <span
              aria-hidden
              className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground max-sm:hidden"
            >
              <CloudUpload className="size-6" />
            </span>
            <p className="font-medium text-balance text-foreground max-sm:hidden">
              {dragging ? t('protocol.dropZone.release') : t('protocol.dropZone.title')}
            </p>
            <p className="text-sm text-muted-foreground max-sm:hidden">
              {t('protocol.dropZone.or')}
            </p>
          </>
        )}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={AUDIO_ACCEPT}
          disabled={disabled}
          aria-describedby={cn(hintId, error && errorId)}
          aria-invalid={error ? true : undefined}
          className="peer sr-only"
          onChange={(event) => {
            const picked = event.target.files?.[0];
            // Emptied, so picking the same file again after a refusal reports it again.
            event.target.value = '';
            if (picked) onFile(picked);
          }}
        />
        <label
          htmlFor={inputId}
          className={cn(
            buttonVariants({ variant: file ? 'outline' : 'primary' }),
            'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring',
            'peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background',
            'peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
          )}
        >
          {file ? t('protocol.dropZone.replace') : t('protocol.dropZone.choose')}
        </label>
        <p id={hintId} className="text-sm text-balance text-muted-foreground">
          {t('protocol.dropZone.formats', { max: format.bytes(maxBytes) })}
        </p>
      </div>
      {error ? (
        <p
          id={errorId}
          role="alert"
          data-slot="drop-zone-error"
          className="text-sm wrap-anywhere text-danger"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
