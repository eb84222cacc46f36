/*
 * The reading parts of a note (docs/product.md#notes-and-folders): its summary and its
 * transcript, each item seeking the passage it came from. The note reader puts them beside each
 * other; the home page shows an example note with them.
 */
import {
  formalPartOf,
  type Segment,
  type Summary,
  type TemplateSectionKey,
} from '@protokoll/contract';
import { Info } from 'lucide-react';
import { Fragment, lazy, Suspense, useEffect, useId, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { useFormat } from '../lib/format.ts';
import { SeekButton } from './seek-button.tsx';
import { hasStructureParts, StructureParts } from './structure-parts.tsx';

// Loaded only for formal minutes (docs/formal-minutes.md#the-reader): the notes pages' and the
// home page's first script stay without them.
const FormalMinutesView = lazy(() =>
  import('./formal-minutes.tsx').then((module) => ({ default: module.FormalMinutesView })),
);

/**
 * The name a speaker goes by: the one given to its label, otherwise "Sprecher 1" for `S1` (the
 * label itself when it has no number).
 */
export function useSpeakerName(names: Record<string, string>): (label: string) => string {
  const { t } = useTranslation();
  return (label) => names[label]?.trim() || defaultSpeakerName(label, t);
}

export function defaultSpeakerName(label: string, t: TFunction): string {
  const number = /^S(\d+)$/.exec(label)?.[1];
  return number ? t('reader.speakers.default', { number }) : label;
}

const subheading = 'mb-1 text-sm font-semibold tracking-wide text-muted-foreground uppercase';

/** The level of a section's heading; its lists' headings are one below. */
export type ReaderHeadingLevel = 2 | 3;

/** A heading of the given level (2 to 4). */
function Heading({ level, children, ...props }: { level: 2 | 3 | 4 } & React.ComponentProps<'h2'>) {
  if (level === 2) return <h2 {...props}>{children}</h2>;
  if (level === 3) return <h3 {...props}>{children}</h3>;
  return <h4 {...props}>{children}</h4>;
}

interface SeekListProps<T extends { start: number }> {
  title: string;
  level: ReaderHeadingLevel;
  items: T[];
  onSeek: (seconds: number) => void;
  /** The content of one item's button. */
  children: (item: T) => React.ReactNode;
}

/** A summary list whose items seek the recording to the passage they came from. */
function SeekList<T extends { start: number }>({
  title,
  level,
  items,
  onSeek,
  children,
}: SeekListProps<T>) {
  if (items.length === 0) return null;
  return (
    <div>
      <Heading level={(level + 1) as 3 | 4} className={subheading}>
        {title}
      </Heading>
      <ul className="-mx-3 grid grid-cols-[minmax(0,1fr)] gap-0.5">
        {items.map((item, index) => (
          <li key={index}>
            <SeekButton start={item.start} onSeek={onSeek}>
              {children(item)}
            </SeekButton>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface SummarySectionProps {
  summary: Summary | null;
  /** An item was pressed: the second of the passage it came from. */
  onSeek: (seconds: number) => void;
  /** `h2` in the reader; `h3` where the note sits under a heading of its own (the home page). */
  level?: ReaderHeadingLevel;
  /** Display names for speaker labels, for a Verlaufsprotokoll's contributions. */
  speakerNames?: Record<string, string>;
  /** Next to the heading: "Zusammenfassung bearbeiten" (screens/notes/summary-editing.tsx). */
  actions?: React.ReactNode;
}

const HEADING_KEYS = {
  overview: 'reader.summary.overview',
  topics: 'reader.summary.topics',
  decisions: 'reader.summary.decisions',
  action_items: 'reader.summary.actionItems',
  bullets: 'reader.summary.bullets',
  discussion: 'reader.summary.discussion',
  qa: 'reader.summary.qa',
  sections: 'reader.summary.sections',
  head: 'noteTools.formal.head',
  agenda: 'noteTools.formal.agenda',
} as const satisfies Record<TemplateSectionKey, string>;

/** The structures' own parts: one of them (or a formal type's head and agenda) is a summary's `part`. */
const PART_KEYS: readonly TemplateSectionKey[] = [
  'bullets',
  'discussion',
  'qa',
  'sections',
  'head',
  'agenda',
];

type Pieces = Record<
  'overview' | 'part' | 'topics' | 'decisions' | 'action_items',
  React.ReactNode
>;

/**
 * The summary's pieces in order: an own template's order, leaving out what it leaves out; else
 * overview, the structure's part (or the topics), decisions and tasks, an Ergebnisprotokoll's
 * topics last.
 */
function ordered(summary: Summary, pieces: Pieces): React.ReactNode {
  const keys: (keyof Pieces)[] = summary.template
    ? summary.template.sections.map((s) =>
        PART_KEYS.includes(s.key) ? 'part' : (s.key as keyof Pieces),
      )
    : formalPartOf(summary)
      ? // Formal minutes: their resolutions and topics are in the agenda items.
        ['overview', 'part', 'action_items']
      : summary.structure === 'minutes'
        ? ['overview', 'part', 'decisions', 'action_items', 'topics']
        : ['overview', 'part', 'topics', 'decisions', 'action_items'];
  // A formal type's head and agenda are one part.
  return [...new Set(keys)].map((key) => <Fragment key={key}>{pieces[key]}</Fragment>);
}

/** A note's summary: overview, topics, decisions and action items, each item seeking its passage. */
export function SummarySection({
  summary,
  onSeek,
  level = 2,
  speakerNames = {},
  actions,
}: SummarySectionProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const headingId = useId();
  const speakerName = useSpeakerName(speakerNames);
  // The structure's own layout replaces the topics list; an Ergebnisprotokoll lists its topics
  // after its decisions and tasks.
  const structured = summary ? hasStructureParts(summary) : false;
  const formal = formalPartOf(summary);
  // An own template's headings replace the built-in ones (docs/product.md#summary-templates).
  const headings = summary?.template
    ? Object.fromEntries(summary.template.sections.map((s) => [s.key, s.heading]))
    : undefined;
  const partKey = summary?.template?.sections.find((s) => PART_KEYS.includes(s.key))?.key;
  const heading = (key: TemplateSectionKey) => headings?.[key] ?? t(HEADING_KEYS[key]);
  const topicsList = summary ? (
    <SeekList title={heading('topics')} level={level} items={summary.topics} onSeek={onSeek}>
      {(topic) => (
        <>
          <span className="block font-medium">{topic.title}</span>
          {topic.text ? <span className="block text-muted-foreground">{topic.text}</span> : null}
        </>
      )}
    </SeekList>
  ) : null;

  return (
    <section
      data-slot="reader-summary"
      aria-labelledby={headingId}
      className="grid grid-cols-[minmax(0,1fr)] gap-5"
    >
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <Heading level={level} id={headingId} className="text-lg font-semibold text-foreground">
            {t('reader.summary.title')}
          </Heading>
          {actions}
        </div>
      ) : (
        <Heading level={level} id={headingId} className="text-lg font-semibold text-foreground">
          {t('reader.summary.title')}
        </Heading>
      )}
      {!summary ? (
        <p className="text-sm text-muted-foreground">{t('reader.summary.none')}</p>
      ) : (
        <>
          {summary.generator === 'extractive' ? (
            <p className="flex gap-2 text-sm text-muted-foreground">
              <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                {t('reader.summary.extractive')}
                {summary.requested_language && summary.language ? (
                  <>
                    {' '}
                    <strong data-slot="summary-language" className="font-medium text-foreground">
                      {t('reader.summary.untranslated', {
                        language: languageName(summary.language, i18n.language),
                      })}
                    </strong>
                  </>
                ) : null}
              </span>
            </p>
          ) : null}
          {summary.template?.unfollowed?.length ? (
            <p data-slot="template-unfollowed" className="flex gap-2 text-sm text-muted-foreground">
              <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                {t('noteTools.summary.templateUnfollowed', {
                  sections: summary.template.unfollowed.map(heading).join(', '),
                })}
              </span>
            </p>
          ) : null}
          {ordered(summary, {
            overview: summary.overview ? (
              <div className="grid grid-cols-[minmax(0,1fr)] gap-1">
                <Heading level={(level + 1) as 3 | 4} className={subheading}>
                  {heading('overview')}
                </Heading>
                <p className="leading-relaxed wrap-break-word text-foreground">
                  {summary.overview}
                </p>
              </div>
            ) : null,
            part: formal ? (
              <Suspense fallback={null}>
                <FormalMinutesView
                  structure={formal.structure}
                  formal={formal.formal}
                  level={level}
                  onSeek={onSeek}
                  show={
                    summary.template
                      ? {
                          head: headings?.head ?? false,
                          agenda: headings?.agenda ?? false,
                        }
                      : {}
                  }
                />
              </Suspense>
            ) : structured ? (
              <StructureParts
                summary={summary}
                level={level}
                onSeek={onSeek}
                speakerName={speakerName}
                heading={partKey ? headings?.[partKey] : undefined}
              />
            ) : null,
            topics: structured || formal ? null : topicsList,
            decisions: formal ? null : (
              <SeekList
                title={heading('decisions')}
                level={level}
                items={summary.decisions}
                onSeek={onSeek}
              >
                {(decision) => decision.text}
              </SeekList>
            ),
            action_items: (
              <SeekList
                title={heading('action_items')}
                level={level}
                items={summary.action_items}
                onSeek={onSeek}
              >
                {(item) => (
                  <>
                    <span
                      className={cn(
                        'block font-medium',
                        item.done && 'text-muted-foreground line-through',
                      )}
                    >
                      {item.done ? (
                        <span className="sr-only">{`${t('noteTools.summary.doneMark')}: `}</span>
                      ) : null}
                      {item.task}
                    </span>
                    {item.owner || item.due ? (
                      <span className="block text-muted-foreground">
                        {[
                          item.owner ? t('reader.summary.owner', { owner: item.owner }) : null,
                          item.due ? t('reader.summary.due', { due: format.day(item.due) }) : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    ) : null}
                  </>
                )}
              </SeekList>
            ),
          })}
        </>
      )}
    </section>
  );
}

/** "Englisch" for `en` in German. */
function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The passage being played: the last one that has started by `position`. */
function activeIndex(segments: Segment[], position: number | null): number {
  if (position === null) return -1;
  let active = -1;
  segments.forEach((segment, index) => {
    if (segment.start <= position) active = index;
  });
  return active >= 0 && position <= segments[active]!.end + 0.5 ? active : -1;
}

export interface TranscriptSectionProps {
  segments: Segment[];
  /** Display names for speaker labels, e.g. `{ "S1": "Erika" }`. */
  speakerNames: Record<string, string>;
  /** Whether the transcript was kept (`transcribe`): explains an empty one. */
  kept: boolean;
  /** Second being played, or null: marks the passage it is in. */
  position: number | null;
  /** A line was pressed: its start. */
  onSeek: (seconds: number) => void;
  level?: ReaderHeadingLevel;
  /** The recording plays: the line being played is followed (scrolled into view). */
  playing?: boolean;
  /** A search hit's line: marked, and brought into view once. */
  focusSegment?: number | undefined;
  /** Next to the heading: the editing actions (screens/notes/transcript-editing.tsx). */
  actions?: React.ReactNode;
  /** A line's text as shown (the glossary's corrections marked); without it, the plain text. */
  renderText?: ((segment: Segment, index: number) => React.ReactNode) | undefined;
  /**
   * Editing: a click or Enter on a line opens it (`onOpenLine`) instead of seeking, and the open
   * line shows `renderEditor(index)` in its place. Without it the lines only seek.
   */
  editing?:
    | {
        open: number | null;
        onOpenLine: (index: number) => void;
        renderEditor: (index: number) => React.ReactNode;
        /** A line whose change is on its way or failed: marked so. */
        lineState?: (index: number) => 'saving' | 'failed' | undefined;
      }
    | undefined;
}

/** After the person scrolls, the transcript leaves the scrolling to them this long. */
const FOLLOW_PAUSE_MS = 4000;

/**
 * Follows the line being played: it is scrolled into view while playing, except for a while
 * after the person scrolled themselves (docs/product.md#the-reader).
 */
function useFollowLine(active: number, playing: boolean) {
  const list = useRef<HTMLOListElement>(null);
  const scrolledAt = useRef(0);
  useEffect(() => {
    const mark = () => {
      scrolledAt.current = Date.now();
    };
    const onKey = (event: KeyboardEvent) => {
      if (['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown'].includes(event.key)) mark();
    };
    window.addEventListener('wheel', mark, { passive: true });
    window.addEventListener('touchmove', mark, { passive: true });
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('wheel', mark);
      window.removeEventListener('touchmove', mark);
      window.removeEventListener('keydown', onKey);
    };
  }, []);
  useEffect(() => {
    if (!playing || active < 0 || Date.now() - scrolledAt.current < FOLLOW_PAUSE_MS) return;
    const line = list.current?.children[active];
    if (line instanceof HTMLElement) line.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [active, playing]);
  return list;
}

/** A note's transcript: one line per passage with its speaker and time, a click seeks it. */
export function TranscriptSection({
  segments,
  speakerNames,
  kept,
  position,
  onSeek,
  level = 2,
  playing = false,
  focusSegment,
  actions,
  renderText,
  editing,
}: TranscriptSectionProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const speakerName = useSpeakerName(speakerNames);
  const headingId = useId();
  const active = activeIndex(segments, position);
  const list = useFollowLine(active, playing);

  // A search hit: its line is brought into view once.
  useEffect(() => {
    if (focusSegment === undefined) return;
    const line = list.current?.children[focusSegment];
    if (line instanceof HTMLElement) line.scrollIntoView({ block: 'center' });
  }, [focusSegment, list]);

  const heading = (
    <Heading level={level} id={headingId} className="text-lg font-semibold text-foreground">
      {t('reader.transcript.title')}
    </Heading>
  );
  return (
    <section
      data-slot="reader-transcript"
      aria-labelledby={headingId}
      className="grid grid-cols-[minmax(0,1fr)] gap-3"
    >
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {segments.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {kept ? t('reader.transcript.empty') : t('reader.transcript.notKept')}
        </p>
      ) : (
        <ol ref={list} className="-mx-3 grid grid-cols-[minmax(0,1fr)] gap-0.5">
          {segments.map((segment, index) => (
            <li key={index}>
              {editing?.open === index ? (
                editing.renderEditor(index)
              ) : (
                <button
                  type="button"
                  data-slot="transcript-line"
                  data-index={editing ? index : undefined}
                  data-start={segment.start}
                  data-edit={editing?.lineState?.(index)}
                  aria-current={index === active ? 'true' : undefined}
                  data-hit={index === focusSegment ? 'true' : undefined}
                  aria-description={index === focusSegment ? t('reader.searchHit') : undefined}
                  onClick={() => (editing ? editing.onOpenLine(index) : onSeek(segment.start))}
                  className={cn(
                    'grid w-full min-w-0 grid-cols-[3.5rem_minmax(0,1fr)] gap-x-2 rounded-md px-3 py-2',
                    'scroll-mt-24 scroll-mb-32 text-left text-sm transition-colors outline-none',
                    'hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring',
                    'data-[hit=true]:ring-2 data-[hit=true]:ring-warning/60',
                    'aria-[current=true]:bg-accent aria-[current=true]:text-accent-foreground',
                    // Classes the stylesheet has already: a line on its way, or whose change failed.
                    editing?.lineState?.(index) === 'saving' && 'bg-muted',
                    editing?.lineState?.(index) === 'failed' && 'bg-danger-subtle',
                  )}
                >
                  <span className="pt-px text-xs font-medium text-muted-foreground tabular-nums">
                    {format.clock(segment.start)}
                  </span>
                  <span className="min-w-0">
                    <span className="block font-semibold wrap-break-word">
                      {speakerName(segment.speaker)}
                    </span>
                    <span className="block leading-relaxed wrap-break-word">
                      {renderText ? renderText(segment, index) : segment.text}
                    </span>
                  </span>
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
