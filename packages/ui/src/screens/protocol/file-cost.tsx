import { hasEnoughMinutes, recordingLength, type Minutes } from '@protokoll/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { cn } from '../../lib/cn.ts';
import { useFormat } from '../../lib/format.ts';

export interface FileCostProps {
  /** Length of the chosen file in seconds; `null` unreadable, `undefined` still being read. */
  duration: number | null | undefined;
  /** Minutes the file costs, once its length is known. */
  cost: number | undefined;
  /** The balance; without it the remaining minutes are left out. */
  minutes: Minutes | undefined;
  unlimited: boolean;
  /** Minutes left before this file. */
  remaining: number;
}

/** Duration, cost and remaining minutes of the chosen file, side by side. */
export function FileCost({ duration, cost, minutes, unlimited, remaining }: FileCostProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const insufficient = cost !== undefined && minutes != null && !hasEnoughMinutes(minutes, cost);
  // A row per value on phones, three boxes side by side from `sm` on.
  const item = cn(
    'flex min-w-0 flex-wrap items-baseline justify-between gap-x-3 rounded-md bg-muted px-3 py-2',
    'sm:grid sm:gap-0.5',
  );
  const term = 'text-sm text-muted-foreground sm:text-xs';
  const value = 'font-semibold text-foreground tabular-nums';
  return (
    <div data-slot="file-cost" className="grid gap-3">
      <dl className="grid gap-2 sm:grid-cols-3 sm:gap-3">
        <div className={item}>
          <dt className={term}>{t('protocol.file.duration')}</dt>
          <dd data-slot="file-duration" className={value}>
            {typeof duration === 'number'
              ? recordingLength(duration)
              : duration === null
                ? t('protocol.file.durationUnknown')
                : t('protocol.file.durationReading')}
          </dd>
        </div>
        <div className={item}>
          <dt className={term}>{t('protocol.cost.label')}</dt>
          <dd
            data-slot="file-cost-minutes"
            data-state={insufficient ? 'insufficient' : undefined}
            className={cn(value, insufficient && 'text-danger')}
          >
            {cost === undefined ? '–' : format.minutes(cost)}
          </dd>
        </div>
        {minutes ? (
          <div className={item}>
            <dt className={term}>{t('protocol.cost.remaining')}</dt>
            <dd data-slot="file-remaining" className={value}>
              {unlimited ? t('protocol.cost.unlimited') : format.minutes(remaining)}
            </dd>
          </div>
        ) : null}
      </dl>
      {duration === null ? <Alert variant="info" description={t('protocol.cost.unknown')} /> : null}
      {cost !== undefined && minutes && !insufficient ? (
        <p className="text-sm text-muted-foreground">
          {unlimited
            ? t('protocol.cost.afterUnlimited')
            : `${t('protocol.cost.after', { minutes: format.minutes(remaining - cost) })} ${t('protocol.cost.rule')}`}
        </p>
      ) : null}
    </div>
  );
}
