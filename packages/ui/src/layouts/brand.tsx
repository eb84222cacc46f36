import { AudioLines } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';

export interface BrandProps extends React.ComponentProps<'span'> {
  /**
   * Hide the app name next to the mark (it stays available to screen readers): always, or only
   * on very narrow screens (< 360px) where the header would overflow otherwise.
   */
  compact?: boolean | 'narrow';
}

/** The brand mark and app name shared by the auth and signed-in layouts. */
export function Brand({ compact = false, className, ...props }: BrandProps) {
  const { t } = useTranslation();
  return (
    <span
      data-slot="brand"
      className={cn('inline-flex items-center gap-2 font-semibold text-foreground', className)}
      {...props}
    >
      <span
        aria-hidden
        className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground"
      >
        <AudioLines className="size-5" />
      </span>
      <span
        className={cn(
          'text-lg tracking-tight',
          compact === true && 'sr-only',
          compact === 'narrow' && 'max-[359px]:sr-only',
        )}
      >
        {t('app.name')}
      </span>
    </span>
  );
}
