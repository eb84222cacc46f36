import { recordingLength, type Minutes } from '@protokoll/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { useFormat } from '../../lib/format.ts';
import { AudioDropZone } from './audio-drop-zone.tsx';
import { FileCost } from './file-cost.tsx';
import { FormSection } from './form-section.tsx';

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
  /** The browser recorder, under the drop zone. */
  recorder?: React.ReactNode;
}

/** "Aufnahme": the drop zone, and for a chosen file its length, its cost and a refusal. */
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
  return (
    <FormSection
      title={t('protocol.sections.file.title')}
      description={t('protocol.sections.file.description')}
    >
      <AudioDropZone
        file={file}
        maxBytes={maxBytes}
        onFile={onFile}
        error={error}
        disabled={disabled}
        inputRef={inputRef}
      />
      {recorder}
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
    </FormSection>
  );
}
