import type {
  FailureText,
  FieldIssue,
  NoteDetail,
  NoteResummary,
  ResummariseBody,
  SummaryModel,
  SummaryVersion,
} from '@protokoll/contract';
import { summaryWithSpeakerNames } from '@protokoll/contract';
import { History, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/dialog.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useFailureText } from '../../lib/failure-text.ts';
import { useFormat } from '../../lib/format.ts';
import type { LoadStatus } from '../../lib/load-status.ts';
import type { MessageKey } from '../../lib/i18next.ts';
import { useLanguageName } from '../../widgets/language-name.ts';
import { LoadState } from '../../widgets/load-state.tsx';
import { SummarySection } from '../../widgets/reader-parts.tsx';
import { useAction, type ActionResult } from './action.ts';
import { ResummariseDialog, type ResummariseDialogProps } from './resummarise-dialog.tsx';

/** A model's name as the forms show it ("Standard", "Premium", or its id). */
function useModelName(): (id: string) => string {
  const { t, i18n } = useTranslation();
  return (id) => {
    const key = `protocol.models.${id}`;
    return i18n.exists(key) ? t(key as MessageKey) : id;
  };
}

/** "Stichpunkte · Englisch · Standard": what a summary is (or is to be) written as. */
function useWrittenAs(): (what: { structure: string; language: string; model: string }) => string {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  const modelName = useModelName();
  return ({ structure, language, model }) =>
    [
      t(`protocol.structures.${structure}.label` as MessageKey),
      languageName(language),
      modelName(model),
    ].join(' · ');
}

export interface ResummaryNoticeProps {
  /** The re-summary that waits, runs or failed. */
  resummary: NoteResummary;
}

/**
 * Beside the summary while a new one is written ("Neue Zusammenfassung wird geschrieben …", the
 * current one stays readable), or when writing it failed: why, that the summary is unchanged and
 * that nothing was charged.
 */
export function ResummaryNotice({ resummary }: ResummaryNoticeProps) {
  const { t } = useTranslation();
  const writtenAs = useWrittenAs();
  const what = writtenAs({
    structure: resummary.structure,
    language: resummary.summary_language,
    model: resummary.summary_model,
  });
  if (resummary.state === 'failed') {
    return (
      <Alert
        data-slot="resummary-notice"
        variant="danger"
        title={t('noteTools.resummary.failedTitle')}
        description={
          <>
            {t((resummary.error ?? 'errors.summaryFailed') as MessageKey)}{' '}
            {t('noteTools.resummary.failedKept')}
          </>
        }
      />
    );
  }
  return (
    <Alert
      data-slot="resummary-notice"
      variant="info"
      icon={<Spinner aria-hidden />}
      title={t('noteTools.resummary.runningTitle')}
      description={t('noteTools.resummary.running', { what })}
    />
  );
}

export interface SummaryVersionsDialogProps {
  /** Whether the dialog is shown. */
  open: boolean;
  /** The dialog wants to open or close. */
  onOpenChange: (open: boolean) => void;
  /** Load state of the versions. */
  status: LoadStatus;
  /** The note's summaries, newest first. */
  versions?: readonly SummaryVersion[] | undefined;
  /** Why loading them failed. */
  error?: FailureText | undefined;
  /** Load them again after a failure. */
  onRetry?: (() => void) | undefined;
  /**
   * Make a version current again (after confirming); a promise keeps the dialog waiting. Absent:
   * the versions can be read, not restored (minutes locked for signature).
   */
  onRestore?: ((version: number) => ActionResult) | undefined;
  /** Display names of the note's speakers, for a version's contributions. */
  speakerNames?: Record<string, string> | undefined;
}

/**
 * Every summary a note has had: the current one marked, an older one opened to read (read-only)
 * and restored after confirming; the summary it replaces stays a version.
 */
export function SummaryVersionsDialog({
  open,
  onOpenChange,
  ...props
}: SummaryVersionsDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-slot="summary-versions-dialog" size="lg">
        <DialogHeader>
          <DialogTitle>{t('noteTools.versions.title')}</DialogTitle>
          <DialogDescription>
            {t(
              props.onRestore
                ? 'noteTools.versions.description'
                : 'noteTools.versions.descriptionLocked',
            )}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted with the content: every opening starts at the list. */}
        <VersionsBody {...props} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function VersionsBody({
  status,
  versions = [],
  error,
  onRetry,
  onRestore,
  speakerNames = {},
  onDone,
}: Omit<SummaryVersionsDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const failureText = useFailureText();
  const writtenAs = useWrittenAs();
  const action = useAction();
  const [viewing, setViewing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const shown = versions.find((version) => version.version === viewing);

  if (status !== 'ready') {
    return (
      <LoadState
        status={status}
        loadingText={t('noteTools.versions.loading')}
        failedText={failureText(error, 'noteTools.versions.loadFailed') ?? ''}
        onRetry={onRetry}
      >
        {null}
      </LoadState>
    );
  }

  if (shown) {
    const name = t('noteTools.versions.name', { version: shown.version });
    return (
      <>
        <div data-slot="summary-version" className="grid gap-4">
          <p className="text-sm text-muted-foreground">
            {name} · {format.dateTime(shown.created_at)} ·{' '}
            {writtenAs({
              structure: shown.structure,
              language: shown.language,
              model: shown.model,
            })}
          </p>
          <div className="rounded-md border border-border p-4">
            <SummarySection
              summary={summaryWithSpeakerNames(shown.summary, speakerNames)}
              onSeek={() => undefined}
              level={3}
              speakerNames={speakerNames}
            />
          </div>
          {confirming ? (
            <Alert
              variant="warning"
              title={t('noteTools.versions.confirmTitle', { version: shown.version })}
              description={t('noteTools.versions.confirm')}
            />
          ) : null}
          {action.error ? (
            <Alert
              variant="danger"
              description={failureText(action.error, 'noteTools.versions.restoreFailed')}
            />
          ) : null}
        </div>
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              action.cancel();
              setConfirming(false);
              setViewing(null);
            }}
          >
            {t('noteTools.versions.back')}
          </Button>
          {shown.current || !onRestore ? null : confirming ? (
            <Button
              loading={action.pending}
              onClick={() => void action.run(() => onRestore(shown.version), onDone)}
            >
              {t('noteTools.versions.restoreConfirm', { version: shown.version })}
            </Button>
          ) : (
            <Button onClick={() => setConfirming(true)}>
              {t('noteTools.versions.restore', { version: shown.version })}
            </Button>
          )}
        </DialogFooter>
      </>
    );
  }

  return (
    <>
      <ol
        data-slot="summary-versions"
        className="grid gap-2"
        aria-label={t('noteTools.versions.title')}
      >
        {versions.map((version) => (
          <li
            key={version.version}
            className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3"
          >
            <div className="grid min-w-0 gap-1">
              <span className="flex items-center gap-2 font-medium">
                {t('noteTools.versions.name', { version: version.version })}
                {version.current ? <Badge>{t('noteTools.versions.current')}</Badge> : null}
              </span>
              <span className="text-sm text-muted-foreground">
                {format.dateTime(version.created_at)} ·{' '}
                {writtenAs({
                  structure: version.structure,
                  language: version.language,
                  model: version.model,
                })}
              </span>
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-label={t('noteTools.versions.viewNamed', { version: version.version })}
              onClick={() => setViewing(version.version)}
            >
              {t('noteTools.versions.view')}
            </Button>
          </li>
        ))}
      </ol>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t('common.close')}</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}

export interface SummaryToolsProps {
  /** The finished note whose summary these act on. */
  note: Pick<
    NoteDetail,
    'structure' | 'summary_language' | 'summary_model' | 'speaker_names' | 'resummary' | 'segments'
  >;
  /** Every summary model the server offers. */
  summaryModels: readonly SummaryModel[];
  /** The user's own summary templates, offered in the re-summary dialog. */
  templates?: ResummariseDialogProps['templates'];
  /** Whether the plan opens premium models. */
  paid: boolean;
  /** Language codes on offer for the summary. */
  languages: readonly string[];
  /** Summarise again; without it no such action shows. */
  onResummarise?: ((body: ResummariseBody) => ActionResult) | undefined;
  /** A 422's issues of the last re-summary request. */
  resummariseFieldErrors?: FieldIssue[] | undefined;
  /** The versions dialog was opened: load them now. */
  onOpenVersions?: (() => void) | undefined;
  /** Load state of the versions. */
  versionsStatus: LoadStatus;
  /** The note's summaries, newest first. */
  versions?: readonly SummaryVersion[] | undefined;
  /** Why loading the versions failed. */
  versionsError?: FailureText | undefined;
  /** Make a version current again; absent while the minutes are locked for signature. */
  onRestore?: ((version: number) => ActionResult) | undefined;
}

/**
 * The reader's summary actions: "Neu zusammenfassen" (not while one is written, nor without a
 * transcript), "Versionen", and the state of a re-summary under them.
 */
export function SummaryTools({
  note,
  summaryModels,
  templates,
  paid,
  languages,
  onResummarise,
  resummariseFieldErrors,
  onOpenVersions,
  versionsStatus,
  versions,
  versionsError,
  onRestore,
}: SummaryToolsProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'resummarise' | 'versions' | null>(null);
  const busy = note.resummary?.state === 'queued' || note.resummary?.state === 'running';
  return (
    <div data-slot="summary-tools" className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        {onResummarise && note.segments.length > 0 ? (
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => setDialog('resummarise')}
          >
            <Sparkles aria-hidden />
            {t('noteTools.resummary.open')}
          </Button>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            onOpenVersions?.();
            setDialog('versions');
          }}
        >
          <History aria-hidden />
          {t('noteTools.versions.open')}
        </Button>
      </div>
      {note.resummary ? <ResummaryNotice resummary={note.resummary} /> : null}
      {onResummarise ? (
        <ResummariseDialog
          open={dialog === 'resummarise'}
          onOpenChange={(open) => setDialog(open ? 'resummarise' : null)}
          note={note}
          summaryModels={summaryModels}
          templates={templates}
          paid={paid}
          languages={languages}
          onSubmit={onResummarise}
          fieldErrors={resummariseFieldErrors}
        />
      ) : null}
      <SummaryVersionsDialog
        open={dialog === 'versions'}
        onOpenChange={(open) => setDialog(open ? 'versions' : null)}
        status={versionsStatus}
        versions={versions}
        error={versionsError}
        onRetry={onOpenVersions}
        onRestore={onRestore}
        speakerNames={note.speaker_names}
      />
    </div>
  );
}
