import type { FailureText } from '@protokoll/contract';
import { Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { FormErrorAlert } from '../../components/form-error-alert.tsx';
import { useFormat } from '../../lib/format.ts';

export interface SubmitBarProps {
  /** Why the last upload failed. */
  error: FailureText | undefined;
  submitting: boolean;
  /** Sending is not possible now (no engine, a refusal, the length still being read). */
  blocked: boolean;
  /** What the chosen file costs, once known. */
  cost: number | undefined;
  /** The refusal that explains a blocked button. */
  describedBy: string | undefined;
  /** The form came back after a failed upload: the button reads "Erneut versuchen". */
  again?: boolean | undefined;
  /** The failure is lifted by a bigger plan: a way to `/buy` beside it. */
  onUpgrade?: (() => void) | undefined;
}

/** The end of the form: the last failure, the cost and the submit button. */
export function SubmitBar({
  error,
  submitting,
  blocked,
  cost,
  describedBy,
  again = false,
  onUpgrade,
}: SubmitBarProps) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div data-slot="protocol-submit" className="grid gap-4">
      <FormErrorAlert error={error} submitting={submitting}>
        {error && onUpgrade ? (
          <Button type="button" variant="outline" size="sm" className="mt-2" onClick={onUpgrade}>
            {t('protocol.refusal.upgrade')}
          </Button>
        ) : null}
      </FormErrorAlert>
      <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2">
        {cost !== undefined ? (
          <p className="text-sm text-muted-foreground">
            {t('protocol.cost.label')}:{' '}
            <span className="font-medium text-foreground tabular-nums">{format.minutes(cost)}</span>
          </p>
        ) : null}
        <Button
          type="submit"
          size="lg"
          disabled={blocked}
          loading={submitting}
          aria-describedby={describedBy}
          className="max-sm:w-full"
        >
          {submitting ? null : <Upload aria-hidden />}
          {again ? t('protocol.pending.retry') : t('protocol.submit')}
        </Button>
      </div>
    </div>
  );
}
