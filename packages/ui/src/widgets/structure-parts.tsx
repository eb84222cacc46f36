/*
 * Each structure's own layout in the reader (docs/product.md#the-reader): Stichpunkte as one
 * list, a Verlaufsprotokoll topic by topic with who said what, an interview as questions and
 * answers, a lecture as its sections with key terms. Every item seeks the passage it came from.
 * A summary without its structure's part (made before the parts existed) has none of these: the
 * summary section shows its topics as before.
 */
import type { Summary } from '@protokoll/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../components/badge.tsx';
import { cn } from '../lib/cn.ts';
import { SeekButton } from './seek-button.tsx';

/** The level of the summary section's heading; the structure's headings are one below. */
type Level = 2 | 3;

const subheading = 'mb-1 text-sm font-semibold tracking-wide text-muted-foreground uppercase';

/** The structure's heading one level below the summary's; `nested` one more (its topics). */
function Subheading({
  level,
  nested = false,
  className,
  children,
}: {
  level: Level;
  nested?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  const depth = level + (nested ? 2 : 1);
  const Tag = depth === 3 ? 'h3' : depth === 4 ? 'h4' : 'h5';
  return <Tag className={className ?? subheading}>{children}</Tag>;
}

export interface StructurePartsProps {
  summary: Summary;
  level: Level;
  onSeek: (seconds: number) => void;
  /** The name a speaker label goes by ("Erika", "Sprecher 2"). */
  speakerName: (label: string) => string;
  /** The part's heading from the summary's template, in place of the structure's own. */
  heading?: string | undefined;
}

/** Whether the summary has its structure's own part, so `StructureParts` shows it. */
export function hasStructureParts(summary: Summary): boolean {
  switch (summary.structure) {
    case 'bullets':
      return !!summary.bullets;
    case 'detailed':
      return !!summary.discussion;
    case 'interview':
      return !!summary.qa;
    case 'lecture':
      return !!summary.sections;
    default:
      return false;
  }
}

/** The structure's own part of a summary; nothing for a summary without one. */
export function StructureParts({
  summary,
  level,
  onSeek,
  speakerName,
  heading,
}: StructurePartsProps) {
  const { t } = useTranslation();
  if (!hasStructureParts(summary)) return null;

  if (summary.structure === 'bullets') {
    return (
      <div data-slot="summary-bullets">
        <Subheading level={level}>{heading ?? t('reader.summary.bullets')}</Subheading>
        <ul className="-mx-3 grid grid-cols-[minmax(0,1fr)] gap-0.5">
          {summary.bullets!.map((bullet, index) => (
            <li key={index}>
              <SeekButton start={bullet.start} onSeek={onSeek}>
                <span className="flex gap-2">
                  <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" />
                  <span>{bullet.text}</span>
                </span>
              </SeekButton>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  if (summary.structure === 'detailed') {
    return (
      <div data-slot="summary-discussion" className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <Subheading level={level}>{heading ?? t('reader.summary.discussion')}</Subheading>
        <ol className="grid grid-cols-[minmax(0,1fr)] gap-5">
          {summary.discussion!.map((topic, index) => (
            <li key={index} className="grid grid-cols-[minmax(0,1fr)] gap-1">
              <Subheading level={level} nested className="text-base font-semibold text-foreground">
                <span className="mr-2 text-muted-foreground tabular-nums">{index + 1}.</span>
                {topic.title}
              </Subheading>
              <ul className="ml-1 grid grid-cols-[minmax(0,1fr)] gap-0.5 border-l-2 border-border pl-1">
                {topic.points.map((point, p) => (
                  <li key={p}>
                    <SeekButton start={point.start} onSeek={onSeek}>
                      {point.speaker ? (
                        <span className="block font-semibold">{speakerName(point.speaker)}</span>
                      ) : null}
                      <span className="block">{point.text}</span>
                    </SeekButton>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </div>
    );
  }

  if (summary.structure === 'interview') {
    return (
      <div data-slot="summary-qa">
        <Subheading level={level}>{heading ?? t('reader.summary.qa')}</Subheading>
        <ol className="-mx-3 grid grid-cols-[minmax(0,1fr)] gap-1">
          {summary.qa!.map((pair, index) => (
            <li key={index}>
              <SeekButton start={pair.start} onSeek={onSeek}>
                <span className="grid grid-cols-[1.5rem_minmax(0,1fr)] gap-x-2 gap-y-1">
                  <span aria-hidden className="font-semibold text-primary">
                    {t('reader.summary.questionMark')}
                  </span>
                  <span className="font-medium">
                    <span className="sr-only">{t('reader.summary.question')}: </span>
                    {pair.question}
                  </span>
                  <span aria-hidden className="font-semibold text-muted-foreground">
                    {t('reader.summary.answerMark')}
                  </span>
                  <span className={cn(!pair.answer && 'text-muted-foreground italic')}>
                    <span className="sr-only">{t('reader.summary.answer')}: </span>
                    {pair.answer || t('reader.summary.noAnswer')}
                  </span>
                </span>
              </SeekButton>
            </li>
          ))}
        </ol>
      </div>
    );
  }

  // Lecture.
  return (
    <div data-slot="summary-sections" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <Subheading level={level}>{heading ?? t('reader.summary.sections')}</Subheading>
      <ol className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {summary.sections!.map((section, index) => (
          <li
            key={index}
            className="grid grid-cols-[minmax(0,1fr)] gap-2 rounded-lg border border-border p-3"
          >
            <Subheading
              level={level}
              nested
              className="-mx-2 -mt-1 text-base font-semibold text-foreground"
            >
              <SeekButton start={section.start} onSeek={onSeek} className="px-2 text-base">
                <span className="mr-2 text-muted-foreground tabular-nums">{index + 1}.</span>
                {section.heading}
              </SeekButton>
            </Subheading>
            {section.points.length > 0 ? (
              <ul className="ml-5 grid list-disc gap-1 text-sm leading-relaxed marker:text-primary">
                {section.points.map((point, p) => (
                  <li key={p} className="wrap-break-word">
                    {point}
                  </li>
                ))}
              </ul>
            ) : null}
            {section.key_terms.length > 0 ? (
              <div className="flex flex-wrap items-center gap-1.5">
                <span className="text-xs font-medium text-muted-foreground">
                  {t('reader.summary.keyTerms')}:
                </span>
                <ul className="contents">
                  {section.key_terms.map((term) => (
                    <li key={term}>
                      <Badge variant="neutral">{term}</Badge>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
