import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';

export interface SpinnerProps extends React.ComponentProps<'span'> {
  /** Accessible text; defaults to the translated "Loading …". Pass `null` when a parent already announces it. */
  label?: string | null;
  /** Icon size in pixels. */
  size?: number;
}

/** An indeterminate busy indicator with a live status label. */
export function Spinner({ label, size = 16, className, ...props }: SpinnerProps) {
  const { t } = useTranslation();
  const text = label === undefined ? t('common.loading') : label;
  return (
    <span
      data-slot="spinner"
      role={text ? 'status' : undefined}
      className={cn('inline-flex items-center', className)}
      {...props}
    >
      <LoaderCircle aria-hidden size={size} className="animate-spin" />
      {text ? <span className="sr-only">{text}</span> : null}
    </span>
  );
}
