import {
  downloadFormats,
  NoteDesign,
  type DownloadFormat,
  type NoteDesign as Design,
} from '@protokoll/contract';
import { ChevronDown, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/dropdown-menu.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { useAction, type ActionResult } from './action.ts';

/** The formats whose look the design sets. */
const DESIGNED_FORMATS: readonly DownloadFormat[] = ['docx', 'pdf'];

/** The recording as uploaded or recorded, offered for download as it is. */
export interface OriginalRecording {
  /** Where it downloads from (the server names the file). */
  href: string;
  /** The name it was uploaded or recorded under; its extension is shown ("Originalaufnahme (WEBM)"). */
  fileName: string;
}

/** "WEBM" for `Aufnahme 2026-11-24 09-15.webm`; null when the name has no extension. */
function extensionOf(fileName: string): string | null {
  return /\.([\p{L}\p{N}]{1,8})$/u.exec(fileName)?.[1]?.toUpperCase() ?? null;
}

export interface DownloadMenuProps {
  /**
   * A format was picked; return the download's promise to show a spinner until it is saved.
   * DOCX and PDF also get the design chosen in the menu, when the menu offers one (`design`).
   */
  onDownload: (format: DownloadFormat, design?: Design) => ActionResult;
  /**
   * The note's design: the menu offers the three designs for DOCX and PDF, this one chosen at
   * first. Without it no design is offered.
   */
  design?: Design | undefined;
  /** The original recording, offered below the formats; without it, not offered. */
  original?: OriginalRecording | undefined;
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
 * The download button with its menu of formats (DOCX, PDF, Markdown, TXT, SRT, VTT, JSON), the
 * design of DOCX and PDF (choosing one keeps the menu open) and the original recording.
 * Keyboard: Enter, Space or ArrowDown open it, the arrows move, Enter picks, Escape closes.
 */
export function DownloadMenu({
  onDownload,
  design,
  original,
  noteName,
  compact = false,
  formats = downloadFormats,
  className,
}: DownloadMenuProps) {
  const { t } = useTranslation();
  const { pending, run } = useAction();
  const designLabelId = useId();
  // The choice lasts while the menu is mounted (the reader mounts one per note).
  const [chosenDesign, setChosenDesign] = useState(design);
  // Failures are the app's to report (a toast): the menu is closed by the time a download fails.
  const pick = (format: DownloadFormat) =>
    void run(() =>
      chosenDesign && DESIGNED_FORMATS.includes(format)
        ? onDownload(format, chosenDesign)
        : onDownload(format),
    );
  const extension = original ? extensionOf(original.fileName) : null;

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
        {chosenDesign ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel id={designLabelId}>{t('downloads.design.label')}</DropdownMenuLabel>
            <DropdownMenuRadioGroup
              aria-labelledby={designLabelId}
              value={chosenDesign}
              onValueChange={(value) => setChosenDesign(NoteDesign.parse(value))}
            >
              {NoteDesign.options.map((option) => (
                <DropdownMenuRadioItem
                  key={option}
                  value={option}
                  // Choosing the look comes before choosing the file: the menu stays open.
                  onSelect={(event) => event.preventDefault()}
                >
                  {t(`downloads.design.${option}`)}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          </>
        ) : null}
        {original ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild data-format="original">
              <a href={original.href} download={original.fileName}>
                {extension
                  ? t('downloads.original', { extension })
                  : t('downloads.originalUntyped')}
              </a>
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
