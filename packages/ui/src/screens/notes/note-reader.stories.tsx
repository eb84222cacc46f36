import type { NoteDetail } from '@protokoll/contract';
import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, spyOn, userEvent, waitFor, within } from 'storybook/test';
import {
  boardMeetingCleanedDetail,
  boardMeetingDetail,
  demoFolders,
  demoNotes,
  demoPeaks,
  detailFor,
  longNameNotes,
  silentWav,
} from '@protokoll/mocks/fixtures';
import {
  audioReady,
  audioUrl,
  expectCalledOnceWith,
  expectNoOverflow,
  failing,
  never,
  tabTo,
} from '../../lib/story-helpers.ts';
import { NoteReader } from './note-reader.tsx';

/** One object URL of silence as long as the board meeting (45:12), shared by every story. */
let boardAudio: string | undefined;
const boardAudioSrc = () =>
  (boardAudio ??= audioUrl(silentWav(boardMeetingDetail.duration_seconds!)));

const byId = (id: number) => detailFor(demoNotes.find((note) => note.id === id)!);

/** A finished note whose names are long German compounds, with speakers named at length. */
const longNamesDetail: NoteDetail = {
  ...boardMeetingDetail,
  ...longNameNotes[1]!,
  speaker_names: {
    S1: 'Prof. Dr. Maximiliane Friederike Auguste von Donaudampfschifffahrtsgesellschaft',
    S2: 'Thomas Becker',
  },
  summary: {
    ...boardMeetingDetail.summary!,
    topics: [
      {
        title: 'Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung',
        text: 'Zuständigkeitsübertragungsvereinbarungsentwurf liegt dem Landratsamt vor.',
        start: 14.8,
      },
    ],
  },
};

const meta = {
  title: 'Screens/Notes/NoteReader',
  component: NoteReader,
  parameters: { layout: 'fullscreen' },
  loaders: [() => ({ audioSrc: boardAudioSrc() })],
  render: (args, { loaded }) => (
    <NoteReader {...args} audioSrc={args.audioSrc ?? (loaded.audioSrc as string)} />
  ),
  args: {
    note: boardMeetingDetail,
    status: 'ready',
    folderName: 'Vorstand',
    onRetry: fn(),
    onSeek: fn(),
    onBack: fn(),
    onDownload: fn(),
    onRenameSpeakers: fn(),
    onToggleSaved: fn(),
    onRetryProcessing: fn(),
  },
} satisfies Meta<typeof NoteReader>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Title, meta line, summary, speakers and transcript of a finished note, with its recording. */
export const Default: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await audioReady(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Vorstandssitzung März 2026' }),
    ).toBeVisible();
    const meta = canvasElement.querySelector('[data-slot="reader-meta"]');
    await expect(meta).toHaveTextContent('25.02.2026');
    await expect(meta).toHaveTextContent('45:12');
    await expect(meta).toHaveTextContent('Vorstand');
    await expect(canvas.getByRole('heading', { level: 3, name: 'Beschlüsse' })).toBeVisible();
    await expect(
      canvas.getByText('Verantwortlich: Thomas Becker · Fällig: 20.03.2026'),
    ).toBeVisible();
    // Named speakers by name, the unnamed one by number.
    const transcript = within(canvas.getByRole('region', { name: 'Transkript' }));
    await expect(transcript.getAllByText('Erika Mustermann')).toHaveLength(5);
    await expect(transcript.getAllByText('Sprecher 3')).toHaveLength(2);
    await expect(canvasElement.querySelector('audio')).toHaveProperty('duration', 2_712);
    await expect(canvas.getByRole('group', { name: 'Aufnahme' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Zurück zu den Notizen' }));
    await expect(args.onBack).toHaveBeenCalledOnce();
  },
};

/** A summary item jumps the recording to where it was said and marks that transcript line. */
export const SeekFromSummary: Story = {
  // It plays from there: the time shown moves on, so no screenshot.
  tags: ['no-visual'],
  play: async ({ canvas, canvasElement, args }) => {
    await audioReady(canvasElement);
    const audio = canvasElement.querySelector('audio')!;
    // Asked to play, it stays put: a browser that lets it play would move the time on under the
    // checks below.
    const play = spyOn(audio, 'play').mockResolvedValue(undefined);
    await userEvent.click(
      canvas.getByRole('button', {
        name: /^Die Budgetdifferenz finanziert die neue Buchhaltungssoftware\. Zur Stelle 0:44 springen$/,
      }),
    );
    await expectCalledOnceWith(args.onSeek, 44);
    // It jumps there and plays (docs/product.md#the-reader); a synthetic click is no gesture the
    // browser lets start sound, so the request to play is what is checked.
    await waitFor(() => expect(audio.currentTime).toBe(44));
    await waitFor(() => expect(play).toHaveBeenCalledOnce());
    const line = canvas.getByRole('button', { name: /^0:44 Erika Mustermann Gibt es Einwände/ });
    await expect(line).toHaveAttribute('aria-current', 'true');

    await userEvent.click(canvas.getByRole('button', { name: /^Drei Angebote für Lagerflächen/ }));
    await expect(args.onSeek).toHaveBeenLastCalledWith(628.4);
    await waitFor(() => expect(audio.currentTime).toBeCloseTo(628.4, 1));
    await waitFor(() => expect(play).toHaveBeenCalledTimes(2));
  },
};

/** A click on a transcript line jumps there too. */
export const SeekFromTranscript: Story = {
  // It plays from there: the time shown moves on, so no screenshot.
  tags: ['no-visual'],
  play: async ({ canvas, canvasElement, args }) => {
    await audioReady(canvasElement);
    const audio = canvasElement.querySelector('audio')!;
    // Asked to play, it stays put: a browser that lets it play would move the time on under the
    // checks below.
    const play = spyOn(audio, 'play').mockResolvedValue(undefined);
    const line = canvas.getByRole('button', { name: /^10:12 Thomas Becker Beim Lager in Spandau/ });
    await userEvent.click(line);
    await expectCalledOnceWith(args.onSeek, 612);
    await waitFor(() => expect(audio.currentTime).toBe(612));
    await waitFor(() => expect(play).toHaveBeenCalledOnce());
    await expect(line).toHaveAttribute('aria-current', 'true');
    await expect(canvas.getAllByRole('button', { current: true })).toHaveLength(1);
  },
};

/** Keyboard only: Tab to a summary item, Enter jumps. */
export const SeekKeyboard: Story = {
  // It plays from there: the time shown moves on, so no screenshot.
  tags: ['no-visual'],
  play: async ({ canvas, args }) => {
    await tabTo(canvas.getByRole('button', { name: /^Umzug des Lagers/ }), 60);
    await userEvent.keyboard('{Enter}');
    await expectCalledOnceWith(args.onSeek, 612);
  },
};

/** Naming speaker 3 reports the whole new mapping; the others keep their names. */
export const RenameSpeaker: Story = {
  play: async ({ canvas, args }) => {
    const field = canvas.getByRole('textbox', { name: 'Name für Sprecher 3' });
    await expect(field).toHaveValue('');
    await expect(canvas.getByRole('textbox', { name: 'Name für Sprecher 1' })).toHaveValue(
      'Erika Mustermann',
    );
    await userEvent.type(field, '  Jonas Weber ');
    await userEvent.click(canvas.getByRole('button', { name: 'Name für Sprecher 3 speichern' }));
    await expectCalledOnceWith(args.onRenameSpeakers, {
      S1: 'Erika Mustermann',
      S2: 'Thomas Becker',
      S3: 'Jonas Weber',
    });
    await expect(await canvas.findByText('Name gespeichert.')).toBeVisible();
    // An unchanged name is not sent again.
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name für Sprecher 2' }), '{Enter}');
    await expect(args.onRenameSpeakers).toHaveBeenCalledOnce();
  },
};

/** A name that could not be saved says so at its field. */
export const RenameSpeakerFailed: Story = {
  args: { onRenameSpeakers: fn(failing('server')) },
  play: async ({ canvas }) => {
    const field = canvas.getByRole('textbox', { name: 'Name für Sprecher 3' });
    await userEvent.type(field, 'Jonas Weber{Enter}');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'Serverfehler. Bitte versuchen Sie es später erneut.',
      ),
    );
  },
};

/** The header's download menu and the star toggle (pressed: the note is starred). */
export const DownloadAndSave: Story = {
  args: { originalHref: '/api/note/8/original' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Herunterladen' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Untertitel (SRT)' }));
    await expectCalledOnceWith(args.onDownload, 'srt');
    // DOCX and PDF in the design chosen in the menu, the note's own (modern) at first.
    await userEvent.click(canvas.getByRole('button', { name: 'Herunterladen' }));
    await expect(await screen.findByRole('menuitemradio', { name: 'Modern' })).toBeChecked();
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Klassisch' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'PDF-Dokument (PDF)' }));
    await expect(args.onDownload).toHaveBeenLastCalledWith('pdf', 'classic');
    // The original recording, where the reader is told where it downloads from.
    await userEvent.click(canvas.getByRole('button', { name: 'Herunterladen' }));
    const original = await screen.findByRole('menuitem', { name: 'Originalaufnahme (M4A)' });
    await expect(original).toHaveAttribute('href', '/api/note/8/original');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(canvas.getByRole('button', { name: 'Gemerkt', pressed: true }));
    await expectCalledOnceWith(args.onToggleSaved, false);
  },
};

/**
 * The star toggle keeps its width whichever word it shows, so starring never moves the title or
 * the buttons beside it.
 */
function StarringReader(props: React.ComponentProps<typeof NoteReader>) {
  const [saved, setSaved] = useState(false);
  return (
    <NoteReader
      {...props}
      note={{ ...props.note!, saved }}
      onToggleSaved={(next) => {
        setSaved(next);
        return props.onToggleSaved?.(next);
      }}
    />
  );
}

const starToggle = (canvas: Parameters<NonNullable<Story['play']>>[0]['canvas']) =>
  canvas.getByRole('button', { name: /^(Merken|Gemerkt|Star|Starred)$/ });

export const StarToggle: Story = {
  render: (args, { loaded }) => (
    <StarringReader {...args} audioSrc={args.audioSrc ?? (loaded.audioSrc as string)} />
  ),
  play: async ({ canvas, args }) => {
    const star = starToggle(canvas);
    await expect(star).toHaveAccessibleName('Merken');
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    const width = star.getBoundingClientRect().width;
    await userEvent.click(star);
    await expectCalledOnceWith(args.onToggleSaved, true);
    await waitFor(() => expect(starToggle(canvas)).toHaveAttribute('aria-pressed', 'true'));
    await expect(starToggle(canvas)).toHaveAccessibleName('Gemerkt');
    await expect(starToggle(canvas).getBoundingClientRect().width).toBe(width);
  },
};

export const StarToggleEnglish: Story = {
  ...StarToggle,
  globals: { locale: 'en' },
  play: async ({ canvas, args }) => {
    const star = starToggle(canvas);
    await expect(star).toHaveAccessibleName('Star');
    const width = star.getBoundingClientRect().width;
    await userEvent.click(star);
    await expectCalledOnceWith(args.onToggleSaved, true);
    await waitFor(() => expect(starToggle(canvas)).toHaveAccessibleName('Starred'));
    await expect(starToggle(canvas)).toHaveAttribute('aria-pressed', 'true');
    await expect(starToggle(canvas).getBoundingClientRect().width).toBe(width);
  },
};

/**
 * Speakers named after the summary was written: the owners the summary gave as labels ("S1 /
 * S2"), and decisions that speak of "Sprecher 2", read with the names, as in every export.
 */
const namedAfterSummary: NoteDetail = {
  ...boardMeetingDetail,
  summary: {
    ...boardMeetingDetail.summary!,
    decisions: [{ text: 'Sprecher 2 holt die Angebote für Lagerflächen ein.', start: 628.4 }],
    action_items: [
      {
        task: 'Drei Angebote für Lagerflächen einholen',
        owner: 'S2',
        due: '2026-03-20',
        start: 628.4,
      },
      { task: 'Stellenausschreibung abstimmen', owner: 'S1 / S2', start: 1_436 },
      { task: 'Protokoll an den Aufsichtsrat senden', owner: 'S3', start: 1_447.2 },
    ],
  },
};

export const NamedSpeakers: Story = {
  args: { note: namedAfterSummary },
  play: async ({ canvas }) => {
    const summary = within(canvas.getByRole('region', { name: 'Zusammenfassung' }));
    await expect(
      summary.getByText('Verantwortlich: Thomas Becker · Fällig: 20.03.2026'),
    ).toBeVisible();
    await expect(
      summary.getByText('Verantwortlich: Erika Mustermann / Thomas Becker'),
    ).toBeVisible();
    await expect(
      summary.getByText('Thomas Becker holt die Angebote für Lagerflächen ein.'),
    ).toBeVisible();
    // Sprecher 3 has no name yet: the summary says what it said.
    await expect(summary.getByText('Verantwortlich: S3')).toBeVisible();
    await expect(summary.queryByText(/S1 \/ S2|Sprecher 2/)).toBeNull();
  },
};

export const NamedSpeakersEnglish: Story = {
  args: { note: namedAfterSummary },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    const summary = within(canvas.getByRole('region', { name: 'Summary' }));
    await expect(summary.getByText('Owner: Erika Mustermann / Thomas Becker')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { status: 'loading', note: undefined },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Notiz wird geladen …')).toBeInTheDocument();
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
    await expect(canvas.queryByRole('heading', { level: 1 })).toBeNull();
  },
};

export const Error: Story = {
  args: { status: 'error', note: undefined },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Die Notiz konnte nicht geladen werden.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** Still being transcribed: status and progress, no summary, transcript or downloads yet. */
export const Processing: Story = {
  args: { note: byId(11), folderName: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Ihre Notiz wird verarbeitet')).toBeVisible();
    const steps = canvas.getByRole('list', { name: /^Verarbeitung von/ });
    const current = within(steps)
      .getAllByRole('listitem')
      .find((step) => step.getAttribute('aria-current') === 'step');
    await expect(current).toHaveTextContent(/Transkribieren\s*35\s*%/);
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '35');
    await expect(canvas.queryByRole('button', { name: 'Herunterladen' })).toBeNull();
    await expect(canvas.queryByRole('region', { name: 'Transkript' })).toBeNull();
  },
};

const waiting = {
  ...byId(11),
  progress: 5,
  retry: {
    attempt: 2,
    max_attempts: 5,
    next_attempt_at: '2026-03-02T13:32:00.000Z',
    last_error: 'processing.engine.unreachable',
  },
};

/**
 * The speech engine cannot be reached: the note says so and when it tries again, instead of a
 * bar standing at 5 % (docs/uploads.md#waiting-is-explained).
 */
export const ProcessingWaiting: Story = {
  args: { note: waiting, folderName: undefined },
  play: async ({ canvas }) => {
    const wait = canvas
      .getAllByRole('status')
      .find((region) => region.getAttribute('data-slot') === 'note-retry');
    await expect(wait).toHaveTextContent('Spracherkennung nicht erreichbar');
    await expect(wait).toHaveTextContent(/Nächster Versuch um \d{1,2}:\d{2}, Versuch 2 von 5\./);
    await expect(canvas.queryByRole('progressbar')).toBeNull();
  },
};

export const EnglishProcessingWaiting: Story = {
  args: { note: waiting, folderName: undefined },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Speech engine not reachable')).toBeVisible();
    await expect(canvas.getByText(/^Next attempt at .+, attempt 2 of 5\.$/)).toBeVisible();
  },
};

export const ProcessingWaitingMobile: Story = {
  ...ProcessingWaiting,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

/** Processing failed: the reason and a way to run it again. */
export const Failed: Story = {
  args: { note: byId(9), folderName: 'Kunden' },
  play: async ({ canvas, args }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('Verarbeitung fehlgeschlagen');
    await expect(alert).toHaveTextContent('Transkription fehlgeschlagen');
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut verarbeiten' }));
    await expect(args.onRetryProcessing).toHaveBeenCalledOnce();
  },
};

/** Transcript not kept at upload: the summary still seeks; the transcript says why it is missing. */
export const NoTranscript: Story = {
  args: { note: byId(1), folderName: undefined },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        'Das vollständige Transkript wurde wie beim Hochladen gewählt nicht gespeichert.',
      ),
    ).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Sprecher' })).toBeNull();
    await expect(
      canvas.getByText(/Automatisch extrahiert: Diese Zusammenfassung besteht aus Sätzen/),
    ).toBeVisible();
  },
};

/** Without an address for the recording there is no player; seeking is still reported. */
export const NoAudio: Story = {
  render: (args) => <NoteReader {...args} />,
  play: async ({ canvas, args }) => {
    await expect(canvas.queryByLabelText('Aufnahme')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: /^Personalplanung/ }));
    await expectCalledOnceWith(args.onSeek, 1_420.5);
  },
};

export const LongNames: Story = {
  args: { note: longNamesDetail, folderName: 'Landratsamt Grundstücksverkehrsgenehmigungen' },
  play: async ({ canvasElement }) => {
    await audioReady(canvasElement);
    await expectNoOverflow(canvasElement);
  },
};

export const LongNamesMobile: Story = {
  ...LongNames,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await audioReady(canvasElement);
    await expectNoOverflow(canvasElement);
  },
};

/** English. Pressing an item starts playback, so its frame is not fixed: no screenshot. */
export const English: Story = {
  globals: { locale: 'en' },
  tags: ['no-visual'],
  play: async ({ canvas, canvasElement, args }) => {
    await audioReady(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Summary' })).toBeVisible();
    await expect(canvas.getByText('Owner: Thomas Becker · Due: Mar 20, 2026')).toBeVisible();
    await expect(canvas.getAllByText('Speaker 3')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: /^Budget 2026 .* Jump to 0:14$/ }));
    await expectCalledOnceWith(args.onSeek, 14.8);
  },
};

export const EnglishProcessing: Story = {
  ...Processing,
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Your note is being processed')).toBeVisible();
    await expect(canvas.getByRole('list', { name: /^Processing of/ })).toHaveTextContent(
      /Transcribing\s*35\s*%/,
    );
  },
};

/** While saving a speaker's name the button spins and the field is read-only. */
export const RenameSpeakerPending: Story = {
  args: { onRenameSpeakers: fn(never) },
  play: async ({ canvas }) => {
    const field = canvas.getByRole('textbox', { name: 'Name für Sprecher 3' });
    await userEvent.type(field, 'Jonas Weber{Enter}');
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Name für Sprecher 3 speichern' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
    await expect(field).toHaveAttribute('readonly');
  },
};

/** A recording that cannot be loaded says so under the player. */
export const AudioUnavailable: Story = {
  args: { audioSrc: 'data:audio/wav;base64,AAAA' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Die Aufnahme ist nicht verfügbar.')).toBeVisible();
  },
};

const boardPeaks = demoPeaks(boardMeetingDetail.duration_seconds!).peaks;
const noteActions = {
  peaks: boardPeaks,
  folders: demoFolders,
  onRename: fn(),
  onMove: fn(),
  onDelete: fn(),
};

/**
 * Work on the note: the title is renamed in place (Enter saves, Escape keeps the old name), and
 * the menu offers rename, move and delete.
 */
export const WorkOnTheNote: Story = {
  args: noteActions,
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Notiz umbenennen' }));
    const field = canvas.getByRole('textbox', { name: 'Name der Notiz' });
    await expect(field).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Vorstandssitzung März 2026' }),
    ).toBeVisible();
    await expect(args.onRename).not.toHaveBeenCalled();

    await userEvent.click(canvas.getByRole('button', { name: 'Notiz umbenennen' }));
    await userEvent.clear(canvas.getByRole('textbox', { name: 'Name der Notiz' }));
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Name der Notiz' }),
      'Vorstand März{Enter}',
    );
    await expectCalledOnceWith(args.onRename, 'Vorstand März');

    await userEvent.click(canvas.getByRole('button', { name: 'Weitere Aktionen' }));
    const items = await screen.findAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Umbenennen …',
      'In Ordner verschieben …',
      'Löschen …',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Löschen …' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: /löschen/i }));
    await waitFor(() => expect(args.onDelete).toHaveBeenCalledOnce());
  },
};

/** Each speaker's share of the talk time, under their name. */
export const SpeakerShares: Story = {
  play: async ({ canvasElement }) => {
    const shares = [...canvasElement.querySelectorAll('[data-slot="speaker-share"]')].map(
      (share) => share.textContent,
    );
    await expect(shares).toHaveLength(3);
    for (const share of shares) await expect(share).toMatch(/^\d+\s%\sder Redezeit$/);
  },
};

/** Opened from a search hit (`?at=`): the line is marked and the player waits at its start. */
export const OpenedAtSearchHit: Story = {
  args: { ...noteActions, focusSegment: 4 },
  play: async ({ canvas, canvasElement }) => {
    await audioReady(canvasElement);
    const hit = canvasElement.querySelector('[data-slot="transcript-line"][data-hit="true"]');
    await expect(hit).toHaveAccessibleDescription('Fundstelle Ihrer Suche');
    const start = Number(hit!.getAttribute('data-start'));
    await waitFor(() => expect(canvasElement.querySelector('audio')!.currentTime).toBe(start));
    await expect(canvas.getByRole('button', { name: 'Abspielen' })).toBeVisible();
  },
};

/** The player stays at the bottom of a phone's screen while the transcript scrolls. */
export const PlayerMobile: Story = {
  args: noteActions,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await audioReady(canvasElement);
    await expectNoOverflow(canvasElement);
    const bar = canvasElement.querySelector<HTMLElement>('[data-slot="reader-audio"]')!;
    await expect(getComputedStyle(bar).position).toBe('sticky');
  },
};

export const WorkOnTheNoteEnglish: Story = {
  args: noteActions,
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Rename note' })).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Recording' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'More actions' }));
    const items = await screen.findAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Rename …',
      'Move to folder …',
      'Delete …',
    ]);
    await userEvent.keyboard('{Escape}');
  },
};

/**
 * Passages the speech engine invented taken out, listed in the note's details, and the summary's
 * ten-minute windows that had nothing to summarise (docs/uploads.md#invented-text).
 */
export const RemovedPassagesAndGaps: Story = {
  args: { note: boardMeetingCleanedDetail },
  play: async ({ canvas, canvasElement }) => {
    await audioReady(canvasElement);
    await expect(canvas.getByText('Nicht in der Zusammenfassung')).toBeVisible();
    await expect(canvas.getByText('30:00–40:00: Nichts zusammenzufassen')).toBeVisible();
    await userEvent.click(
      canvas.getByText('4 Passagen entfernt (Untertitel-Abspann, Wiederholung, Schleife)'),
    );
    await expect(canvas.getByText('Vielen Dank fürs Zuschauen.')).toBeVisible();
    // Not in the transcript.
    const transcript = within(canvas.getByRole('region', { name: 'Transkript' }));
    await expect(transcript.queryByText(/Zuschauen/)).toBeNull();
    await expectNoOverflow(canvasElement);
  },
};

/**
 * "Zusammenfassung bearbeiten": the summary's edit mode loads on the first press and takes the
 * reading summary's place; "Bearbeiten beenden" gives the reading view back
 * (docs/product.md#editing-the-summary).
 */
export const SummaryEditing: Story = {
  args: { onEditSummary: fn(async () => boardMeetingDetail) },
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole('button', { name: 'Zusammenfassung bearbeiten' });
    await userEvent.click(toggle);
    const stop = await canvas.findByRole('button', { name: 'Bearbeiten beenden' });
    await expect(
      canvas.getByRole('checkbox', { name: '„Protokoll an den Aufsichtsrat senden“ erledigt' }),
    ).toBeVisible();
    await userEvent.click(stop);
    await expect(
      await canvas.findByRole('button', { name: 'Zusammenfassung bearbeiten' }),
    ).toBeVisible();
  },
};

/** A task marked done reads struck through, and "Erledigt" for a screen reader. */
export const DoneTask: Story = {
  args: {
    note: {
      ...boardMeetingDetail,
      summary: {
        ...boardMeetingDetail.summary!,
        action_items: boardMeetingDetail.summary!.action_items.map((item, index) =>
          index === 0 ? { ...item, done: true, edited: true } : item,
        ),
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('button', { name: /Erledigt: Drei Angebote für Lagerflächen einholen/ }),
    ).toBeVisible();
  },
};
