import {
  buildPath,
  formalPartOf,
  getNoteAudio,
  getNoteOriginal,
  isPremium,
} from '@protokoll/contract';
import { NoteReader, SummaryTools } from '@protokoll/ui';
import { useCallback, useEffect, useState } from 'react';
import { useLazyTemplates } from '../../api/templates/lazy.ts';
import { useCapabilities } from '../../api/capabilities.ts';
import { useResummariseNote } from '../../api/notes/resummarise.ts';
import { useNoteSummaries, useRestoreNoteSummary } from '../../api/notes/summaries.ts';
import { useSummaryEditing } from '../../api/notes/summary-edit.ts';
import { fetchTranscriptRevisions, useTranscriptEditing } from '../../api/notes/transcript.ts';
import { usePlan } from '../../api/user/plan.ts';
import { useFolders } from '../../api/folders/list.ts';
import { useNote } from '../../api/notes/detail.ts';
import { useNotePeaks } from '../../api/notes/peaks.ts';
import { toFailureText, toFieldIssues, withFailureText } from '../../lib/failure.ts';
import { lazyRoute } from '../../lib/lazy-route.ts';
import { loadMinutesApproval } from './load-minutes-approval.ts';
import type { NoteApprovalProps } from './minutes-approval.tsx';
import type { NoteActions } from './note-actions.ts';
import type { ShareNoteViewProps } from './share-note.tsx';

// The share dialog, with its texts, loaded when "Teilen" is first pressed (docs/sharing.md).
const ShareNoteView = lazyRoute<ShareNoteViewProps, 'ShareNoteView'>(
  () => import('./share-note.tsx'),
  'ShareNoteView',
  ['share'],
);

// The approval panel of formal minutes, with its texts, loaded on a formal note only.
const NoteApproval = lazyRoute<NoteApprovalProps, 'NoteApproval'>(
  loadMinutesApproval,
  'NoteApproval',
  ['approval'],
);

/**
 * Where the recording streams from. The `<audio>` element cannot send the bearer header; the
 * server takes the token from the auth cookie the session writes (docs/sessions.md#auth-cookie).
 */
export function noteAudioUrl(id: number): string {
  return `${import.meta.env.VITE_API_BASE ?? ''}${buildPath(getNoteAudio.path, { id })}`;
}

/**
 * Where the original recording downloads from: a plain link, so the browser streams it to disk
 * however long it is; the server names the file and takes the token from the auth cookie.
 */
export function noteOriginalUrl(id: number): string {
  return `${import.meta.env.VITE_API_BASE ?? ''}${buildPath(getNoteOriginal.path, { id })}`;
}

interface NoteReaderViewProps {
  noteId: number;
  /** Transcript line of the search hit the note was opened from (`?at=`). */
  focusSegment?: number | undefined;
  actions: NoteActions;
  /** Back to the list the note was opened from. */
  onBack: () => void;
}

/**
 * The reader of `/notes?note=12` (and `/saved-notes?note=12`): the note with its summary,
 * transcript, speaker names and player; it follows a note that is still processing.
 */
export function NoteReaderView({ noteId, focusSegment, actions, onBack }: NoteReaderViewProps) {
  const note = useNote(noteId);
  const folders = useFolders();
  const peaks = useNotePeaks(noteId, note.data?.status === 'done');
  const transcript = useTranscriptEditing(noteId);
  const summaryEdit = useSummaryEditing(noteId);
  const loadRevisions = useCallback(
    () => withFailureText(fetchTranscriptRevisions(noteId)),
    [noteId],
  );

  // A note opened from far down a list starts at its top. (Newer browsers answer scrollTo with
  // a promise, which must not be returned as the effect's cleanup.)
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [noteId]);

  const capabilities = useCapabilities();

  const plan = usePlan();
  const resummarise = useResummariseNote();
  const restore = useRestoreNoteSummary();
  const [versionsWanted, setVersionsWanted] = useState(false);
  const [sharing, setSharing] = useState(false);
  const versions = useNoteSummaries(noteId, versionsWanted);

  const detail = note.data;
  const formal = detail ? formalPartOf(detail.summary, detail.structure) : undefined;
  const locked = detail?.minutes_locked === true;
  // Loaded with its call's module on first use: the notes pages' budget (docs/architecture.md#budgets).
  const templates = useLazyTemplates(detail?.status === 'done');
  const folderName =
    detail?.folder_id != null
      ? folders.data?.find((folder) => folder.id === detail.folder_id)?.name
      : undefined;

  return (
    <>
      <NoteReader
        note={detail}
        // A failed refresh of a note on screen (while it processes) keeps it there.
        status={detail ? 'ready' : note.isError ? 'error' : 'loading'}
        error={note.isError ? toFailureText(note.error) : undefined}
        onRetry={() => void note.refetch()}
        folderName={folderName}
        audioSrc={detail ? noteAudioUrl(detail.id) : undefined}
        peaks={peaks.data?.peaks}
        focusSegment={focusSegment}
        folders={folders.data}
        onBack={onBack}
        onDownload={(format, design) => actions.download({ id: noteId }, format, design)}
        originalHref={detail ? noteOriginalUrl(detail.id) : undefined}
        onRenameSpeakers={(names) => actions.renameSpeakers({ id: noteId }, names)}
        onToggleSaved={(saved) => actions.setSaved({ id: noteId }, saved)}
        onRetryProcessing={() => actions.retry({ id: noteId })}
        onRename={(name) => actions.rename({ id: noteId }, name)}
        onMove={(folderId) =>
          actions.move({ id: noteId, folder_id: detail?.folder_id ?? null }, folderId)
        }
        // A locked note takes no change (docs/formal-minutes.md#approval-and-signature): no editing.
        onEditTranscript={
          locked
            ? undefined
            : (change, baseVersion) =>
                withFailureText(transcript.edit.mutateAsync({ change, baseVersion }))
        }
        onUndoTranscript={(baseVersion) =>
          withFailureText(transcript.undo.mutateAsync(baseVersion))
        }
        onUndoCorrection={(revisionId, baseVersion) =>
          withFailureText(transcript.undoCorrection.mutateAsync({ revisionId, baseVersion }))
        }
        onLoadRevisions={loadRevisions}
        onEditSummary={
          locked
            ? undefined
            : (change, baseVersion) =>
                withFailureText(summaryEdit.mutateAsync({ change, baseVersion }))
        }
        onReloadNote={() => void note.refetch()}
        onShare={() => setSharing(true)}
        onDelete={async () => {
          await actions.remove({ id: noteId });
          onBack();
        }}
        approval={
          detail && formal ? <NoteApproval note={detail} structure={formal.structure} /> : undefined
        }
        summaryTools={
          detail ? (
            <SummaryTools
              note={detail}
              summaryModels={capabilities.data?.summary_models ?? []}
              templates={templates.data?.templates.filter((template) => !template.built_in)}
              paid={isPremium(plan.data)}
              languages={capabilities.data?.languages ?? [detail.summary_language]}
              onResummarise={
                capabilities.data && !locked
                  ? (body) => withFailureText(resummarise.mutateAsync({ id: noteId, body }))
                  : undefined
              }
              resummariseFieldErrors={toFieldIssues(resummarise.error)}
              onOpenVersions={() => {
                if (versionsWanted) void versions.refetch();
                else setVersionsWanted(true);
              }}
              versionsStatus={versions.data ? 'ready' : versions.isError ? 'error' : 'loading'}
              versions={versions.data}
              versionsError={versions.isError ? toFailureText(versions.error) : undefined}
              onRestore={
                locked
                  ? undefined
                  : (version) => withFailureText(restore.mutateAsync({ id: noteId, version }))
              }
            />
          ) : undefined
        }
      />
      {sharing && detail ? <ShareNoteView note={detail} onClose={() => setSharing(false)} /> : null}
    </>
  );
}
