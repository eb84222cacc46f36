import {
  isProcessing,
  noteFailure,
  type DownloadFormat,
  type FailureText,
  type NoteDetail,
} from '@protokoll/contract';
import { ArrowLeft, BookmarkMinus, BookmarkPlus, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { useFailureText } from '../../lib/failure-text.ts';
import { fireAndForget, useAction, type ActionResult } from './action.ts';
import { AudioPlayer, type SeekRequest } from './audio-player.tsx';
import { DownloadMenu } from './download-menu.tsx';
import { useFormat } from '../../lib/format.ts';
import type { LoadStatus } from '../../lib/load-status.ts';
import { NoteStages } from '../../widgets/note-stages.tsx';
import { SummarySection, TranscriptSection } from '../../widgets/reader-parts.tsx';
import { SpeakerNames, speakerLabels } from './speaker-names.tsx';

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
  /** The recording was sent to `seconds` by a click on a summary item or a transcript line. */
  onSeek?: ((seconds: number) => void) | undefined;

  /** "Zurück zu den Notizen" was pressed; without it no such button shows. */
  onBack?: (() => void) | undefined;
  /** A download format was picked (finished notes only); a returned promise shows a spinner. */
  onDownload: (format: DownloadFormat) => ActionResult;
  /** A speaker was named: the complete new mapping of labels to names (`""` takes one back). */
  onRenameSpeakers: (names: Record<string, string>) => ActionResult;
  /** Save (`true`) or unsave the note; without it no such button shows. */
  onToggleSaved?: ((saved: boolean) => ActionResult) | undefined;
  /** "Erneut verarbeiten" after a failure; without it no such button shows. */
  onRetryProcessing?: (() => ActionResult) | undefined;
}

/**
 * A note to read and listen to: title and meta line, the summary (topics, decisions, action
 * items) whose items jump the recording to where they were said, the transcript with speaker
 * names and timestamps where a click on a line does the same, naming the speakers, the player,
 * downloads, and the processing and failure states of a note that is not finished.
 */
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
  onRenameSpeakers,
  onToggleSaved,
  onRetryProcessing,
  className,
  ...props
}: NoteReaderProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [seekRequest, setSeekRequest] = useState<SeekRequest | null>(null);
  // Null until the recording is played or sent somewhere: no line is marked as playing before.
  const [position, setPosition] = useState<number | null>(null);
  const seek = (seconds: number) => {
    setSeekRequest((previous) => ({ time: seconds, id: (previous?.id ?? 0) + 1 }));
    // The player reports it too once loaded; a recording that has not loaded yet does not.
    setPosition(seconds);
    onSeek?.(seconds);
  };

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
      <Alert
        variant="danger"
        description={failureText(error, 'reader.loadFailed') ?? t('reader.loadFailed')}
      >
        {onRetry ? (
          <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
            <RotateCw aria-hidden />
            {t('common.retry')}
          </Button>
        ) : null}
      </Alert>,
    );
  }

  return frame(
    note.status,
    <>
      <ReaderHeader
        note={note}
        folderName={folderName}
        onDownload={onDownload}
        onToggleSaved={onToggleSaved}
      />
      {isProcessing(note.status) ? <ProcessingNotice note={note} /> : null}
      {note.status === 'error' ? (
        <FailureNotice note={note} onRetryProcessing={onRetryProcessing} />
      ) : null}
      {audioSrc ? (
        <RecordingPlayer
          key={audioSrc}
          src={audioSrc}
          seekRequest={seekRequest}
          onPositionChange={setPosition}
        />
      ) : null}
      {note.status === 'done' ? (
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-x-10 gap-y-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
            <SummarySection summary={note.summary} onSeek={seek} />
            {note.segments.length > 0 ? (
              <SpeakerNames
                labels={speakerLabels(note.segments)}
                names={note.speaker_names}
                onRename={onRenameSpeakers}
              />
            ) : null}
          </div>
          <TranscriptSection
            segments={note.segments}
            speakerNames={note.speaker_names}
            kept={note.transcribe}
            position={position}
            onSeek={seek}
          />
        </div>
      ) : null}
    </>,
  );
}

interface RecordingPlayerProps {
  src: string;
  seekRequest: SeekRequest | null;
  onPositionChange: (seconds: number) => void;
}

/** The player in its frame; says so when the recording cannot be loaded (gone, offline). */
function RecordingPlayer({ src, seekRequest, onPositionChange }: RecordingPlayerProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  return (
    <div
      data-slot="reader-audio"
      className="grid gap-2 rounded-lg border border-border bg-surface p-3 shadow-xs"
    >
      <AudioPlayer
        src={src}
        label={t('reader.audio.title')}
        seekRequest={seekRequest}
        onPositionChange={onPositionChange}
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
  onDownload: (format: DownloadFormat) => ActionResult;
  onToggleSaved: ((saved: boolean) => ActionResult) | undefined;
}

function ReaderHeader({ note, folderName, onDownload, onToggleSaved }: ReaderHeaderProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const saving = useAction();
  const meta = [
    <time key="date" dateTime={note.created_at}>
      {format.dateTime(note.created_at)}
    </time>,
    note.duration_seconds != null ? (
      <span key="duration">{format.duration(note.duration_seconds, { precision: 'minute' })}</span>
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
        <h1 className="text-2xl font-semibold tracking-tight text-balance wrap-break-word text-foreground sm:text-3xl">
          {note.name}
        </h1>
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
            loading={saving.pending}
            onClick={() => void saving.run(() => onToggleSaved(!note.saved))}
          >
            {saving.pending ? null : note.saved ? (
              <BookmarkMinus aria-hidden />
            ) : (
              <BookmarkPlus aria-hidden />
            )}
            {note.saved ? t('notes.actions.unsave') : t('notes.actions.save')}
          </Button>
        ) : null}
        {note.status === 'done' ? <DownloadMenu onDownload={onDownload} /> : null}
      </div>
    </header>
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
