import {
  formalPartOf,
  type Folder,
  type FormalStructure,
  type MinutesHead,
  type NoteDetail,
} from '@protokoll/contract';
import {
  FolderRegistersDialog,
  FormalMinutesView,
  MinutesApprovalPanel,
  SignatureScreen,
} from '@protokoll/ui';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  downloadRegister,
  useFolderRegisters,
  useRegistersChange,
} from '../../api/folders/registers.ts';
import {
  downloadExtract,
  useMinutesApproval,
  useMinutesStep,
  useSignatureDecision,
  useSignatureRequest,
} from '../../api/minutes/approval.ts';
import { downloadNote } from '../../api/notes/download.ts';
import { useUser } from '../../api/user/user.ts';
import { toFailureText, withFailureText } from '../../lib/failure.ts';
import { agendaOf, handOverAgenda } from './agenda-handoff.ts';

/**
 * `/notes?sign=…` (docs/formal-minutes.md#approval-and-signature): the minutes a mailed link asks
 * the signed-in account to sign, with Sign and Refuse.
 */
export function SignatureView({ token }: { token: string }) {
  const request = useSignatureRequest(token || undefined);
  const decide = useSignatureDecision(token);
  const content = request.data?.content;
  const formal = content ? formalPartOf(content.summary, content.structure) : undefined;
  return (
    <SignatureScreen
      noToken={!token}
      status={!token ? 'ready' : request.data ? 'ready' : request.isError ? 'error' : 'loading'}
      request={request.data}
      error={request.error ? toFailureText(request.error) : undefined}
      onRetry={() => void request.refetch()}
      onSign={() => withFailureText(decide.mutateAsync({ sign: true }))}
      onRefuse={(reason) => withFailureText(decide.mutateAsync({ sign: false, reason }))}
      minutes={
        formal ? (
          <FormalMinutesView structure={formal.structure} formal={formal.formal} level={2} />
        ) : null
      }
    />
  );
}

/** A download the screen waits for: not saved, it fails with the generic text. */
async function saved(download: Promise<boolean>): Promise<void> {
  if (!(await download)) throw toFailureText(undefined);
}

/** The head's chair and keeper, to start the list of signers with. */
function namesOf(head: MinutesHead) {
  return {
    ...(head.chair ? { chair: head.chair } : {}),
    ...(head.keeper ? { keeper: head.keeper } : {}),
  };
}

/**
 * The approval panel under a formal note's summary, in this page's chunk: the reader loads it on
 * a formal note only (docs/architecture.md#chunks).
 */
export interface NoteApprovalProps {
  note: NoteDetail;
  structure: FormalStructure;
}

export function NoteApproval({ note, structure }: NoteApprovalProps) {
  const approval = useMinutesApproval(note.id);
  const step = useMinutesStep(note.id);
  const formal = formalPartOf(note.summary, note.structure);
  return (
    <MinutesApprovalPanel
      structure={structure}
      status={approval.data ? 'ready' : approval.isError ? 'error' : 'loading'}
      approval={approval.data}
      error={approval.error ? toFailureText(approval.error) : undefined}
      onRetry={() => void approval.refetch()}
      names={formal ? namesOf(formal.formal.head) : {}}
      onSubmit={(signers) =>
        withFailureText(
          step.mutateAsync({
            kind: 'submit',
            signers,
            baseVersion: note.summary_edit_version ?? 0,
          }),
        )
      }
      onFinalise={() => withFailureText(step.mutateAsync({ kind: 'finalise' }))}
      onCorrect={() => withFailureText(step.mutateAsync({ kind: 'correct' }))}
      onAddObjection={(body) => withFailureText(step.mutateAsync({ kind: 'objection', body }))}
      onDownloadVersion={(number) => downloadNote(note.id, 'pdf', undefined, number)}
      items={formal?.formal.items ?? []}
      onDownloadExtract={(items, format) => saved(downloadExtract(note.id, items, format))}
    />
  );
}

export interface FolderRegistersViewProps {
  folder: Pick<Folder, 'id' | 'name'>;
  onClose: () => void;
  /** Opens a note of the folder in the reader. */
  onOpenNote: (noteId: number) => void;
}

/**
 * A folder's registers from its menu on the notes pages (docs/formal-minutes.md#registers), in
 * the approval chunk: loaded on first use. Carrying the open tasks over starts the new-note form
 * with the folder, its formal type and the tasks as its agenda, handed over in the form's
 * remembered options.
 */
export function FolderRegistersView({ folder, onClose, onOpenNote }: FolderRegistersViewProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const userId = useUser().data?.id;
  const registers = useFolderRegisters(folder.id);
  const change = useRegistersChange(folder.id);
  return (
    <FolderRegistersDialog
      folderName={folder.name}
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      status={registers.data ? 'ready' : registers.isError ? 'error' : 'loading'}
      registers={registers.data}
      error={registers.error ? toFailureText(registers.error) : undefined}
      onRetry={() => void registers.refetch()}
      onGremiumChange={(gremium) =>
        withFailureText(change.mutateAsync({ kind: 'gremium', gremium }))
      }
      onTaskDone={(task, done) => withFailureText(change.mutateAsync({ kind: 'task', task, done }))}
      onDownload={(format) => saved(downloadRegister(folder.id, format))}
      onCarryOver={(tasks) => {
        handOverAgenda(typeof localStorage === 'undefined' ? undefined : localStorage, userId, {
          folderId: folder.id,
          structure: registers.data?.structure,
          agenda: agendaOf(tasks, (task) => t('approval.registers.carriedItem', { task })),
        });
        navigate('/protocol');
      }}
      onOpenNote={(noteId) => {
        onClose();
        onOpenNote(noteId);
      }}
    />
  );
}
