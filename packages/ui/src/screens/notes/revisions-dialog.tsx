import type { FailureText, TranscriptRevision } from '@protokoll/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/badge.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/dialog.tsx';
import { useFailureText } from '../../lib/failure-text.ts';
import { useFormat } from '../../lib/format.ts';
import type { LoadStatus } from '../../lib/load-status.ts';
import { LoadState } from '../../widgets/load-state.tsx';
import { useSpeakerName } from '../../widgets/reader-parts.tsx';
import { asFailureText } from './action.ts';

export interface RevisionsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  speakerNames: Record<string, string>;
  /** Loads the note's changes, newest first; called on every opening. */
  onLoad: () => Promise<TranscriptRevision[]>;
}

/** "Änderungsverlauf": every hand-made change to the transcript, who made it, when, and what. */
export function RevisionsDialog({
  open,
  onOpenChange,
  speakerNames,
  onLoad,
}: RevisionsDialogProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [state, setState] = useState<{
    status: LoadStatus;
    revisions: TranscriptRevision[];
    error?: FailureText;
  }>({ status: 'loading', revisions: [] });
  const [attempt, setAttempt] = useState(0);
  // Every opening loads afresh: the state goes back to loading as the dialog opens.
  const [shownOpen, setShownOpen] = useState(false);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) setState({ status: 'loading', revisions: [] });
  }

  useEffect(() => {
    if (!open) return;
    let current = true;
    onLoad().then(
      (revisions) => current && setState({ status: 'ready', revisions }),
      (reason: unknown) =>
        current && setState({ status: 'error', revisions: [], error: asFailureText(reason) }),
    );
    return () => {
      current = false;
    };
  }, [open, onLoad, attempt]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-slot="revisions-dialog" className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('noteTools.edit.revisions.title')}</DialogTitle>
          <DialogDescription>{t('noteTools.edit.revisions.description')}</DialogDescription>
        </DialogHeader>
        <LoadState
          status={state.status}
          loadingText={t('noteTools.edit.revisions.loading')}
          failedText={
            failureText(state.error, 'noteTools.edit.revisions.loadFailed') ??
            t('noteTools.edit.revisions.loadFailed')
          }
          onRetry={() => {
            setState({ status: 'loading', revisions: [] });
            setAttempt((n) => n + 1);
          }}
          isEmpty={state.revisions.length === 0}
          empty={
            <p className="text-sm text-muted-foreground">{t('noteTools.edit.revisions.empty')}</p>
          }
        >
          <RevisionList revisions={state.revisions} speakerNames={speakerNames} />
        </LoadState>
      </DialogContent>
    </Dialog>
  );
}

export interface RevisionListProps {
  revisions: TranscriptRevision[];
  speakerNames: Record<string, string>;
}

/** The changes, newest first: what kind, who and when, each changed line before and after. */
export function RevisionList({ revisions, speakerNames }: RevisionListProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const speakerName = useSpeakerName(speakerNames);
  return (
    <ol className="grid gap-3" data-slot="revision-list">
      {revisions.map((revision) => (
        <li
          key={revision.id}
          data-undone={revision.undone || undefined}
          className="grid gap-2 rounded-md border border-border p-3 text-sm"
        >
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-semibold">
              {t(`noteTools.edit.revisions.kind.${revision.kind}`)}
            </span>
            {revision.undone ? (
              <Badge variant="neutral">{t('noteTools.edit.revisions.undone')}</Badge>
            ) : null}
            <span className="text-muted-foreground">
              {t('noteTools.edit.revisions.byOn', {
                author: revision.author ?? t('noteTools.edit.revisions.unknownAuthor'),
                time: format.dateTime(revision.created_at),
              })}
            </span>
          </div>
          <ul className="grid gap-1">
            {revision.lines.map((line, index) => (
              <li
                key={index}
                className="grid grid-cols-[3.5rem_minmax(0,1fr)] gap-x-2 wrap-break-word"
              >
                <span className="text-xs text-muted-foreground tabular-nums">
                  {format.clock(line.start)}
                </span>
                <span className="grid gap-0.5">
                  <span className="font-medium">
                    {line.before_speaker ? `${speakerName(line.before_speaker)} → ` : null}
                    {speakerName(line.speaker)}
                  </span>
                  {line.before !== undefined && line.before !== line.after ? (
                    <span>
                      <span className="text-muted-foreground">
                        {t('noteTools.edit.revisions.before')}:{' '}
                      </span>
                      <del className="bg-danger-subtle">{line.before}</del>
                    </span>
                  ) : null}
                  {line.after !== undefined ? (
                    <span>
                      {line.before !== line.after ? (
                        <span className="text-muted-foreground">
                          {t('noteTools.edit.revisions.after')}:{' '}
                        </span>
                      ) : null}
                      <ins className="bg-success-subtle no-underline">{line.after}</ins>
                    </span>
                  ) : (
                    <span className="text-muted-foreground">
                      {t('noteTools.edit.revisions.removed')}
                    </span>
                  )}
                </span>
              </li>
            ))}
            {revision.line_count > revision.lines.length ? (
              <li className="text-muted-foreground">
                {t('noteTools.edit.revisions.more', {
                  count: revision.line_count - revision.lines.length,
                })}
              </li>
            ) : null}
          </ul>
        </li>
      ))}
    </ol>
  );
}
