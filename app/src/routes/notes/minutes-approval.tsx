import {
  formalPartOf,
  type FormalStructure,
  type MinutesHead,
  type NoteDetail,
} from '@protokoll/contract';
import { FormalMinutesView, MinutesApprovalPanel, SignatureScreen } from '@protokoll/ui';
import {
  useMinutesApproval,
  useMinutesStep,
  useSignatureDecision,
  useSignatureRequest,
} from '../../api/minutes/approval.ts';
import { downloadNote } from '../../api/notes/download.ts';
import { toFailureText, withFailureText } from '../../lib/failure.ts';

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
    />
  );
}
