import {
  ErrorCode,
  isFailureText,
  type FailureText,
  type GlossaryMark,
  type Segment,
} from '@protokoll/contract';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { useFailureText } from '../../lib/failure-text.ts';
import { useFormat } from '../../lib/format.ts';

/** The corrections that stand in `segments`: the line still reads the term. */
export function standingMarks(
  marks: readonly GlossaryMark[] | undefined,
  segments: readonly Segment[],
): GlossaryMark[] {
  return (marks ?? []).filter((mark) => segments[mark.index]?.text.includes(mark.to));
}

/**
 * A transcript line's text with its glossary corrections marked (docs/product.md#glossary): the
 * term as corrected, and for screen readers what was heard.
 */
export function MarkedLine({ text, marks }: { text: string; marks: readonly GlossaryMark[] }) {
  const { t } = useTranslation();
  if (marks.length === 0) return text;
  const parts: React.ReactNode[] = [];
  let rest = text;
  let key = 0;
  for (const mark of marks) {
    const at = rest.indexOf(mark.to);
    if (at < 0) continue;
    parts.push(rest.slice(0, at));
    parts.push(
      <mark
        key={key++}
        data-slot="glossary-mark"
        title={t('noteTools.glossary.correctedHint', { from: mark.from })}
        className="rounded-sm bg-info-subtle px-0.5 text-info-subtle-foreground"
      >
        {mark.to}
        <span className="sr-only">
          {' '}
          ({t('noteTools.glossary.correctedHint', { from: mark.from })})
        </span>
      </mark>,
    );
    rest = rest.slice(at + mark.to.length);
  }
  parts.push(rest);
  return <>{parts}</>;
}

export interface GlossaryCorrectionsProps {
  /** The corrections standing in the transcript. */
  marks: readonly GlossaryMark[];
  segments: readonly Segment[];
  /** Takes one correction back; resolves once stored. */
  onUndo: (revisionId: number) => Promise<unknown>;
}

/** The glossary's corrections of this transcript, each with its own "Zurücknehmen". */
export function GlossaryCorrections({ marks, segments, onUndo }: GlossaryCorrectionsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const failureText = useFailureText();
  const [pending, setPending] = useState<number>();
  const [failure, setFailure] = useState<FailureText>();
  const [undone, setUndone] = useState<string>();
  if (marks.length === 0 && !undone) return null;
  return (
    <div data-slot="glossary-corrections" className="grid w-full gap-2">
      <h3 className="text-sm font-semibold">
        {t('noteTools.glossary.correctionsTitle', { count: marks.length })}
      </h3>
      <ul className="grid gap-1">
        {marks.map((mark) => (
          <li key={mark.revision_id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-xs text-muted-foreground tabular-nums">
              {format.clock(segments[mark.index]?.start ?? 0)}
            </span>
            <span className="min-w-0 flex-1 wrap-anywhere">
              {t('noteTools.glossary.corrected', { from: mark.from, to: mark.to })}
            </span>
            <Button
              variant="ghost"
              size="sm"
              loading={pending === mark.revision_id}
              disabled={pending !== undefined}
              aria-label={t('noteTools.glossary.undoCorrection', { to: mark.to })}
              onClick={() => {
                setPending(mark.revision_id);
                setFailure(undefined);
                onUndo(mark.revision_id).then(
                  () => {
                    setPending(undefined);
                    setUndone(mark.from);
                  },
                  (reason: unknown) => {
                    setPending(undefined);
                    // As action.ts's `asFailureText`, which would tie this lazy chunk to the notes page's.
                    setFailure(isFailureText(reason) ? reason : { code: ErrorCode.INTERNAL });
                  },
                );
              }}
            >
              <Undo2 aria-hidden />
              {t('noteTools.edit.undo')}
            </Button>
          </li>
        ))}
      </ul>
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {undone ? t('noteTools.glossary.correctionUndone', { from: undone }) : null}
      </p>
      {failure ? (
        <Alert variant="danger" description={failureText(failure, 'noteTools.edit.failed')} />
      ) : null}
    </div>
  );
}
