import {
  isProcessing,
  NOTE_NAME_MAX_LENGTH,
  noteFailure,
  summaryWithSpeakerNames,
  type DownloadFormat,
  type FailureText,
  type Folder,
  type NoteDesign,
  type NoteDetail,
} from '@protokoll/contract';
import type { suggestSpeakerNames } from '@protokoll/contract';
import {
  ArrowLeft,
  Ellipsis,
  FolderInput,
  Pencil,
  RotateCw,
  Share2,
  Star,
  Trash2,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/dropdown-menu.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { Input } from '../../components/input.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { useFailureText } from '../../lib/failure-text.ts';
import { fireAndForget, useAction, type ActionResult } from './action.ts';
import { AudioPlayer, type SeekRequest } from './audio-player.tsx';
import { DeleteNoteDialog } from './delete-note-dialog.tsx';
import { DownloadMenu } from './download-menu.tsx';
import { MoveToFolderDialog } from './move-to-folder-dialog.tsx';
import { useFormat } from '../../lib/format.ts';
import type { LoadStatus } from '../../lib/load-status.ts';
import { LoadState } from '../../widgets/load-state.tsx';
import { NoteStages } from '../../widgets/note-stages.tsx';
import { SummarySection, TranscriptSection } from '../../widgets/reader-parts.tsx';
import { RemovedPassages, SummaryGaps } from '../../widgets/reader-details.tsx';
import { SpeakerNames, speakerLabels, talkShares } from './speaker-names.tsx';
import {
  EditableTranscriptSection,
  type EditableTranscriptSectionProps,
} from './transcript-editing.tsx';
import { RecordingLength } from '../../widgets/recording-length.tsx';
import type { SummaryEditorProps } from './summary-editing.tsx';

// Loaded on first use: the notes pages' first script does not carry the summary's editing.
const SummaryEditor = lazy(() =>
  import('./summary-editing.tsx').then((module) => ({ default: module.SummaryEditor })),
);

export interface NoteReaderProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** The note with transcript and summary; only read while `status` is `ready`. */
  note?: NoteDetail | undefined;
  /** Load state of the note; its processing status is the note's own `status`. */
  status: LoadStatus;
  /** Why the load failed; "Die Notiz konnte nicht geladen werden." unless it says more. */
  error?: FailureText | undefined;
  /** "Retry" was pressed after a failed load. */
  onRetry?: (() => void) | undefined;
  /** Name of the note's folder for the meta line. */
  folderName?: string | undefined;

  /** Address of the recording for the player; without it no player shows. */
  audioSrc?: string | undefined;
  /** The recording's level overview from the server; without it the player shows a plain track. */
  peaks?: readonly number[] | undefined;
  /**
   * Transcript line to open at (a search hit, docs/product.md#search-hits): it is scrolled to,
   * marked, and the player starts there.
   */
  focusSegment?: number | undefined;
  /** The recording was sent to `seconds` by a click on a summary item or a transcript line. */
  onSeek?: ((seconds: number) => void) | undefined;

  /** "Zurück zu den Notizen" was pressed; without it no such button shows. */
  onBack?: (() => void) | undefined;
  /**
   * A download format was picked (finished notes only); a returned promise shows a spinner. DOCX
   * and PDF come with the design chosen in the menu (the note's own at first).
   */
  onDownload: (format: DownloadFormat, design?: NoteDesign) => ActionResult;
  /** Where the original recording downloads from; without it the menu does not offer it. */
  originalHref?: string | undefined;
  /** A speaker was named: the complete new mapping of labels to names (`""` takes one back). */
  onRenameSpeakers: (names: Record<string, string>) => ActionResult;
  /** Save (`true`) or unsave the note; without it no such button shows. */
  onToggleSaved?: ((saved: boolean) => ActionResult) | undefined;
  /** "Erneut verarbeiten" after a failure; without it no such button shows. */
  onRetryProcessing?: (() => ActionResult) | undefined;
  /** A new name was entered in the title; without it the title cannot be edited. */
  onRename?: ((name: string) => ActionResult) | undefined;
  /** Move the note (`null`: out of every folder); without it no such action shows. */
  onMove?: ((folderId: number | null) => ActionResult) | undefined;
  /** Delete the note (after confirming); without it no such action shows. */
  onDelete?: (() => ActionResult) | undefined;
  /** "Teilen" on a finished note: the app opens its share dialog (docs/sharing.md). */
  onShare?: (() => void) | undefined;
  /** The person's folders, offered by "In Ordner verschieben". */
  folders?: Folder[] | undefined;
  /**
   * Store a change to the transcript (docs/product.md#editing-the-transcript); resolves with the
   * note as stored. Without it the transcript cannot be edited.
   */
  onEditTranscript?: EditableTranscriptSectionProps['onEdit'] | undefined;
  /** Undo the newest change to the transcript; resolves with the note as stored. */
  onUndoTranscript?: EditableTranscriptSectionProps['onUndo'];
  /** Take back one glossary correction (docs/product.md#glossary). */
  onUndoCorrection?: EditableTranscriptSectionProps['onUndoCorrection'];
  /** Load the transcript's change history. */
  onLoadRevisions?: EditableTranscriptSectionProps['onLoadRevisions'];
  /** Load the note again, after another tab changed it. */
  onReloadNote?: (() => void) | undefined;
  /**
   * Store a change to the summary made by hand (docs/product.md#editing-the-summary); resolves
   * with the note as stored. Without it the summary cannot be edited.
   */
  onEditSummary?: SummaryEditorProps['onEdit'] | undefined;
  /** Open the summary in edit mode at once (stories, e2e of a state). */
  summaryEditing?: boolean | undefined;
  /**
   * Above a finished note's summary: "Neu zusammenfassen", its versions and a re-summary's state
   * (`SummaryTools`, docs/uploads.md#summarising-again).
   */
  summaryTools?: React.ReactNode;
  /**
   * Formal minutes: the approval and signature panel under the summary
   * (docs/formal-minutes.md#approval-and-signature), given by the app.
   */
  approval?: React.ReactNode;
}

/**
 * A note to read and listen to: title and meta line, the summary (topics, decisions, action
 * items) whose items jump the recording to where they were said, the transcript with speaker
 * names and timestamps where a click on a line does the same, naming the speakers, the player,
 * downloads, and the processing and failure states of a note that is not finished.
 */
type SuggestSpeakerNames = typeof suggestSpeakerNames;

export function NoteReader({
  note,
  status,
  error,
  onRetry,
  folderName,
  audioSrc,
  onSeek,
  onBack,
  onDownload,
  originalHref,
  onRenameSpeakers,
  onToggleSaved,
  onRetryProcessing,
  onRename,
  onMove,
  onDelete,
  onShare,
  folders = [],
  peaks,
  focusSegment,
  onEditTranscript,
  onUndoTranscript,
  onUndoCorrection,
  onLoadRevisions,
  onReloadNote,
  onEditSummary,
  summaryEditing = false,
  summaryTools,
  approval,
  className,
  ...props
}: NoteReaderProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [seekRequest, setSeekRequest] = useState<SeekRequest | null>(null);
  // Null until the recording is played or sent somewhere: no line is marked as playing before.
  const [position, setPosition] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [editingSummary, setEditingSummary] = useState(summaryEditing);
  // Speaker names the transcript suggests (docs/product.md#glossary), loaded after first paint.
  const [suggest, setSuggest] = useState<SuggestSpeakerNames>();
  const hasSegments = (note?.segments.length ?? 0) > 0;
  useEffect(() => {
    if (!hasSegments) return;
    let live = true;
    void import('./glossary-reader.ts').then((module) => {
      if (live) setSuggest(() => module.suggestSpeakerNames);
    });
    return () => {
      live = false;
    };
  }, [hasSegments]);
  /** A click on a line or a summary item jumps there and plays. */
  const seek = (seconds: number, play = true) => {
    setSeekRequest((previous) => ({ time: seconds, id: (previous?.id ?? 0) + 1, play }));
    // The player reports it too once loaded; a recording that has not loaded yet does not.
    setPosition(seconds);
    onSeek?.(seconds);
  };

  // A search hit opens at its passage: the player waits there, unplayed. Applied once, when the
  // note has arrived.
  const focusStart =
    note?.status === 'done' && focusSegment !== undefined
      ? note.segments[focusSegment]?.start
      : undefined;
  const [focused, setFocused] = useState<number | undefined>(undefined);
  if (focusStart !== undefined && focused !== focusStart) {
    setFocused(focusStart);
    setSeekRequest((previous) => ({ time: focusStart, id: (previous?.id ?? 0) + 1 }));
    setPosition(focusStart);
  }

  const back = onBack ? (
    <Button variant="ghost" size="sm" className="-ml-3" onClick={onBack}>
      <ArrowLeft aria-hidden />
      {t('reader.back')}
    </Button>
  ) : null;

  const frame = (state: string, children: React.ReactNode) => (
    <div
      data-slot="note-reader"
      data-state={state}
      className={cn(
        'mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 sm:px-6 sm:py-8',
        className,
      )}
      {...props}
    >
      {back ? <div>{back}</div> : null}
      {children}
    </div>
  );

  if (status === 'loading') {
    return frame(
      'loading',
      <div aria-busy className="grid gap-6">
        <span role="status" className="sr-only">
          {t('reader.loading')}
        </span>
        <div className="grid gap-3">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-5 w-1/3" />
        </div>
        <Skeleton className="h-12 w-full" />
        <div className="grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      </div>,
    );
  }

  if (status === 'error' || !note) {
    return frame(
      'error',
      <LoadState
        status="error"
        failedText={failureText(error, 'reader.loadFailed') ?? t('reader.loadFailed')}
        onRetry={onRetry}
      />,
    );
  }

  return frame(
    note.status,
    <>
      <ReaderHeader
        note={note}
        folderName={folderName}
        folders={folders}
        onDownload={onDownload}
        originalHref={originalHref}
        onToggleSaved={onToggleSaved}
        onRename={onRename}
        onMove={onMove}
        onDelete={onDelete}
        onShare={onShare}
      />
      {isProcessing(note.status) ? <ProcessingNotice note={note} /> : null}
      {note.status === 'error' ? (
        <FailureNotice note={note} onRetryProcessing={onRetryProcessing} />
      ) : null}
      {note.status === 'done' ? (
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-x-10 gap-y-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
            {summaryTools}
            {(() => {
              const reading = (
                <SummarySection
                  summary={summaryWithSpeakerNames(note.summary, note.speaker_names)}
                  onSeek={seek}
                  speakerNames={note.speaker_names}
                  actions={
                    onEditSummary && note.summary ? (
                      <Button
                        variant="outline"
                        size="sm"
                        aria-pressed={false}
                        onClick={() => setEditingSummary(true)}
                      >
                        <Pencil aria-hidden />
                        {t('noteTools.summary.start')}
                      </Button>
                    ) : undefined
                  }
                />
              );
              return editingSummary && onEditSummary && note.summary ? (
                <Suspense fallback={reading}>
                  <SummaryEditor
                    note={note}
                    onEdit={onEditSummary}
                    onReload={onReloadNote}
                    onClose={() => setEditingSummary(false)}
                  />
                </Suspense>
              ) : (
                reading
              );
            })()}
            <SummaryGaps windows={note.summary?.windows} onSeek={seek} />
            {approval}
            {note.segments.length > 0 ? (
              <SpeakerNames
                labels={speakerLabels(note.segments)}
                names={note.speaker_names}
                onRename={onRenameSpeakers}
                shares={talkShares(note.segments)}
                suggestions={suggest?.(note.segments, note.speaker_names)}
              />
            ) : null}
            <RemovedPassages removed={note.removed_segments ?? []} onSeek={seek} />
          </div>
          {onEditTranscript && note.segments.length > 0 ? (
            <EditableTranscriptSection
              note={note}
              onEdit={onEditTranscript}
              onUndo={onUndoTranscript}
              onUndoCorrection={onUndoCorrection}
              onLoadRevisions={onLoadRevisions}
              onReload={onReloadNote}
              onPlay={(seconds) => seek(seconds)}
              kept={note.transcribe}
              position={position}
              playing={playing}
              focusSegment={focusSegment}
              onSeek={seek}
            />
          ) : (
            <TranscriptSection
              segments={note.segments}
              speakerNames={note.speaker_names}
              kept={note.transcribe}
              position={position}
              playing={playing}
              focusSegment={focusSegment}
              onSeek={seek}
            />
          )}
        </div>
      ) : null}
      {audioSrc ? (
        <RecordingPlayer
          key={audioSrc}
          src={audioSrc}
          peaks={peaks}
          duration={note.duration_seconds ?? undefined}
          seekRequest={seekRequest}
          onPositionChange={setPosition}
          onPlayingChange={setPlaying}
        />
      ) : null}
    </>,
  );
}

interface RecordingPlayerProps {
  src: string;
  peaks: readonly number[] | undefined;
  duration: number | undefined;
  seekRequest: SeekRequest | null;
  onPositionChange: (seconds: number) => void;
  onPlayingChange: (playing: boolean) => void;
}

/**
 * The player in its bar, which stays at the bottom of the window while the reader scrolls; says
 * so when the recording cannot be loaded (gone, offline).
 */
function RecordingPlayer({
  src,
  peaks,
  duration,
  seekRequest,
  onPositionChange,
  onPlayingChange,
}: RecordingPlayerProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  return (
    <div
      data-slot="reader-audio"
      className={cn(
        'sticky bottom-2 z-20 -mx-2 grid gap-1 rounded-xl border border-border bg-surface/95 p-2',
        'shadow-lg backdrop-blur supports-[backdrop-filter]:bg-surface/85 sm:bottom-4 sm:mx-0 sm:p-3',
      )}
    >
      <AudioPlayer
        src={src}
        label={t('reader.audio.title')}
        peaks={peaks}
        duration={duration}
        seekRequest={seekRequest}
        onPositionChange={onPositionChange}
        onPlayingChange={onPlayingChange}
        onError={() => setFailed(true)}
      />
      {failed ? (
        <p role="status" className="px-1 text-sm text-muted-foreground">
          {t('reader.audio.unavailable')}
        </p>
      ) : null}
    </div>
  );
}

interface ReaderHeaderProps {
  note: NoteDetail;
  folderName: string | undefined;
  folders: Folder[];
  onDownload: (format: DownloadFormat, design?: NoteDesign) => ActionResult;
  originalHref: string | undefined;
  onToggleSaved: ((saved: boolean) => ActionResult) | undefined;
  onRename: ((name: string) => ActionResult) | undefined;
  onMove: ((folderId: number | null) => ActionResult) | undefined;
  onDelete: (() => ActionResult) | undefined;
  onShare: (() => void) | undefined;
}

function ReaderHeader({
  note,
  folderName,
  folders,
  onDownload,
  originalHref,
  onToggleSaved,
  onRename,
  onMove,
  onDelete,
  onShare,
}: ReaderHeaderProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const saving = useAction();
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<'move' | 'delete' | null>(null);
  const meta = [
    <time key="date" dateTime={note.created_at}>
      {format.dateTime(note.created_at)}
    </time>,
    note.duration_seconds != null ? (
      <RecordingLength key="duration" seconds={note.duration_seconds} />
    ) : null,
    folderName ? (
      <span key="folder" className="min-w-0 wrap-anywhere">
        {folderName}
      </span>
    ) : null,
  ].filter(Boolean);

  return (
    <header className="flex flex-wrap items-start justify-between gap-x-6 gap-y-4">
      <div className="grid min-w-0 flex-[1_1_20rem] grid-cols-[minmax(0,1fr)] gap-2">
        {editing && onRename ? (
          <TitleEditor name={note.name} onRename={onRename} onDone={() => setEditing(false)} />
        ) : (
          <div className="flex min-w-0 items-start gap-1">
            <h1 className="min-w-0 text-2xl font-semibold tracking-tight text-balance wrap-break-word text-foreground sm:text-3xl">
              {note.name}
            </h1>
            {onRename ? (
              <IconButton
                size="sm"
                className="mt-0.5 shrink-0 sm:mt-1"
                label={t('reader.title.rename')}
                onClick={() => setEditing(true)}
              >
                <Pencil />
              </IconButton>
            ) : null}
          </div>
        )}
        <p
          data-slot="reader-meta"
          className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-muted-foreground"
        >
          {meta.map((item, index) => (
            <span key={index} className="contents">
              {index > 0 ? <span aria-hidden>·</span> : null}
              {item}
            </span>
          ))}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {onToggleSaved ? (
          <Button
            variant="outline"
            data-slot="star-toggle"
            aria-pressed={note.saved}
            loading={saving.pending}
            onClick={() => void saving.run(() => onToggleSaved(!note.saved))}
          >
            {saving.pending ? null : (
              <Star aria-hidden className={cn(note.saved && 'fill-current text-primary')} />
            )}
            {/* Both words share one cell, so the button is as wide as the longer in either state. */}
            <span className="grid text-left">
              <span className={cn('col-start-1 row-start-1', note.saved && 'invisible')}>
                {t('notes.actions.save')}
              </span>
              <span className={cn('col-start-1 row-start-1', !note.saved && 'invisible')}>
                {t('notes.actions.starred')}
              </span>
            </span>
          </Button>
        ) : null}
        {note.status === 'done' && onShare ? (
          <Button variant="outline" data-slot="share-note" onClick={onShare}>
            <Share2 aria-hidden />
            {t('reader.share')}
          </Button>
        ) : null}
        {note.status === 'done' ? (
          <DownloadMenu
            key={note.id}
            onDownload={onDownload}
            design={note.design}
            original={originalHref ? { href: originalHref, fileName: note.file_name } : undefined}
          />
        ) : null}
        {onRename || onMove || onDelete ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <IconButton variant="outline" label={t('reader.more')}>
                <Ellipsis />
              </IconButton>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" data-slot="reader-actions">
              {onRename ? (
                <DropdownMenuItem onSelect={() => setEditing(true)}>
                  <Pencil aria-hidden />
                  {t('notes.actions.rename')}
                </DropdownMenuItem>
              ) : null}
              {onMove ? (
                <DropdownMenuItem onSelect={() => setDialog('move')}>
                  <FolderInput aria-hidden />
                  {t('notes.actions.move')}
                </DropdownMenuItem>
              ) : null}
              {onDelete ? (
                <>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem variant="danger" onSelect={() => setDialog('delete')}>
                    <Trash2 aria-hidden />
                    {t('notes.actions.delete')}
                  </DropdownMenuItem>
                </>
              ) : null}
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </div>
      {onMove ? (
        <MoveToFolderDialog
          open={dialog === 'move'}
          onOpenChange={(open) => setDialog(open ? 'move' : null)}
          note={note}
          folders={folders}
          onMove={onMove}
        />
      ) : null}
      {onDelete ? (
        <DeleteNoteDialog
          open={dialog === 'delete'}
          onOpenChange={(open) => setDialog(open ? 'delete' : null)}
          note={note}
          onDelete={onDelete}
        />
      ) : null}
    </header>
  );
}

interface TitleEditorProps {
  name: string;
  onRename: (name: string) => ActionResult;
  onDone: () => void;
}

/** The title as a field: Enter saves, Escape or "Abbrechen" keeps the old name. */
function TitleEditor({ name, onRename, onDone }: TitleEditorProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const { pending, error, run } = useAction();
  const [value, setValue] = useState(name);
  const errorId = useId();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next = value.trim();
    if (!next || next === name) {
      onDone();
      return;
    }
    void run(() => onRename(next), onDone);
  };
  const message = error ? failureText(error, 'reader.title.failed') : undefined;
  return (
    <form data-slot="title-editor" onSubmit={submit} className="grid gap-2">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Input
          // The person asked to rename: the field takes the focus at once.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          aria-label={t('reader.title.label')}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          value={value}
          maxLength={NOTE_NAME_MAX_LENGTH}
          readOnly={pending}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              onDone();
            }
          }}
          className="h-11 min-w-0 flex-[1_1_16rem] text-lg font-semibold"
        />
        <Button type="submit" loading={pending}>
          {t('reader.title.save')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('reader.title.cancel')}
        </Button>
      </div>
      {message ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {message}
        </p>
      ) : null}
    </form>
  );
}

function ProcessingNotice({ note }: { note: NoteDetail }) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="info"
      data-slot="reader-processing"
      title={t('reader.processing.title')}
      description={t('reader.processing.description')}
    >
      <NoteStages
        name={note.name}
        stage={note.status === 'error' ? 'queued' : note.status}
        progress={note.progress}
        retry={note.retry}
        className="mt-3"
      />
    </Alert>
  );
}

interface FailureNoticeProps {
  note: NoteDetail;
  onRetryProcessing: (() => ActionResult) | undefined;
}

function FailureNotice({ note, onRetryProcessing }: FailureNoticeProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  return (
    <Alert
      variant="danger"
      data-slot="reader-failed"
      title={t('reader.failed.title')}
      description={failureText(noteFailure(note.error)) ?? t('notes.failedFallback')}
    >
      {onRetryProcessing ? (
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          onClick={() => fireAndForget(onRetryProcessing())}
        >
          <RotateCw aria-hidden />
          {t('reader.failed.retry')}
        </Button>
      ) : null}
    </Alert>
  );
}
