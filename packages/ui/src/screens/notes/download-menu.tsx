import { downloadFormats, type DownloadFormat } from '@protokoll/contract';
import { ChevronDown, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../components/dropdown-menu.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { useAction, type ActionResult } from './action.ts';

export interface DownloadMenuProps {
  /** A format was picked; return the download's promise to show a spinner until it is saved. */
  onDownload: (format: DownloadFormat) => ActionResult;
  /** The note's name: the compact trigger is called "„name“ herunterladen" after it. */
  noteName?: string;
  /** Only an icon as the trigger, for list rows; the full button says "Herunterladen". */
  compact?: boolean;
  /** The formats offered; all seven of docs/uploads.md#exports by default, in that order. */
  formats?: readonly DownloadFormat[];
  /** Extra classes for the trigger. */
  className?: string;
}

/**
 * The download button with its menu of formats (DOCX, PDF, Markdown, TXT, SRT, VTT, JSON).
 * Keyboard: Enter, Space or ArrowDown open it, the arrows move, Enter picks, Escape closes.
 */
export function DownloadMenu({
  onDownload,
  noteName,
  compact = false,
  formats = downloadFormats,
  className,
}: DownloadMenuProps) {
  const { t } = useTranslation();
  const { pending, run } = useAction();
  // Failures are the app's to report (a toast): the menu is closed by the time a download fails.
  const pick = (format: DownloadFormat) => void run(() => onDownload(format));

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild disabled={pending}>
        {compact ? (
          <IconButton
            data-slot="download-menu-trigger"
            label={noteName ? t('downloads.labelFor', { name: noteName }) : t('downloads.label')}
            size="sm"
            loading={pending}
            className={className}
          >
            <Download />
          </IconButton>
        ) : (
          <Button
            data-slot="download-menu-trigger"
            variant="outline"
            loading={pending}
            className={className}
          >
            {pending ? null : <Download aria-hidden />}
            {t('downloads.label')}
            <ChevronDown aria-hidden className="-mr-1 text-muted-foreground" />
          </Button>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent data-slot="download-menu" align="end">
        <DropdownMenuLabel>{t('downloads.menuLabel')}</DropdownMenuLabel>
        {formats.map((format) => (
          <DropdownMenuItem key={format} data-format={format} onSelect={() => pick(format)}>
            {t(`downloads.formats.${format}`)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
