/*
 * Formal minutes in the reader (docs/formal-minutes.md#the-reader): the head field by field, a
 * required field nobody said marked "Nicht genannt" (never guessed), then each agenda item (TOP)
 * with its discussion, its resolutions set apart with their vote, and its tasks. A resolution or
 * task seeks the passage it rests on; one without a checked passage says "Ohne Beleg im
 * Transkript" instead of a time.
 */
import {
  HEAD_FIELDS,
  missingHeadFields,
  voteKnown,
  type AgendaItem,
  type Citation,
  type FormalMinutes,
  type FormalStructure,
  type HeadField,
  type Resolution,
} from '@protokoll/contract';
import { CircleAlert, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../components/badge.tsx';
import { useFormat } from '../lib/format.ts';
import { SeekButton } from './seek-button.tsx';

type Level = 2 | 3;

const subheading = 'mb-1 text-sm font-semibold tracking-wide text-muted-foreground uppercase';

function Heading({
  depth,
  className,
  children,
}: {
  depth: number;
  className?: string;
  children: React.ReactNode;
}) {
  const Tag = depth <= 3 ? 'h3' : depth === 4 ? 'h4' : 'h5';
  return <Tag className={className ?? subheading}>{children}</Tag>;
}

export interface FormalMinutesViewProps {
  structure: FormalStructure;
  formal: FormalMinutes;
  /** The level of the summary section's heading; these headings are one below. */
  level: Level;
  /** Plays a passage; without it (no recording at hand, the signing page) times are plain text. */
  onSeek?: ((seconds: number) => void) | undefined;
  /** Which parts to show and under which heading (an own template may leave one out). */
  show?: { head?: string | false; agenda?: string | false };
}

/** The head's value of a field as the reader shows it; undefined when it was not said. */
function useHeadValue(formal: FormalMinutes) {
  const { t } = useTranslation();
  const format = useFormat();
  const { head } = formal;
  return (field: HeadField): string | undefined => {
    switch (field) {
      case 'date':
        return head.date ? format.day(head.date) : undefined;
      case 'place':
        return head.place ?? (head.online ? t('noteTools.formal.online') : undefined);
      case 'present':
      case 'excused':
      case 'guests':
        return head[field].length > 0 ? head[field].join(', ') : undefined;
      case 'quorum':
        return head.quorum === undefined
          ? undefined
          : t(head.quorum ? 'noteTools.formal.quorumYes' : 'noteTools.formal.quorumNo');
      default:
        return head[field] || undefined;
    }
  };
}

function HeadTable({
  structure,
  formal,
  depth,
  heading,
}: {
  structure: FormalStructure;
  formal: FormalMinutes;
  depth: number;
  heading: string;
}) {
  const { t } = useTranslation();
  const value = useHeadValue(formal);
  const missing = new Set(missingHeadFields(structure, formal.head));
  const rows = HEAD_FIELDS.filter((field) => value(field) !== undefined || missing.has(field));
  return (
    <div data-slot="formal-head" className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <Heading depth={depth}>{heading}</Heading>
      {missing.size > 0 ? (
        <p className="flex gap-2 text-sm text-warning-subtle-foreground">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{t('noteTools.formal.missingCount', { count: missing.size })}</span>
        </p>
      ) : null}
      <dl className="grid grid-cols-[minmax(0,1fr)] gap-2 rounded-md border border-border p-3 text-sm">
        {rows.map((field) => {
          const shown = value(field);
          return (
            <div key={field} className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
              <dt className="shrink-0 font-medium text-muted-foreground sm:w-36">
                {t(`noteTools.formal.fields.${field}`)}
              </dt>
              <dd className="min-w-0 wrap-break-word text-foreground" data-field={field}>
                {shown ?? (
                  <Badge variant="warning">
                    <CircleAlert aria-hidden />
                    {t('noteTools.formal.missing')}
                  </Badge>
                )}
                {shown !== undefined && formal.head.edited?.includes(field) ? (
                  <>
                    {' '}
                    <Badge variant="neutral">{t('noteTools.formal.byHand')}</Badge>
                  </>
                ) : null}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

/** An item's passage, or the plain statement that it has none. */
function Backed({
  citations,
  onSeek,
  children,
}: {
  citations: readonly Citation[];
  onSeek: ((seconds: number) => void) | undefined;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const hintId = useId();
  const first = citations[0];
  if (first && onSeek) {
    return (
      <SeekButton start={first.start} onSeek={onSeek}>
        {children}
      </SeekButton>
    );
  }
  if (first) {
    return (
      <div className="grid grid-cols-[minmax(0,1fr)] gap-1 px-3 py-2 text-sm">
        <div className="min-w-0 wrap-break-word text-foreground">{children}</div>
        <p className="text-muted-foreground">{format.clock(first.start)}</p>
      </div>
    );
  }
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-1 px-3 py-2 text-sm" data-slot="unbacked">
      <div className="min-w-0 wrap-break-word text-foreground">{children}</div>
      <p id={hintId} className="flex flex-wrap items-center gap-2 text-muted-foreground">
        <Badge variant="danger">
          <TriangleAlert aria-hidden />
          {t('noteTools.formal.unbacked')}
        </Badge>
        <span>{t('noteTools.formal.unbackedHint')}</span>
      </p>
    </div>
  );
}

/** "7 Ja, 0 Nein, 2 Enthaltungen – angenommen", and whether the majority is known. */
export function useVoteText() {
  const { t } = useTranslation();
  return ({ vote, result }: Pick<Resolution, 'vote' | 'result'>) => {
    const counts = [
      vote?.unanimous ? t('noteTools.formal.unanimous') : null,
      vote?.yes !== undefined ? t('noteTools.formal.votesYes', { count: vote.yes }) : null,
      vote?.no !== undefined ? t('noteTools.formal.votesNo', { count: vote.no }) : null,
      vote?.abstain !== undefined
        ? t('noteTools.formal.votesAbstain', { count: vote.abstain })
        : null,
    ].filter(Boolean);
    const outcome =
      result === 'accepted'
        ? t('noteTools.formal.accepted')
        : result === 'rejected'
          ? t('noteTools.formal.rejected')
          : null;
    return {
      known: voteKnown(vote),
      text: [counts.join(', '), outcome].filter(Boolean).join(' – '),
    };
  };
}

function ItemView({
  item,
  depth,
  onSeek,
}: {
  item: AgendaItem;
  depth: number;
  onSeek: ((seconds: number) => void) | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const voteText = useVoteText();
  const empty = item.discussion.length + item.resolutions.length + item.tasks.length === 0;
  return (
    <li data-slot="formal-item" className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <Heading depth={depth} className="text-base font-semibold text-foreground">
        <span className="mr-2 text-muted-foreground tabular-nums">
          {t('noteTools.formal.item', { number: item.number })}
        </span>{' '}
        <span className="wrap-break-word">{item.title}</span>
      </Heading>
      {empty ? (
        <p className="text-sm text-muted-foreground">{t('noteTools.formal.itemEmpty')}</p>
      ) : null}
      {item.discussion.length > 0 ? (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-1 text-sm leading-relaxed text-foreground">
          {item.discussion.map((text, index) => (
            <p key={index} className="wrap-break-word">
              {text}
            </p>
          ))}
        </div>
      ) : null}
      {item.resolutions.length > 0 ? (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
          {item.resolutions.map((resolution, index) => {
            const vote = voteText(resolution);
            return (
              <li
                key={index}
                data-slot="formal-resolution"
                className="rounded-md border-l-2 border-primary bg-accent/40"
              >
                <Backed citations={resolution.citations} onSeek={onSeek}>
                  <span className="block text-xs font-semibold tracking-wide text-primary uppercase">
                    {t('noteTools.formal.resolution')}
                  </span>
                  <span className="block font-medium">{resolution.text}</span>
                  <span className="mt-1 flex flex-wrap items-center gap-2 text-muted-foreground">
                    {vote.known ? null : (
                      <Badge variant="warning">
                        <CircleAlert aria-hidden />
                        {t('noteTools.formal.voteMissing')}
                      </Badge>
                    )}
                    {vote.text ? <span>{vote.text}</span> : null}
                  </span>
                </Backed>
              </li>
            );
          })}
        </ul>
      ) : null}
      {item.tasks.length > 0 ? (
        <div>
          <Heading depth={depth + 1}>{t('noteTools.formal.tasks')}</Heading>
          <ul className="-mx-3 grid grid-cols-[minmax(0,1fr)] gap-0.5">
            {item.tasks.map((task, index) => (
              <li key={index}>
                <Backed citations={task.citations} onSeek={onSeek}>
                  <span className="block font-medium">{task.task}</span>
                  {task.owner || task.due ? (
                    <span className="block text-muted-foreground">
                      {[
                        task.owner ? t('reader.summary.owner', { owner: task.owner }) : null,
                        task.due ? t('reader.summary.due', { due: format.day(task.due) }) : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  ) : null}
                </Backed>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

/** The formal part of a summary: its head and its agenda items. */
export function FormalMinutesView({
  structure,
  formal,
  level,
  onSeek,
  show = {},
}: FormalMinutesViewProps) {
  const { t } = useTranslation();
  const depth = level + 1;
  const headHeading = show.head ?? t('noteTools.formal.head');
  const agendaHeading = show.agenda ?? t('noteTools.formal.agenda');
  return (
    <div data-slot="formal-minutes" className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {headHeading !== false ? (
        <HeadTable structure={structure} formal={formal} depth={depth} heading={headHeading} />
      ) : null}
      {agendaHeading !== false ? (
        <div data-slot="formal-agenda" className="grid grid-cols-[minmax(0,1fr)] gap-3">
          <Heading depth={depth}>{agendaHeading}</Heading>
          <p className="text-sm text-muted-foreground">
            {t(
              formal.agenda_given ? 'noteTools.formal.agendaGiven' : 'noteTools.formal.agendaFound',
            )}
          </p>
          <ol className="grid grid-cols-[minmax(0,1fr)] gap-6">
            {formal.items.map((item) => (
              <ItemView key={item.number} item={item} depth={depth + 1} onSeek={onSeek} />
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}
