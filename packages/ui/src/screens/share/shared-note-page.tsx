/*
 * The page of a share link (docs/sharing.md#the-page): rendered on the server once per request
 * and never hydrated, so it is readable and printable without any script. It shows the note as
 * its owner shared it (summary, and transcript and recording where shared), the form for an
 * access code, or that the link is no longer available.
 */
import {
  LOCALES,
  type Locale,
  type ShareRenderRequest,
  type SharedNoteView,
} from '@protokoll/contract';
import { Link2Off, LockKeyhole } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { Badge } from '../../components/badge.tsx';
import { buttonVariants } from '../../components/button.tsx';
import { Input } from '../../components/input.tsx';
import { LanguageLinks } from '../../components/language-links.tsx';
import { linkVariants } from '../../components/link.tsx';
import { Brand } from '../../layouts/brand.tsx';
import { cn } from '../../lib/cn.ts';
import { useFormat } from '../../lib/format.ts';
import { useUi } from '../../lib/ui-provider.tsx';
import { SummarySection, useSpeakerName } from '../../widgets/reader-parts.tsx';

export interface SharedNotePageProps {
  page: ShareRenderRequest['page'];
  /** The page's own path (`/s/<token>`): the code form posts to it, the language links add `?lang=`. */
  path: string;
}

const ignore = () => undefined;

/** The page's frame: brand and language links above, a line on Protokoll below. */
function ShareFrame({ path, children }: { path: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  const hrefs = Object.fromEntries(
    LOCALES.map((locale) => [locale, `${path}?lang=${locale}`]),
  ) as Record<Locale, string>;
  return (
    <div data-slot="shared-note-page" className="flex min-h-dvh flex-col bg-background">
      <header data-print="hide" className="border-b border-border">
        <div className="mx-auto flex w-full max-w-4xl items-center justify-between gap-4 px-4 py-3">
          <Brand />
          <LanguageLinks hrefs={hrefs} onLocaleChange={ignore} />
        </div>
      </header>
      <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-8">{children}</main>
      <footer data-print="hide" className="border-t border-border">
        <p className="mx-auto w-full max-w-4xl px-4 py-4 text-sm text-muted-foreground">
          {t('exports.sharePage.madeWith')}{' '}
          <a href="/" className={linkVariants()}>
            {t('exports.sharePage.about')}
          </a>
        </p>
      </footer>
    </div>
  );
}

/** The shared note: its head, the extract's notice, the recording, summary and transcript. */
function SharedNote({ note }: { note: SharedNoteView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const formal = note.extract?.items !== undefined;
  const extractText = note.extract
    ? formal
      ? t('exports.sharePage.extractItems', { items: note.extract.items?.join(', ') })
      : t('exports.sharePage.extractSections')
    : undefined;
  return (
    <article className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <header className="grid grid-cols-[minmax(0,1fr)] gap-2">
        <div className="flex flex-wrap gap-2">
          <Badge variant="brand">{t('exports.sharePage.badge')}</Badge>
          {note.extract ? (
            <Badge variant="info">{t('exports.sharePage.extractBadge')}</Badge>
          ) : null}
        </div>
        <h1 className="text-2xl font-semibold tracking-tight wrap-break-word text-foreground">
          {note.name}
        </h1>
        <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
          <time dateTime={note.created_at}>{format.dateTime(note.created_at)}</time>
          {note.duration_seconds != null ? (
            <span>{format.duration(note.duration_seconds)}</span>
          ) : null}
        </p>
        {note.expires_at ? (
          <p data-print="hide" className="text-sm text-muted-foreground">
            {t('exports.sharePage.expires', { date: format.date(note.expires_at) })}
          </p>
        ) : null}
      </header>
      {extractText ? (
        <Alert
          variant="info"
          title={t('exports.sharePage.extractTitle')}
          description={extractText}
        />
      ) : null}
      {note.audio_src ? (
        <section aria-labelledby="shared-recording" data-print="hide" className="grid gap-2">
          <h2 id="shared-recording" className="text-lg font-semibold text-foreground">
            {t('exports.sharePage.recording')}
          </h2>
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the summary (and the transcript where shared) is the recording's text alternative */}
          <audio controls preload="none" src={note.audio_src} className="w-full">
            {t('exports.sharePage.noAudio')}
          </audio>
        </section>
      ) : null}
      <SummarySection summary={note.summary} onSeek={ignore} speakerNames={note.speaker_names} />
      {note.transcript ? (
        <SharedTranscript segments={note.segments} speakerNames={note.speaker_names} />
      ) : null}
    </article>
  );
}

/**
 * The transcript as text: a line per passage with its time, the speaker named where they change.
 * Plain elements with the reader's classes, no button per line: a two-hour transcript is a
 * thousand lines or more, and the page must paint without any script (with the seek script, a
 * line plays its passage: `data-start`).
 */
function SharedTranscript({
  segments,
  speakerNames,
}: {
  segments: SharedNoteView['segments'];
  speakerNames: Record<string, string>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const speakerName = useSpeakerName(speakerNames);
  return (
    <section aria-labelledby="shared-transcript" className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <h2 id="shared-transcript" className="text-lg font-semibold text-foreground">
        {t('reader.transcript.title')}
      </h2>
      {segments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('reader.transcript.empty')}</p>
      ) : (
        // Line height, breaking and gaps are set once on the list, so that a thousand lines carry
        // as little markup as they can.
        <ol
          data-slot="shared-transcript"
          className="grid gap-2 text-sm leading-relaxed wrap-anywhere"
        >
          {segments.map((segment, index) => (
            <li
              key={index}
              data-start={segment.start}
              className="grid grid-cols-[3.5rem_minmax(0,1fr)]"
            >
              <small className="text-muted-foreground">{format.clock(segment.start)}</small>
              <span>
                {segment.speaker !== segments[index - 1]?.speaker ? (
                  <strong className="block">{speakerName(segment.speaker)}</strong>
                ) : null}
                {segment.text}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The access code's form: a plain form posted to the page, so it works without a script. */
function CodeForm({ path, wrong, limited }: { path: string; wrong: boolean; limited: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const { locale } = useUi();
  const error = limited
    ? t('exports.sharePage.code.limited')
    : wrong
      ? t('exports.sharePage.code.wrong')
      : undefined;
  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto grid max-w-md gap-4 py-8">
      <LockKeyhole aria-hidden className="size-8 text-muted-foreground" />
      <h1 id={`${id}-title`} className="text-2xl font-semibold tracking-tight text-foreground">
        {t('exports.sharePage.code.title')}
      </h1>
      <p className="text-sm text-muted-foreground">{t('exports.sharePage.code.description')}</p>
      {error ? <Alert id={`${id}-error`} variant="danger" description={error} /> : null}
      <form method="post" action={`${path}?lang=${locale}`} className="grid gap-3">
        <label htmlFor={`${id}-code`} className="text-sm font-medium text-foreground">
          {t('exports.sharePage.code.label')}
        </label>
        <Input
          id={`${id}-code`}
          name="code"
          type="password"
          autoComplete="off"
          required
          aria-invalid={wrong || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" className={cn(buttonVariants(), 'justify-self-start')}>
          {t('exports.sharePage.code.submit')}
        </button>
      </form>
    </section>
  );
}

/** Revoked, expired, unknown, or too many unknown links from this address. */
function Gone({ reason }: { reason: 'revoked' | 'expired' | 'unknown' | 'limited' }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto grid max-w-md gap-4 py-8 text-center justify-items-center">
      <Link2Off aria-hidden className="size-10 text-muted-foreground" />
      <h1 className="text-2xl font-semibold tracking-tight text-foreground">
        {t(
          reason === 'limited'
            ? 'exports.sharePage.gone.limitedTitle'
            : 'exports.sharePage.gone.title',
        )}
      </h1>
      <p className="text-muted-foreground">{t(`exports.sharePage.gone.${reason}`)}</p>
    </section>
  );
}

export function SharedNotePage({ page, path }: SharedNotePageProps) {
  return (
    <ShareFrame path={path}>
      {page.kind === 'note' ? (
        <SharedNote note={page.note} />
      ) : page.kind === 'code' ? (
        <CodeForm path={path} wrong={page.wrong} limited={page.limited} />
      ) : (
        <Gone reason={page.reason} />
      )}
    </ShareFrame>
  );
}
