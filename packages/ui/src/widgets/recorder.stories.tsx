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
  args: { status: 'recording', seconds: 754, level: 0.62, minutesLeft: 105 },
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
  args: { status: 'paused', seconds: 3725, level: 0.5, minutesLeft: null },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('timer')).toHaveTextContent('1:02:05');
    await expect(canvas.getByText('Aufnahme pausiert')).toBeVisible();
    await expect(canvas.getByRole('meter')).toHaveAttribute('aria-valuenow', '0');
    await expect(canvas.getByText('Ihr Tarif enthält unbegrenzte Minuten.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Fortsetzen' }));
    await expect(args.onResume).toHaveBeenCalledOnce();
  },
};

/** Five minutes or fewer would be left: a warning before they run out. */
export const MinutesRunningOut: Story = {
  args: { status: 'recording', seconds: 1530, level: 0.3, minutesLeft: 4 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Ihre Minuten gehen zur Neige');
    await expect(canvas.getByRole('alert')).toHaveTextContent('nur noch 4 Minuten');
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

export const StoppedForMinutes: Story = {
  args: { status: 'stopped', seconds: 1800, stoppedForMinutes: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Aufnahme beendet: Ihre Minuten sind aufgebraucht',
    );
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
  args: { status: 'recording', seconds: 754, level: 0.62, minutesLeft: 3 },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('timer', { name: 'Recording time' })).toHaveTextContent('12:34');
    await expect(canvas.getByRole('meter', { name: 'Input level' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Your minutes are running out');
    await expect(canvas.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Stop' })).toBeVisible();
  },
};

export const EnglishPaused: Story = {
  args: { status: 'paused', seconds: 95, minutesLeft: 20 },
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
