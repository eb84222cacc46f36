import { recordingLength, type Minutes } from '@protokoll/contract';
import { CloudUpload } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { useFormat } from '../../lib/format.ts';
import { AudioDropZone } from './audio-drop-zone.tsx';
import { FileCost } from './file-cost.tsx';

/** Why the chosen file cannot be sent although it is audio: too long for the plan, or too few minutes. */
export type CostRefusal =
  | { kind: 'overPlanLimit'; plan: string; limitMinutes: number; duration: number }
  | { kind: 'notEnoughMinutes'; cost: number; remaining: number };

export interface FileSectionProps {
  /** The chosen recording. */
  file: File | undefined;
  /** Largest file the server accepts, in bytes. */
  maxBytes: number;
  /** A file was dropped or picked. */
  onFile: (file: File) => void;
  /** Why the file was refused or is missing, worded. */
  error: string | undefined;
  disabled: boolean;
  /** The file input, so the form can move focus to it. */
  inputRef: React.Ref<HTMLInputElement>;
  /** The file's length, cost and the balance it is measured against. */
  duration: number | null | undefined;
  cost: number | undefined;
  minutes: Minutes | undefined;
  unlimited: boolean;
  remaining: number;
  /** Shown under the cost; its id describes the submit button. */
  refusal: CostRefusal | undefined;
  refusalId: string;
  /** "Upgrade" beside the refusal. */
  onUpgrade?: (() => void) | undefined;
  /** The file is refused as not audio (its `error` says so): no length or cost to show. */
  notAudio?: boolean | undefined;
  /** The browser recorder: the first of the two actions (on a phone the one on top). */
  recorder?: React.ReactNode;
}

/**
 * The two ways to a note, side by side (stacked on a phone, recording first): record in the
 * browser, or upload a file. Under them, for a chosen file, its length, its cost and a refusal.
 */
export function FileSection({
  file,
  maxBytes,
  onFile,
  error,
  disabled,
  inputRef,
  duration,
  cost,
  minutes,
  unlimited,
  remaining,
  refusal,
  refusalId,
  onUpgrade,
  notAudio = false,
  recorder,
}: FileSectionProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const uploadHeadingId = useId();
  return (
    <div data-slot="file-section" className="grid gap-4">
      {/* Names the two actions for the outline of headings; their own headings say the rest. */}
      <h2 className="sr-only">{t('protocol.sections.start.title')}</h2>
      {/* auto-fit: without a recorder (its chunk failed) the upload takes the whole width. */}
      <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,18rem),1fr))] gap-4">
        <div data-slot="record-action" className="grid empty:hidden *:content-start">
          {recorder}
        </div>
        <section
          aria-labelledby={uploadHeadingId}
          data-slot="upload-action"
          className="grid content-start gap-4 rounded-lg border border-border bg-surface p-4"
        >
          <h3 id={uploadHeadingId} className="flex items-center gap-2 text-base font-semibold">
            <CloudUpload aria-hidden className="size-4" />
            {t('protocol.sections.file.title')}
          </h3>
          <AudioDropZone
            file={file}
            maxBytes={maxBytes}
            onFile={onFile}
            error={error}
            disabled={disabled}
            inputRef={inputRef}
          />
        </section>
      </div>
      {file && !notAudio ? (
        <FileCost
          duration={duration}
          cost={cost}
          minutes={minutes}
          unlimited={unlimited}
          remaining={remaining}
        />
      ) : null}
      {refusal ? (
        <Alert
          id={refusalId}
          variant="danger"
          data-slot="refusal"
          title={
            refusal.kind === 'overPlanLimit'
              ? t('protocol.refusal.overPlanLimitTitle')
              : t('protocol.refusal.notEnoughMinutesTitle')
          }
          description={
            refusal.kind === 'overPlanLimit'
              ? t('protocol.refusal.overPlanLimit', {
                  plan: refusal.plan,
                  limit: format.minutes(refusal.limitMinutes),
                  duration: recordingLength(refusal.duration),
                })
              : t('protocol.refusal.notEnoughMinutes', {
                  cost: format.minutes(refusal.cost),
                  remaining: format.minutes(refusal.remaining),
                })
          }
        >
          {onUpgrade ? (
            <Button variant="outline" size="sm" className="mt-2" onClick={onUpgrade}>
              {t('protocol.refusal.upgrade')}
            </Button>
          ) : null}
        </Alert>
      ) : null}
    </div>
  );
}
