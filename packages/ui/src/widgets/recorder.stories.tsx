import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Recorder } from './recorder.tsx';

const devices = [
  { id: 'default', label: 'Standard – Eingebautes Mikrofon' },
  { id: 'usb', label: 'USB-Konferenzmikrofon' },
];

const meta = {
  title: 'Widgets/Recorder',
  component: Recorder,
  args: {
    status: 'idle',
    devices,
    deviceId: 'default',
    tabAudioSupported: true,
    includeTabAudio: false,
    onDeviceChange: fn(),
    onIncludeTabAudioChange: fn(),
    onStart: fn(),
    onPause: fn(),
    onResume: fn(),
    onStop: fn(),
    onDiscard: fn(),
    onContinueRecovered: fn(),
    onUseRecovered: fn(),
  },
  decorators: [
    (Story) => (
      <div className="max-w-xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Recorder>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Before recording: microphone choice, the tab-audio option and "Start recording". */
export const Idle: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('region', { name: 'Im Browser aufnehmen' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Mikrofon' })).toHaveTextContent(
      'Standard – Eingebautes Mikrofon',
    );
    const tab = canvas.getByRole('checkbox', {
      name: 'Ton eines Tabs oder Fensters mit aufnehmen',
    });
    await expect(tab).toBeEnabled();
    await userEvent.click(tab);
    await expect(args.onIncludeTabAudioChange).toHaveBeenCalledWith(true);
    await userEvent.click(canvas.getByRole('button', { name: 'Aufnahme starten' }));
    await expect(args.onStart).toHaveBeenCalledOnce();
    await expect(canvas.queryByRole('timer')).toBeNull();
  },
};

/** A browser without tab audio (Firefox, Safari, phones): the option is off and says why. */
export const TabAudioUnsupported: Story = {
  args: { tabAudioSupported: false, devices: [] },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('checkbox', { name: 'Ton eines Tabs oder Fensters mit aufnehmen' }),
    ).toBeDisabled();
    await expect(
      canvas.getByText(/kann den Ton von Tabs oder Fenstern nicht aufnehmen/),
    ).toBeVisible();
    // Before the microphone is allowed the browser names no devices: no choice yet.
    await expect(canvas.queryByRole('combobox')).toBeNull();
  },
};

/** Waiting for the browser's permission prompt. */
export const AskingPermission: Story = {
  args: { status: 'asking' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Bitte erlauben Sie im Browser den Zugriff auf das Mikrofon …',
    );
    await expect(canvas.queryByRole('button', { name: 'Aufnahme starten' })).toBeNull();
  },
};

/** The microphone was refused: how to allow it, and "Try again". */
export const PermissionDenied: Story = {
  args: { status: 'denied' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Kein Zugriff auf das Mikrofon');
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onStart).toHaveBeenCalledOnce();
  },
};

export const NoDevice: Story = {
  args: { status: 'noDevice', devices: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Kein Mikrofon gefunden');
    await expect(canvas.queryByRole('checkbox')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  },
};

export const Unsupported: Story = {
  args: { status: 'unsupported' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Aufnehmen ist in diesem Browser nicht möglich',
    );
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Recording: elapsed time, level, minutes left after it; pause and stop. */
export const Recording: Story = {
  args: { status: 'recording', seconds: 754, level: 0.62, remainingMinutes: 118 },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('timer', { name: 'Aufnahmedauer' })).toHaveTextContent('12:34');
    await expect(canvas.getByRole('meter', { name: 'Eingangspegel' })).toHaveAttribute(
      'aria-valuenow',
      '62',
    );
    await expect(canvas.getByText('Aufnahme läuft')).toBeVisible();
    await expect(canvas.getByText('Danach verbleiben Ihnen 105 Minuten.')).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Pausieren' }));
    await expect(args.onPause).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Beenden' }));
    await expect(args.onStop).toHaveBeenCalledOnce();
    await expect(canvas.queryByRole('combobox')).toBeNull();
  },
};

export const Paused: Story = {
  args: { status: 'paused', seconds: 3725, level: 0.5, remainingMinutes: null },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('timer')).toHaveTextContent('1:02:05');
    await expect(canvas.getByText('Aufnahme pausiert')).toBeVisible();
    await expect(canvas.getByRole('meter')).toHaveAttribute('aria-valuenow', '0');
    await expect(canvas.getByText('Ihr Tarif enthält unbegrenzte Minuten.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Fortsetzen' }));
    await expect(args.onResume).toHaveBeenCalledOnce();
  },
};

/** The warning around a title, found through its role. */
const warningTitled = (canvas: { getByText: (text: string) => HTMLElement }, title: string) =>
  canvas.getByText(title).closest<HTMLElement>('[role]');

/** Five minutes or fewer would be left: a polite warning; the recording goes on after them. */
export const MinutesRunningOut: Story = {
  args: { status: 'recording', seconds: 1530, level: 0.3, remainingMinutes: 30 },
  play: async ({ canvas }) => {
    const low = warningTitled(canvas, 'Ihre Minuten gehen zur Neige');
    await expect(low).toHaveAttribute('role', 'status');
    await expect(low).toHaveTextContent('nur noch 4 Minuten');
    await expect(low).toHaveTextContent('läuft auch danach weiter');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/**
 * Past the minutes the recording goes on (capture is never gated by billing): a polite warning
 * says that processing will need more minutes; Pause and Stop stay.
 */
export const OverMinutes: Story = {
  args: { status: 'recording', seconds: 754, level: 0.5, remainingMinutes: 10 },
  play: async ({ canvas }) => {
    const over = warningTitled(canvas, 'Für die Verarbeitung brauchen Sie mehr Minuten');
    await expect(over).toHaveAttribute('role', 'status');
    await expect(over).toHaveTextContent('Die Aufnahme läuft weiter');
    await expect(over).toHaveTextContent('kostet 13 Minuten, Sie haben noch 10 Minuten');
    await expect(canvas.getByText('Für die Verarbeitung fehlen 3 Minuten.')).toBeVisible();
    await expect(canvas.getByText('Aufnahme läuft')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Pausieren' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Beenden' })).toBeEnabled();
    await expect(canvas.queryByText('Ihre Minuten gehen zur Neige')).toBeNull();
  },
};

/** At 0 minutes recording works all the same, with the warning from the first second. */
export const OverMinutesAtZero: Story = {
  args: { status: 'recording', seconds: 12, level: 0.4, remainingMinutes: 0 },
  play: async ({ canvas }) => {
    await expect(
      warningTitled(canvas, 'Für die Verarbeitung brauchen Sie mehr Minuten'),
    ).toHaveTextContent('Sie haben noch 0 Minuten');
    await expect(canvas.getByRole('timer')).toHaveTextContent('0:12');
  },
};

/**
 * Stopped past the minutes: the recording is kept in this browser; buy minutes, process the
 * part that fits, keep it for later or download it.
 */
export const NeedsMinutes: Story = {
  args: {
    status: 'needsMinutes',
    seconds: 754,
    remainingMinutes: 10,
    canProcessPart: true,
    buyHref: '/buy',
    onProcessPart: fn(),
    onKeep: fn(),
    onDownload: fn(),
  },
  play: async ({ canvas, args }) => {
    const choice = warningTitled(
      canvas,
      'Aufnahme gesichert – für die Verarbeitung fehlen Minuten',
    )!;
    await expect(choice).toHaveAttribute('role', 'status');
    await expect(choice).toHaveTextContent('12 Minuten 34 Sekunden aufgenommen');
    await expect(choice).toHaveTextContent('kostet 13 Minuten, Sie haben noch 10 Minuten');
    const actions = within(choice);
    await expect(actions.getByRole('link', { name: 'Minuten kaufen' })).toHaveAttribute(
      'href',
      '/buy',
    );
    await userEvent.click(actions.getByRole('button', { name: '10 Minuten davon verarbeiten' }));
    await expect(args.onProcessPart).toHaveBeenCalledOnce();
    await userEvent.click(actions.getByRole('button', { name: 'Für später behalten' }));
    await expect(args.onKeep).toHaveBeenCalledOnce();
    await userEvent.click(actions.getByRole('button', { name: 'Herunterladen' }));
    await expect(args.onDownload).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Verwerfen' }));
    await expect(args.onDiscard).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('timer')).toHaveTextContent('12:34');
  },
};

/** One whole minute fits: "the first minute", in the singular. */
export const NeedsMinutesOneFits: Story = {
  args: { ...NeedsMinutes.args, seconds: 95, remainingMinutes: 1 },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('button', { name: 'Die erste Minute verarbeiten' }),
    ).toBeVisible();
  },
};

/** At 0 minutes no part fits: buy, keep or download. */
export const NeedsMinutesNoneLeft: Story = {
  args: { ...NeedsMinutes.args, seconds: 300, remainingMinutes: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: /verarbeiten/ })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Minuten kaufen' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Für später behalten' })).toBeVisible();
  },
};

/** Finished: the recording is the form's file; "Record again" throws it away. */
export const Stopped: Story = {
  args: { status: 'stopped', seconds: 70 },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Aufnahme fertig');
    await expect(canvas.getByRole('status')).toHaveTextContent('1 Minute 10 Sekunden aufgenommen');
    await userEvent.click(canvas.getByRole('button', { name: 'Neu aufnehmen' }));
    await expect(args.onDiscard).toHaveBeenCalledOnce();
  },
};

/** An unfinished recording of an earlier visit: continue it, use it, or throw it away. */
export const Recovered: Story = {
  args: { status: 'recovered', seconds: 2712, recoveredAt: '2026-11-23T09:15:00Z' },
  play: async ({ canvas, args }) => {
    const offer = canvas.getByRole('status');
    await expect(offer).toHaveTextContent('Unfertige Aufnahme gefunden');
    await expect(offer).toHaveTextContent('45 Minuten 12 Sekunden');
    const actions = within(offer);
    await userEvent.click(actions.getByRole('button', { name: 'Weiter aufnehmen' }));
    await expect(args.onContinueRecovered).toHaveBeenCalledOnce();
    await userEvent.click(actions.getByRole('button', { name: 'So verwenden' }));
    await expect(args.onUseRecovered).toHaveBeenCalledOnce();
    await userEvent.click(actions.getByRole('button', { name: 'Verwerfen' }));
    await expect(args.onDiscard).toHaveBeenCalledOnce();
    await expect(canvas.queryByRole('button', { name: 'Aufnahme starten' })).toBeNull();
  },
};

/** A recording in a format the browser cannot continue (Safari's MP4): use or discard only. */
export const RecoveredCannotContinue: Story = {
  args: {
    status: 'recovered',
    seconds: 300,
    recoveredAt: '2026-11-23T09:15:00Z',
    canContinue: false,
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Weiter aufnehmen' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'So verwenden' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Verwerfen' })).toBeVisible();
  },
};

export const RecordingMobile: Story = {
  ...Recording,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

/** On a phone Pause and Stop stay at the bottom of the screen while recording. */
export const OverMinutesMobile: Story = {
  ...OverMinutes,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async (context) => {
    await OverMinutes.play?.(context);
    const stop = context.canvas.getByRole('button', { name: 'Beenden' });
    const bar = stop.closest<HTMLElement>('[data-slot=recorder-controls]')!;
    await expect(getComputedStyle(bar).position).toBe('fixed');
    // The page ends above the bar: nothing at its end is hidden behind it.
    await expect(getComputedStyle(document.body).paddingBottom).toBe('80px');
    // A slip of the thumb must not throw the meeting away: no Discard in the bar.
    await expect(context.canvas.queryByRole('button', { name: 'Verwerfen' })).toBeNull();
  },
};

export const NeedsMinutesMobile: Story = {
  ...NeedsMinutes,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

export const RecoveredMobile: Story = {
  ...Recovered,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

export const IdleMobile: Story = {
  args: { tabAudioSupported: false },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Aufnahme starten' })).toBeVisible();
  },
};

export const EnglishIdle: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Record in the browser' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Microphone' })).toBeVisible();
    await expect(
      canvas.getByRole('checkbox', { name: 'Also record the audio of a tab or window' }),
    ).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Start recording' })).toBeVisible();
  },
};

export const EnglishDenied: Story = {
  args: { status: 'denied' },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('No access to the microphone');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const EnglishNoDevice: Story = {
  args: { status: 'noDevice', devices: [] },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('No microphone found');
  },
};

export const EnglishAskingPermission: Story = {
  args: { status: 'asking' },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Please allow access to the microphone',
    );
  },
};

export const EnglishRecording: Story = {
  args: { status: 'recording', seconds: 754, level: 0.62, remainingMinutes: 16 },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('timer', { name: 'Recording time' })).toHaveTextContent('12:34');
    await expect(canvas.getByRole('meter', { name: 'Input level' })).toBeVisible();
    await expect(warningTitled(canvas, 'Your minutes are running out')).toHaveTextContent(
      'The recording goes on after that',
    );
    await expect(canvas.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Stop' })).toBeVisible();
  },
};

export const EnglishPaused: Story = {
  args: { status: 'paused', seconds: 95, remainingMinutes: 22 },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Recording paused')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Resume' })).toBeVisible();
  },
};

export const EnglishStopped: Story = {
  args: { status: 'stopped', seconds: 70 },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Recording finished');
  },
};

export const EnglishOverMinutes: Story = {
  args: { status: 'recording', seconds: 12, level: 0.4, remainingMinutes: 0 },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    const over = warningTitled(canvas, 'Processing will need more minutes');
    await expect(over).toHaveAttribute('role', 'status');
    await expect(over).toHaveTextContent('The recording goes on');
    await expect(canvas.getByText('Processing needs 1 minute more.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Stop' })).toBeVisible();
  },
};

export const EnglishNeedsMinutes: Story = {
  args: { ...NeedsMinutes.args },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    const choice = within(
      warningTitled(canvas, 'Recording saved – processing needs more minutes')!,
    );
    await expect(choice.getByRole('link', { name: 'Buy minutes' })).toBeVisible();
    await expect(
      choice.getByRole('button', { name: 'Process the first 10 minutes' }),
    ).toBeVisible();
    await expect(choice.getByRole('button', { name: 'Keep for later' })).toBeVisible();
    await expect(choice.getByRole('button', { name: 'Download' })).toBeVisible();
  },
};

export const EnglishRecovered: Story = {
  args: { status: 'recovered', seconds: 2712, recoveredAt: '2026-11-23T09:15:00Z' },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Unfinished recording found');
    await expect(canvas.getByRole('button', { name: 'Continue recording' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Use as it is' })).toBeVisible();
  },
};

export const EnglishTabAudioUnsupported: Story = {
  args: { tabAudioSupported: false },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/This browser cannot record the audio of tabs/)).toBeVisible();
  },
};
