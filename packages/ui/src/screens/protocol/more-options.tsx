import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

export interface MoreOptionsProps {
  /** Whether the options are shown. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the note will be like with the current options, in a few words (shown while closed too). */
  summary: string;
  /** The options are the ones chosen for the last note: the summary says so. */
  remembered?: boolean | undefined;
  /** The option groups. */
  children: React.ReactNode;
  className?: string | undefined;
}

/**
 * "Weitere Optionen": everything but the recording, folded away so a first note takes two
 * decisions (record or upload, then send). A disclosure (Radix Collapsible): the heading's button
 * opens it with Enter or Space and says whether it is open; its one line tells what the note will
 * be like without opening it.
 */
export function MoreOptions({
  open,
  onOpenChange,
  summary,
  remembered = false,
  children,
  className,
}: MoreOptionsProps) {
  const { t } = useTranslation();
  return (
    <Collapsible.Root
      open={open}
      onOpenChange={onOpenChange}
      data-slot="more-options"
      className={cn('rounded-lg border border-border bg-surface', className)}
    >
      <h2 className="text-base">
        <Collapsible.Trigger
          type="button"
          className={cn(
            'group flex w-full min-w-0 items-center gap-3 rounded-lg px-4 py-3 text-left',
            'transition-colors hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring',
            'focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none',
          )}
        >
          <SlidersHorizontal aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <span className="grid min-w-0 flex-1 gap-0.5">
            <span className="font-semibold text-foreground">{t('protocol.options.title')}</span>
            <span data-slot="options-summary" className="text-sm text-muted-foreground">
              {remembered ? t('protocol.options.summaryRemembered', { summary }) : summary}
            </span>
          </span>
          <ChevronDown
            aria-hidden
            className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
          />
        </Collapsible.Trigger>
      </h2>
      <Collapsible.Content data-slot="options-content" className="grid gap-5 px-4 pt-2 pb-5">
        {children}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
