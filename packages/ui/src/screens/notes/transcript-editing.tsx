import {
  applyTranscriptChange,
  ErrorCode,
  TranscriptChange,
  TRANSCRIPT_LINE_MAX_LENGTH,
  type FailureText,
  type GlossaryMark,
  type NoteDetail,
  type Segment,
} from '@protokoll/contract';
import { History, Pencil, Play, Replace, Undo2 } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Textarea } from '../../components/textarea.tsx';
import { useFailureText } from '../../lib/failure-text.ts';
import { useFormat } from '../../lib/format.ts';
import type { MessageKey } from '../../lib/i18next.ts';
import {
  TranscriptSection,
  useSpeakerName,
  type TranscriptSectionProps,
} from '../../widgets/reader-parts.tsx';
import { asFailureText } from './action.ts';
import { ReplaceDialog } from './replace-dialog.tsx';
import { RevisionsDialog, type RevisionsDialogProps } from './revisions-dialog.tsx';
import { speakerLabels } from './speaker-names.tsx';

// Loaded only for a note with glossary corrections (docs/product.md#glossary): the notes page's
// first script stays without them.
const GlossaryCorrections = lazy(() =>
  import('./glossary-reader.ts').then((module) => ({ default: module.GlossaryCorrections })),
);
const MarkedLine = lazy(() =>
  import('./glossary-reader.ts').then((module) => ({ default: module.MarkedLine })),
);

/** A change as the contract's schema reads it (find options filled in). */
export type Change = z.infer<typeof TranscriptChange>;

export interface TranscriptEditingProps {
  /** The finished note: its transcript, speaker names and `transcript_version`. */
  note: NoteDetail;
  /**
   * Store a change made on `baseVersion`; resolves with the note as stored. A rejection with
   * `{ code: 'conflict' }` means another tab changed the note first.
   */
  onEdit: (change: Change, baseVersion: number) => Promise<NoteDetail>;
  /** Undo the newest change; resolves with the note as stored. Without it no "Rückgängig". */
  onUndo?: ((baseVersion: number) => Promise<NoteDetail>) | undefined;
  /**
   * Take back one glossary correction (docs/product.md#glossary); resolves with the note as
   * stored. Without it the corrections are marked but not listed for undoing.
   */
  onUndoCorrection?: ((revisionId: number, baseVersion: number) => Promise<NoteDetail>) | undefined;
  /** Load the change history; without it no "Änderungsverlauf". */
  onLoadRevisions?: RevisionsDialogProps['onLoad'] | undefined;
  /** Load the note again (after another tab changed it). */
  onReload?: (() => void) | undefined;
  /** Play the recording from `seconds` (Ctrl+Space in a line, "Zeile abspielen"). */
  onPlay: (seconds: number) => void;
}

interface Queued {
  id: number;
  change: Change;
}

const versionOf = (note: Pick<NoteDetail, 'transcript_version'>) => note.transcript_version ?? 0;

/**
 * The reader's transcript while it is edited (docs/product.md#editing-the-transcript): changes
 * show at once and are sent one after another, each on the version the one before produced; a
 * failed one stops the rest until it is sent again or given up.
 */
export function useTranscriptEditing({
  note,
  onEdit,
  onUndo,
}: Pick<TranscriptEditingProps, 'note' | 'onEdit' | 'onUndo'>) {
  const [queue, setQueue] = useState<Queued[]>([]);
  const [confirmed, setConfirmed] = useState<{
    segments: Segment[];
    version: number;
    marks?: GlossaryMark[] | undefined;
  } | null>(null);
  const [failure, setFailure] = useState<FailureText | null>(null);
  const [announcement, setAnnouncement] = useState<'saving' | 'saved' | 'undone' | null>(null);
  const sending = useRef<number | null>(null);
  const nextId = useRef(1);

  // The newer of what the app holds and what the last answer said.
  const base =
    confirmed && confirmed.version > versionOf(note)
      ? confirmed
      : { segments: note.segments, version: versionOf(note), marks: note.glossary_corrections };
  const segments = queue.reduce<Segment[]>((lines, queued) => {
    const edit = applyTranscriptChange(lines, queued.change);
    return edit.ok ? edit.segments : lines;
  }, base.segments);

  const first = queue[0];
  useEffect(() => {
    if (!first || failure || sending.current !== null) return;
    sending.current = first.id;
    setAnnouncement('saving');
    onEdit(first.change, base.version).then(
      (stored) => {
        sending.current = null;
        setConfirmed({
          segments: stored.segments,
          version: versionOf(stored),
          marks: stored.glossary_corrections,
        });
        setQueue((list) => list.filter((queued) => queued.id !== first.id));
        setAnnouncement('saved');
      },
      (reason: unknown) => {
        sending.current = null;
        setFailure(asFailureText(reason));
        setAnnouncement(null);
      },
    );
  }, [first, failure, base.version, onEdit]);

  const save = useCallback((changes: Change[]) => {
    if (changes.length === 0) return;
    setQueue((list) => [...list, ...changes.map((change) => ({ id: nextId.current++, change }))]);
  }, []);
  const retry = useCallback(() => setFailure(null), []);
  const discard = useCallback(() => {
    setQueue([]);
    setFailure(null);
  }, []);

  const idle = queue.length === 0 && !failure;
  /** A change that waits for nothing else (replace, undo): sent at once, its failure returned. */
  const now = useCallback(
    async (send: (baseVersion: number) => Promise<NoteDetail>, announce: 'saved' | 'undone') => {
      const stored = await send(base.version);
      setConfirmed({
        segments: stored.segments,
        version: versionOf(stored),
        marks: stored.glossary_corrections,
      });
      setAnnouncement(announce);
    },
    [base.version],
  );
  return {
    segments,
    version: base.version,
    /** Index of the line whose change failed, for its mark. */
    failedLine: failure && first && 'index' in first.change ? first.change.index : undefined,
    pendingLines: new Set(queue.flatMap((q) => ('index' in q.change ? [q.change.index] : []))),
    failure,
    conflict: failure !== null && 'code' in failure && failure.code === ErrorCode.CONFLICT,
    announcement,
    idle,
    save,
    retry,
    discard,
    replace: (change: Change) => now((version) => onEdit(change, version), 'saved'),
    undo: onUndo ? () => now(onUndo, 'undone') : undefined,
    /** The glossary corrections as the newest answer has them. */
    marks: base.marks,
    undoCorrection: (
      send: (revisionId: number, baseVersion: number) => Promise<NoteDetail>,
      revisionId: number,
    ) => now((version) => send(revisionId, version), 'undone'),
  };
}

/**
 * The transcript's editing: "Transkript bearbeiten" switches it on, a line opens in a text field
 * by click or Enter, with find and replace, undo and the change history beside the heading.
 * Returns the props `TranscriptSection` takes.
 */
function useEditableTranscript(
  props: TranscriptEditingProps,
): Pick<TranscriptSectionProps, 'segments' | 'actions' | 'editing' | 'renderText'> {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const editor = useTranscriptEditing(props);
  const [active, setActive] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const [replacing, setReplacing] = useState(false);
  const [history, setHistory] = useState(false);
  const [undoError, setUndoError] = useState<FailureText | null>(null);
  const [undoing, setUndoing] = useState(false);
  const focusLine = useRef<number | null>(null);

  // A closed editor gives the focus back to its line (or to the line Tab moved on to).
  useEffect(() => {
    if (focusLine.current === null || open !== null) return;
    const line = document.querySelector<HTMLElement>(
      `[data-slot="transcript-line"][data-index="${focusLine.current}"]`,
    );
    focusLine.current = null;
    line?.focus();
  });

  const close = (index: number) => {
    focusLine.current = index;
    setOpen(null);
  };
  const labels = speakerLabels(editor.segments);

  const undo = editor.undo
    ? async () => {
        setUndoError(null);
        setUndoing(true);
        try {
          await editor.undo!();
        } catch (reason) {
          setUndoError(asFailureText(reason));
        } finally {
          setUndoing(false);
        }
      }
    : undefined;

  const buttons = (
    <div className="flex flex-wrap gap-2">
      <Button
        variant={active ? 'primary' : 'outline'}
        size="sm"
        aria-pressed={active}
        onClick={() => {
          setActive(!active);
          setOpen(null);
        }}
      >
        <Pencil aria-hidden />
        {t('noteTools.edit.start')}
      </Button>
      {active ? (
        <>
          <Button
            variant="outline"
            size="sm"
            disabled={!editor.idle}
            onClick={() => setReplacing(true)}
          >
            <Replace aria-hidden />
            {t('noteTools.edit.replace.open')}
          </Button>
          {undo ? (
            <Button
              variant="outline"
              size="sm"
              disabled={!editor.idle || editor.version === 0}
              loading={undoing}
              onClick={() => void undo()}
            >
              <Undo2 aria-hidden />
              {t('noteTools.edit.undo')}
            </Button>
          ) : null}
          {props.onLoadRevisions ? (
            <Button variant="outline" size="sm" onClick={() => setHistory(true)}>
              <History aria-hidden />
              {t('noteTools.edit.revisions.open')}
            </Button>
          ) : null}
          <ReplaceDialog
            open={replacing}
            onOpenChange={setReplacing}
            segments={editor.segments}
            speakerNames={props.note.speaker_names}
            onReplace={(form) => editor.replace({ type: 'replace', ...form })}
          />
          {props.onLoadRevisions ? (
            <RevisionsDialog
              open={history}
              onOpenChange={setHistory}
              speakerNames={props.note.speaker_names}
              onLoad={props.onLoadRevisions}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );

  const status = (
    <>
      {active ? (
        <p className="text-sm text-muted-foreground">{t('noteTools.edit.editing')}</p>
      ) : null}
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {editor.announcement ? t(`noteTools.edit.${editor.announcement}`) : null}
      </p>
      {editor.conflict ? (
        <Alert variant="warning" description={t('noteTools.edit.conflict')}>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              editor.discard();
              props.onReload?.();
            }}
          >
            {t('noteTools.edit.reload')}
          </Button>
        </Alert>
      ) : editor.failure ? (
        <Alert
          variant="danger"
          description={
            failureText(editor.failure, 'noteTools.edit.failed') ?? t('noteTools.edit.failed')
          }
        >
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={editor.retry}>
              {t('noteTools.edit.retry')}
            </Button>
            <Button size="sm" variant="ghost" onClick={editor.discard}>
              {t('noteTools.edit.cancel')}
            </Button>
          </div>
        </Alert>
      ) : null}
      {undoError ? (
        <Alert
          variant={
            'code' in undoError && undoError.code === ErrorCode.CONFLICT ? 'warning' : 'danger'
          }
          description={
            failureText(undoError, 'noteTools.edit.failed') ?? t('noteTools.edit.failed')
          }
        />
      ) : null}
    </>
  );

  // The corrections that stand: their line still reads the term.
  const marks = (editor.marks ?? []).filter((mark) =>
    editor.segments[mark.index]?.text.includes(mark.to),
  );
  const undoCorrection = props.onUndoCorrection;
  return {
    segments: editor.segments,
    renderText: (segment, index) => {
      const own = marks.filter((mark) => mark.index === index);
      return own.length === 0 ? (
        segment.text
      ) : (
        <Suspense fallback={segment.text}>
          <MarkedLine text={segment.text} marks={own} />
        </Suspense>
      );
    },
    actions: (
      <>
        {buttons}
        <div className="grid w-full gap-2 empty:hidden">{status}</div>
        {undoCorrection && marks.length > 0 ? (
          <Suspense fallback={null}>
            <GlossaryCorrections
              marks={marks}
              segments={editor.segments}
              onUndo={(revisionId) => editor.undoCorrection(undoCorrection, revisionId)}
            />
          </Suspense>
        ) : null}
      </>
    ),
    editing: active
      ? {
          open,
          onOpenLine: (index) => {
            if (editor.conflict) return;
            setOpen(index);
          },
          lineState: (index) =>
            index === editor.failedLine
              ? 'failed'
              : editor.pendingLines.has(index)
                ? 'saving'
                : undefined,
          renderEditor: (index) => {
            const segment = editor.segments[index];
            if (!segment) return null;
            return (
              <LineEditor
                key={`${index}:${segment.start}`}
                index={index}
                segment={segment}
                labels={labels}
                speakerNames={props.note.speaker_names}
                hasNext={index + 1 < editor.segments.length}
                onPlay={() => props.onPlay(segment.start)}
                onCancel={() => close(index)}
                onSave={(changes, then) => {
                  editor.save(changes);
                  if (then === 'next' && index + 1 < editor.segments.length) {
                    setOpen(index + 1);
                  } else close(index);
                }}
              />
            );
          },
        }
      : undefined,
  };
}

export type EditableTranscriptSectionProps = TranscriptEditingProps &
  Omit<TranscriptSectionProps, 'segments' | 'actions' | 'editing' | 'speakerNames'>;

/** The reader's transcript with its editing (docs/product.md#editing-the-transcript). */
export function EditableTranscriptSection({
  note,
  onEdit,
  onUndo,
  onUndoCorrection,
  onLoadRevisions,
  onReload,
  onPlay,
  ...section
}: EditableTranscriptSectionProps) {
  const editable = useEditableTranscript({
    note,
    onEdit,
    onUndo,
    onUndoCorrection,
    onLoadRevisions,
    onReload,
    onPlay,
  });
  return <TranscriptSection {...section} speakerNames={note.speaker_names} {...editable} />;
}

interface LineEditorProps {
  index: number;
  segment: Segment;
  /** The note's speaker labels, in order of appearance. */
  labels: string[];
  speakerNames: Record<string, string>;
  hasNext: boolean;
  onPlay: () => void;
  onCancel: () => void;
  /** The changes the line's editing made, in order; `next` opens the following line. */
  onSave: (changes: Change[], then: 'close' | 'next') => void;
}

/** The next free label: one more than the highest `S<n>`. */
function newLabel(labels: readonly string[]): string {
  const numbers = labels.map((label) => Number(/^S(\d+)$/.exec(label)?.[1] ?? 0));
  return `S${Math.max(0, ...numbers) + 1}`;
}

/**
 * One line in its text field: Enter saves, Escape cancels, Tab saves and opens the next line,
 * Ctrl/⌘+Space plays the line; speaker, split and merge above it (Shift+Tab reaches them).
 */
function LineEditor({
  index,
  segment,
  labels,
  speakerNames,
  hasNext,
  onPlay,
  onCancel,
  onSave,
}: LineEditorProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const speakerName = useSpeakerName(speakerNames);
  const [text, setText] = useState(segment.text);
  const [speaker, setSpeaker] = useState(segment.speaker);
  const [scope, setScope] = useState<'line' | 'following'>('line');
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const problemId = useId();
  const speakerId = useId();
  const scopeId = useId();
  const extra = newLabel(labels);

  useEffect(() => {
    const element = field.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  /** The line's own changes (speaker, text), checked by the contract's schema. */
  const ownChanges = (): Change[] | undefined => {
    const changes: Change[] = [];
    if (speaker !== segment.speaker) changes.push({ type: 'speaker', index, speaker, scope });
    if (text.trim() !== segment.text) {
      const parsed = TranscriptChange.safeParse({ type: 'text', index, text });
      if (!parsed.success) {
        setProblem(
          t((parsed.error.issues[0]?.message ?? 'noteTools.edit.lineEmpty') as MessageKey),
        );
        field.current?.focus();
        return undefined;
      }
      changes.push(parsed.data);
    }
    return changes;
  };
  const finish = (then: 'close' | 'next', more: Change[] = []) => {
    const changes = ownChanges();
    if (changes) onSave([...changes, ...more], then);
  };
  const split = () => {
    const offset = field.current?.selectionStart ?? text.length;
    const edited = text.trim() === segment.text ? segment : { ...segment, text: text.trim() };
    const check = applyTranscriptChange([edited], { type: 'split', index: 0, offset });
    if (!check.ok) {
      setProblem(t(check.refusal));
      field.current?.focus();
      return;
    }
    finish('close', [{ type: 'split', index, offset }]);
  };

  return (
    <div
      data-slot="line-editor"
      className="grid gap-2 rounded-md border border-primary/40 bg-surface px-3 py-2 shadow-xs"
    >
      <div className="flex flex-wrap items-end gap-2 text-sm">
        <span className="pb-1 text-xs font-medium text-muted-foreground tabular-nums">
          {format.clock(segment.start)}
        </span>
        <label className="grid gap-1" htmlFor={speakerId}>
          <span className="text-xs font-medium text-muted-foreground">
            {t('noteTools.edit.speaker')}
          </span>
          <select
            id={speakerId}
            value={speaker}
            onChange={(event) => setSpeaker(event.target.value)}
            className="h-9 rounded-md border border-input bg-surface px-2 text-sm"
          >
            {labels.map((label) => (
              <option key={label} value={label}>
                {speakerName(label)}
              </option>
            ))}
            <option value={extra}>{t('noteTools.edit.newSpeaker', { label: extra })}</option>
          </select>
        </label>
        {speaker !== segment.speaker ? (
          <label className="grid gap-1" htmlFor={scopeId}>
            <span className="text-xs font-medium text-muted-foreground">
              {t('noteTools.edit.speakerScope')}
            </span>
            <select
              id={scopeId}
              value={scope}
              onChange={(event) => setScope(event.target.value as 'line' | 'following')}
              className="h-9 max-w-full rounded-md border border-input bg-surface px-2 text-sm"
            >
              <option value="line">{t('noteTools.edit.scopeLine')}</option>
              <option value="following">{t('noteTools.edit.scopeFollowing')}</option>
            </select>
          </label>
        ) : null}
        <Button type="button" variant="ghost" size="sm" onClick={onPlay}>
          <Play aria-hidden />
          {t('noteTools.edit.play')}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={split}>
          {t('noteTools.edit.split')}
        </Button>
        {hasNext ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => finish('close', [{ type: 'merge', index }])}
          >
            {t('noteTools.edit.merge')}
          </Button>
        ) : null}
      </div>
      <Textarea
        ref={field}
        aria-label={t('noteTools.edit.lineLabel', { time: format.clock(segment.start) })}
        aria-describedby={problem ? `${problemId} ${hintId}` : hintId}
        aria-invalid={problem ? true : undefined}
        value={text}
        maxLength={TRANSCRIPT_LINE_MAX_LENGTH}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          } else if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            finish('close');
          } else if (event.key === 'Tab' && !event.shiftKey) {
            event.preventDefault();
            finish(hasNext ? 'next' : 'close');
          } else if (event.key === ' ' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            onPlay();
          }
        }}
        className="leading-relaxed"
      />
      {problem ? (
        <p id={problemId} role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={hintId} className="text-xs text-muted-foreground">
          {t('noteTools.edit.hint')}
        </p>
        <div className="flex gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            {t('noteTools.edit.cancel')}
          </Button>
          <Button type="button" size="sm" onClick={() => finish('close')}>
            {t('noteTools.edit.save')}
          </Button>
        </div>
      </div>
    </div>
  );
}
