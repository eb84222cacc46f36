import { planFeature, type FailureText } from '@protokoll/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  demoCapabilities,
  demoFolders,
  demoMinutes,
  noAudioToolsCapabilities,
  noEngineCapabilities,
  planCatalogue,
  unlimitedMinutes,
} from '@protokoll/mocks/fixtures';
import { useState } from 'react';
import { Recorder } from '../../widgets/recorder.tsx';
import {
  ProtocolScreen,
  toProtocolCapabilities,
  type ProtocolScreenProps,
} from './protocol-screen.tsx';

const freeOffer = planCatalogue.find((plan) => plan.id === 'free')!;
const businessOffer = planCatalogue.find((plan) => plan.id === 'business')!;

/**
 * A recording as the browser hands it over. The bytes are a stand-in; `size` is what the file
 * claims, so a 1.5 GB file costs no memory.
 */
function recording(name: string, size: number, type = 'audio/mp4'): File {
  const file = new File([new Uint8Array(64)], name, { type, lastModified: 1_772_443_800_000 });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const meeting = recording('Teambesprechung März.m4a', 24_117_248);
/** 12 min 34 s: 13 minutes, of the demo user's 18. */
const MEETING_SECONDS = 754;

/** The file input, named by its visible "choose file" button. */
const fileInput = (canvasElement: HTMLElement, name = 'Datei auswählen') =>
  within(canvasElement).getByLabelText(name);

/**
 * A drag from the file manager carrying `file`, as the browser dispatches it. (testing-library's
 * fireEvent copies a DataTransfer's own properties only, and a real one has none.)
 */
function drag(target: HTMLElement, type: 'dragenter' | 'dragover' | 'drop', file: File) {
  const dataTransfer = new DataTransfer();
  dataTransfer.items.add(file);
  target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }));
}

/**
 * Presses an arrow key in a radio group and holds it until the next radio is checked: Radix
 * moves focus a tick after keydown and only checks while the key is still down, as a hand's is.
 */
async function arrowTo(key: 'ArrowRight' | 'ArrowDown', radio: HTMLElement) {
  await userEvent.keyboard(`{${key}>}`);
  await waitFor(() => expect(radio).toBeChecked());
  await userEvent.keyboard(`{/${key}}`);
  await expect(radio).toHaveFocus();
}

/** Opens "Weitere Optionen" (its button's name also holds the one-line summary). */
async function openOptions(canvasElement: HTMLElement, title = 'Weitere Optionen') {
  const trigger = within(canvasElement).getByRole('button', { name: new RegExp(`^${title}`) });
  if (trigger.getAttribute('aria-expanded') !== 'true') await userEvent.click(trigger);
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
}

/** The recorder as it first shows, before anything is recorded. */
function IdleRecorder() {
  return (
    <Recorder
      status="idle"
      tabAudioSupported
      includeTabAudio={false}
      onStart={fn()}
      onPause={fn()}
      onResume={fn()}
      onStop={fn()}
      onDiscard={fn()}
      onContinueRecovered={fn()}
      onUseRecovered={fn()}
    />
  );
}

const idleRecorder: ProtocolScreenProps['recorder'] = () => <IdleRecorder />;

/** Free as configured without speaker labels: its features leave them out. */
const planWithoutSpeakers = {
  ...freeOffer,
  speaker_labels: false,
  features: freeOffer.features.filter((feature) => feature !== planFeature.speakerDetection),
};

/** A server without a language model: the built-in summariser is the only one. */
const builtInOnly = toProtocolCapabilities({
  ...demoCapabilities,
  summary_models: [{ id: 'extractive', premium: false }],
});

/** Moves focus with Tab until `target` has it. */
async function tabTo(target: HTMLElement, max = 30) {
  for (let i = 0; i < max && document.activeElement !== target; i++) await userEvent.tab();
  await expect(target).toHaveFocus();
}

const meta = {
  title: 'Screens/Protocol',
  component: ProtocolScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    capabilities: toProtocolCapabilities(demoCapabilities),
    minutes: demoMinutes,
    plan: freeOffer,
    folders: demoFolders,
    status: 'ready',
    onSubmit: fn(),
    onFileSelected: fn(),
    onUpgrade: fn(),
    buyMinutesHref: '/buy',
    recorder: idleRecorder,
  },
} satisfies Meta<typeof ProtocolScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A first note: two big actions, record or upload, and the button; every other option folded
 * under "Weitere Optionen", whose one line says what the note will be like.
 */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Neue Notiz' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Im Browser aufnehmen' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Datei hochladen' })).toBeVisible();
    await expect(fileInput(canvasElement)).toHaveAttribute('type', 'file');
    await expect(fileInput(canvasElement)).toHaveAccessibleDescription(
      /^MP3, M4A, WAV, OGG\/Opus, WebM, FLAC oder MP4-Audio, bis 1,0\sGB$/,
    );
    const options = canvas.getByRole('button', { name: /^Weitere Optionen/ });
    await expect(options).toHaveAttribute('aria-expanded', 'false');
    await expect(options).toHaveTextContent('Ergebnisprotokoll, Notiz auf Deutsch');
    await expect(canvas.queryByRole('combobox', { name: 'Ordner' })).toBeNull();
    // The export design is chosen when downloading, not here.
    await expect(canvas.queryByRole('radio', { name: 'Klassisch' })).toBeNull();
    await expect(canvas.queryByRole('status', { name: /keine Minuten/ })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Notiz erstellen' })).toBeEnabled();
  },
};

export const DefaultEnglish: Story = {
  globals: { locale: 'en' },

  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'New note' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Upload a file' })).toBeVisible();
    const options = canvas.getByRole('button', { name: /^More options/ });
    await expect(options).toHaveAttribute('aria-expanded', 'false');
    await expect(options).toHaveTextContent('Results minutes, note in English');
  },
};

/** On a phone recording comes first; the upload follows. */
export const DefaultMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    const record = canvas.getByRole('button', { name: 'Aufnahme starten' });
    const upload = canvas.getByText('Datei auswählen');
    await expect(record.compareDocumentPosition(upload)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    // Above the upload: the first thing on the page after the title.
    await expect(record.getBoundingClientRect().bottom).toBeLessThan(
      upload.getBoundingClientRect().top,
    );
  },
};

/** "Weitere Optionen" opened: every option at its default, the note in the interface language. */
export const OptionsOpen: Story = {
  play: async ({ canvas, canvasElement }) => {
    await openOptions(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Ordner' })).toHaveTextContent('Kein Ordner');
    await expect(canvas.getByRole('combobox', { name: 'Gesprochene Sprache' })).toHaveTextContent(
      'Automatisch erkennen',
    );
    await expect(canvas.getByRole('combobox', { name: 'Sprache der Notiz' })).toHaveTextContent(
      'Deutsch',
    );
    await expect(
      canvas.getByRole('combobox', { name: 'Sprache der Notiz' }),
    ).not.toHaveAccessibleDescription();
    await expect(
      canvas.getByRole('switch', { name: 'Transkript in der Notiz behalten' }),
    ).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Ergebnisprotokoll' })).toBeChecked();
    await expect(
      canvas.getByRole('radio', { name: 'Ergebnisprotokoll' }),
    ).toHaveAccessibleDescription(
      'Die Ergebnisse: Entscheidungen und Aufgaben mit Verantwortlichen.',
    );
    for (const name of ['Verlaufsprotokoll', 'Stichpunkte', 'Interview', 'Vorlesung']) {
      await expect(canvas.getByRole('radio', { name })).not.toBeChecked();
    }
    await expect(canvas.queryByRole('radio', { name: 'Klassisch' })).toBeNull();
    // Speakers: empty is "Automatisch", in plain words, not "0".
    const speakers = canvas.getByLabelText('Anzahl der Sprecher');
    await expect(speakers).toHaveValue(null);
    await expect(speakers).toHaveAttribute('placeholder', 'Automatisch');
    await expect(speakers).toHaveAccessibleDescription(
      expect.stringContaining('Leer lassen, dann wird die Zahl automatisch erkannt.'),
    );
    await expect(canvas.getByRole('button', { name: 'Notiz erstellen' })).toBeEnabled();
  },
};

export const OptionsOpenEnglish: Story = {
  globals: { locale: 'en' },

  play: async ({ canvas, canvasElement }) => {
    await openOptions(canvasElement, 'More options');
    await expect(canvas.getByRole('combobox', { name: 'Note language' })).toHaveTextContent(
      'English',
    );
    await expect(canvas.getByLabelText('Number of speakers')).toHaveAttribute(
      'placeholder',
      'Automatic',
    );
    await expect(canvas.getByRole('radio', { name: 'Results minutes' })).toBeChecked();
  },
};

export const OptionsOpenMobile: Story = {
  ...OptionsOpen,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    await openOptions(canvasElement);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    await expect(canvas.getByRole('combobox', { name: 'Ordner' })).toBeVisible();
    // Closing it again, by keyboard: the button keeps the focus.
    const trigger = canvas.getByRole('button', { name: /^Weitere Optionen/ });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('combobox', { name: 'Ordner' })).toBeNull();
    await userEvent.keyboard(' ');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  },
};

/** What was chosen for the last note, as the app remembered it. */
const lastTime = {
  language: 'de',
  summary_language: 'en',
  summary_model: 'standard',
  structure: 'detailed',
  transcribe: false,
  transcript_type: 'clean',
  speakers: 3,
  folder_id: demoFolders[1]!.id,
} as const;

/**
 * Remembered options: the form starts with what was sent last time and says so; sending without
 * opening the options sends them.
 */
export const Remembered: Story = {
  args: { rememberedOptions: lastTime, defaultFile: meeting, fileDuration: MEETING_SECONDS },
  play: async ({ canvas, canvasElement, args }) => {
    const options = canvas.getByRole('button', { name: /^Weitere Optionen/ });
    await expect(options).toHaveTextContent(
      'Verlaufsprotokoll, Notiz auf Englisch – wie bei Ihrer letzten Notiz',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Notiz erstellen' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect(args.onSubmit).toHaveBeenCalledWith({
      audio_file: meeting,
      file_name: 'Teambesprechung März.m4a',
      size: 24_117_248,
      name: 'Teambesprechung März',
      design: 'classic',
      ...lastTime,
    });
    await openOptions(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Ordner' })).toHaveTextContent('Kunden');
    await expect(canvas.getByRole('radio', { name: 'Verlaufsprotokoll' })).toBeChecked();
    await expect(canvas.getByLabelText('Anzahl der Sprecher')).toHaveValue(3);
  },
};

export const RememberedEnglish: Story = {
  globals: { locale: 'en' },
  args: { rememberedOptions: { ...lastTime, summary_language: 'de' } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('button', { name: /^More options/ })).toHaveTextContent(
      'Detailed minutes, note in German – as for your last note',
    );
    await openOptions(canvasElement, 'More options');
    await expect(
      canvas.getByRole('switch', { name: 'Keep the transcript in the note' }),
    ).not.toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Clean' })).toBeChecked();
  },
};

/**
 * Remembered values no longer on offer are dropped: a folder deleted since, a premium model on
 * Free, a language the server does not offer. The rest is kept.
 */
export const RememberedStale: Story = {
  args: {
    rememberedOptions: {
      ...lastTime,
      folder_id: 99,
      summary_model: 'premium',
      language: 'xx',
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await openOptions(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Ordner' })).toHaveTextContent('Kein Ordner');
    await expect(
      canvas.getByRole('combobox', { name: 'Modell für die Zusammenfassung' }),
    ).toHaveTextContent('Standard');
    await expect(canvas.getByRole('combobox', { name: 'Gesprochene Sprache' })).toHaveTextContent(
      'Automatisch erkennen',
    );
    await expect(canvas.getByRole('radio', { name: 'Verlaufsprotokoll' })).toBeChecked();
  },
};

/**
 * 0 minutes left (a balance that loaded, not one that failed): the page says so on top and
 * links to the buy page; recording stays possible.
 */
export const NoMinutes: Story = {
  args: { minutes: { ...demoMinutes, used: demoMinutes.total, remaining: 0 } },
  play: async ({ canvas, canvasElement }) => {
    const notice = canvasElement.querySelector<HTMLElement>('[data-slot="no-minutes"]')!;
    await expect(notice).toHaveAttribute('role', 'status');
    await expect(notice).toHaveTextContent('Sie haben keine Minuten mehr');
    await expect(notice).toHaveTextContent('Aufnehmen können Sie trotzdem.');
    await expect(within(notice).getByRole('link', { name: 'Minuten kaufen' })).toHaveAttribute(
      'href',
      '/buy',
    );
    // On top: before both actions.
    const record = canvas.getByRole('button', { name: 'Aufnahme starten' });
    await expect(notice.compareDocumentPosition(record)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await expect(record).toBeEnabled();
  },
};

export const NoMinutesEnglish: Story = {
  globals: { locale: 'en' },
  args: { ...NoMinutes.args, buyMinutesHref: '/en/buy' },
  play: async ({ canvasElement }) => {
    const notice = canvasElement.querySelector<HTMLElement>('[data-slot="no-minutes"]')!;
    await expect(notice).toHaveTextContent('You have no minutes left');
    await expect(within(notice).getByRole('link', { name: 'Buy minutes' })).toHaveAttribute(
      'href',
      '/en/buy',
    );
  },
};

export const NoMinutesMobile: Story = {
  ...NoMinutes,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

/**
 * No language model on the server: the built-in summariser is described plainly, and the note's
 * language says it cannot translate.
 */
export const NoLanguageModel: Story = {
  args: { capabilities: builtInOnly },
  play: async ({ canvas, canvasElement }) => {
    await openOptions(canvasElement);
    await expect(
      canvas.getByRole('combobox', { name: 'Sprache der Notiz' }),
    ).toHaveAccessibleDescription(
      'Die eingebaute Zusammenfassung schreibt in der gesprochenen Sprache und kann nicht übersetzen.',
    );
    const model = canvas.getByRole('combobox', { name: 'Modell für die Zusammenfassung' });
    await expect(model).toHaveTextContent('Eingebaute Zusammenfassung');
    await expect(model).toHaveAccessibleDescription(
      'Übernimmt die wichtigsten Sätze aus dem Gespräch. Auf diesem Server ist kein KI-Sprachmodell eingerichtet.',
    );
  },
};

export const NoLanguageModelEnglish: Story = {
  globals: { locale: 'en' },
  args: { capabilities: builtInOnly },
  play: async ({ canvas, canvasElement }) => {
    await openOptions(canvasElement, 'More options');
    await expect(
      canvas.getByRole('combobox', { name: 'Note language' }),
    ).toHaveAccessibleDescription(
      'The built-in summary is written in the spoken language; it cannot translate.',
    );
    await expect(canvas.getByRole('combobox', { name: 'Summary model' })).toHaveTextContent(
      'Built-in summary',
    );
  },
};

export const NoLanguageModelMobile: Story = {
  ...NoLanguageModel,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

/** A plan without speaker labels: the speakers field says so where it is chosen. */
export const PlanWithoutSpeakers: Story = {
  args: { plan: planWithoutSpeakers },
  play: async ({ canvas, canvasElement }) => {
    await openOptions(canvasElement);
    await expect(canvas.getByLabelText('Anzahl der Sprecher')).toHaveAccessibleDescription(
      expect.stringContaining('Ihr Tarif Free trennt das Transkript nicht nach Sprechern.'),
    );
  },
};

export const PlanWithoutSpeakersEnglish: Story = {
  globals: { locale: 'en' },
  args: { plan: planWithoutSpeakers },
  play: async ({ canvas, canvasElement }) => {
    await openOptions(canvasElement, 'More options');
    await expect(canvas.getByLabelText('Number of speakers')).toHaveAccessibleDescription(
      expect.stringContaining('Your Free plan does not split the transcript by speaker.'),
    );
  },
};

export const PlanWithoutSpeakersMobile: Story = {
  ...PlanWithoutSpeakers,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

/** Picking a file names the note after it and hands the file to the app to read its duration. */
export const ChooseFile: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.upload(fileInput(canvasElement), meeting);
    await expect(args.onFileSelected).toHaveBeenCalledOnce();
    await expect(args.onFileSelected).toHaveBeenCalledWith(meeting);
    await expect(canvas.getByText('Teambesprechung März.m4a')).toBeVisible();
    await expect(canvas.getByText('23,0 MB')).toBeVisible();
    // The duration has not arrived yet: sending waits for it.
    await expect(canvas.getByText('wird ermittelt …')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Notiz erstellen' })).toBeDisabled();
    await expect(fileInput(canvasElement, 'Andere Datei wählen')).toBeInTheDocument();
    await openOptions(canvasElement);
    await expect(canvas.getByLabelText('Name der Notiz')).toHaveValue('Teambesprechung März');
  },
};

/** Duration and cost of the chosen file; sending reports the exact contract body. */
export const FileChosen: Story = {
  args: { defaultFile: meeting, fileDuration: MEETING_SECONDS },
  play: async ({ canvas, canvasElement, args }) => {
    const cost = within(canvasElement.querySelector<HTMLElement>('[data-slot="file-cost"]')!);
    await expect(cost.getByText('12:34')).toBeVisible();
    await expect(cost.getByText('13 Minuten')).toBeVisible();
    await expect(cost.getByText('18 Minuten')).toBeVisible();
    await expect(cost.getByText(/Danach verbleiben Ihnen 5 Minuten\./)).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();

    await userEvent.click(canvas.getByRole('button', { name: 'Notiz erstellen' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect(args.onSubmit).toHaveBeenCalledWith({
      audio_file: meeting,
      file_name: 'Teambesprechung März.m4a',
      size: 24_117_248,
      name: 'Teambesprechung März',
      language: 'auto',
      summary_model: 'standard',
      summary_language: 'de',
      design: 'classic',
      structure: 'minutes',
      transcribe: true,
      transcript_type: 'verbatim',
    });
    // Automatic speakers and "no folder" are not sent at all (docs/uploads.md#the-upload-call).
    const [values] = (args.onSubmit as ReturnType<typeof fn>).mock.calls[0]!;
    await expect(Object.keys(values)).not.toContain('speakers');
    await expect(Object.keys(values)).not.toContain('folder_id');
  },
};

/** Every option changed with the mouse; folder and speakers are sent because they are set. */
export const AllOptions: Story = {
  args: { defaultFile: meeting, fileDuration: MEETING_SECONDS },
  play: async ({ canvas, canvasElement, args }) => {
    await openOptions(canvasElement);
    const name = canvas.getByLabelText('Name der Notiz');
    await userEvent.clear(name);
    await userEvent.type(name, '  Jour fixe Vertrieb ');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Ordner' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Kunden' }));
    await userEvent.click(canvas.getByRole('combobox', { name: 'Gesprochene Sprache' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Englisch' }));
    const speakers = canvas.getByLabelText('Anzahl der Sprecher');
    await userEvent.clear(speakers);
    await userEvent.type(speakers, '4');
    await userEvent.click(canvas.getByRole('switch', { name: 'Transkript in der Notiz behalten' }));
    await userEvent.click(canvas.getByRole('radio', { name: 'Bereinigt' }));
    await userEvent.click(canvas.getByRole('combobox', { name: 'Sprache der Notiz' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Französisch' }));
    await userEvent.click(canvas.getByRole('radio', { name: 'Interview' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Notiz erstellen' }));

    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect(args.onSubmit).toHaveBeenCalledWith({
      audio_file: meeting,
      file_name: 'Teambesprechung März.m4a',
      size: 24_117_248,
      name: 'Jour fixe Vertrieb',
      folder_id: 2,
      language: 'en',
      speakers: 4,
      transcribe: false,
      transcript_type: 'clean',
      summary_model: 'standard',
      summary_language: 'fr',
      structure: 'interview',
      design: 'classic',
    });
  },
};

/** On Free the premium model is listed, closed, and explained. */
export const PremiumModelLocked: Story = {
  play: async ({ canvas, canvasElement }) => {
    await openOptions(canvasElement);
    const model = canvas.getByRole('combobox', { name: 'Modell für die Zusammenfassung' });
    await expect(model).toHaveTextContent('Standard');
    await expect(model).toHaveAccessibleDescription(
      'Premium-Modelle gibt es in den kostenpflichtigen Tarifen.',
    );
    await userEvent.click(model);
    const premium = await screen.findByRole('option', {
      name: 'Premium (Premium, kostenpflichtiger Tarif nötig)',
    });
    await expect(premium).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Escape}');
  },
};

/** Sending without a file: the drop zone says what is missing and takes focus. */
export const Invalid: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Notiz erstellen' }));
    const input = fileInput(canvasElement);
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Bitte wählen Sie eine Audiodatei aus.',
    );
    await expect(input).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** 25 minutes with 18 left: sending is blocked and the reason is read out. */
export const NotEnoughMinutes: Story = {
  args: { defaultFile: meeting, fileDuration: 24 * 60 + 5 },
  play: async ({ canvas, canvasElement, args }) => {
    const reason = canvas.getByRole('alert');
    await expect(reason).toHaveTextContent('Nicht genug Minuten');
    await expect(reason).toHaveTextContent(
      'Diese Aufnahme kostet 25 Minuten, Ihnen bleiben aber nur 18 Minuten.',
    );
    const submit = canvas.getByRole('button', { name: 'Notiz erstellen' });
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAccessibleDescription(expect.stringContaining('25 Minuten'));
    await expect(canvasElement.querySelector('[data-slot="file-cost-minutes"]')).toHaveAttribute(
      'data-state',
      'insufficient',
    );
    await userEvent.click(within(reason).getByRole('button', { name: 'Tarif upgraden' }));
    await expect(args.onUpgrade).toHaveBeenCalledOnce();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Free takes recordings up to 30 minutes; this one is longer. */
export const OverPlanLimit: Story = {
  args: {
    defaultFile: recording('Vorlesung Thermodynamik.mp3', 61_000_000, 'audio/mpeg'),
    fileDuration: 42 * 60 + 10,
    minutes: { ...demoMinutes, total: 60, used: 0, remaining: 60 },
  },
  play: async ({ canvas }) => {
    const reason = canvas.getByRole('alert');
    await expect(reason).toHaveTextContent('Aufnahme zu lang für Ihren Tarif');
    await expect(reason).toHaveTextContent(
      'Ihr Tarif Free erlaubt höchstens 30 Minuten pro Aufnahme, diese dauert 42:10.',
    );
    await expect(canvas.getByRole('button', { name: 'Notiz erstellen' })).toBeDisabled();
  },
};

/** The server has no speech-to-text engine: the form says so and nothing can be sent. */
export const NoEngine: Story = {
  args: { capabilities: toProtocolCapabilities(noEngineCapabilities) },
  play: async ({ canvas, canvasElement }) => {
    const notice = canvasElement.querySelector('[data-slot="no-engine"]');
    await expect(notice).toHaveAttribute('role', 'status');
    await expect(notice).toHaveTextContent('Keine Spracherkennung eingerichtet');
    await expect(notice).toHaveTextContent('Es werden keine Minuten berechnet.');
    await expect(fileInput(canvasElement)).toBeDisabled();
    await expect(canvas.getByRole('button', { name: /^Weitere Optionen/ })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Notiz erstellen' })).toBeDisabled();
  },
};

/** An engine, but no ffmpeg/ffprobe on the server: it reads like a missing engine. */
export const NoAudioTools: Story = {
  args: { capabilities: toProtocolCapabilities(noAudioToolsCapabilities) },
  play: async ({ canvas, canvasElement }) => {
    const notice = canvasElement.querySelector('[data-slot="no-engine"]');
    await expect(notice).toHaveAttribute('role', 'status');
    await expect(notice).toHaveTextContent('Audioverarbeitung nicht eingerichtet');
    await expect(notice).toHaveTextContent('(ffmpeg, ffprobe)');
    await expect(notice).toHaveTextContent('Es werden keine Minuten berechnet.');
    await expect(fileInput(canvasElement)).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Notiz erstellen' })).toBeDisabled();
  },
};

/** Bigger than the server takes: refused before any byte is sent, with both sizes named. */
export const TooBig: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const input = fileInput(canvasElement);
    await userEvent.upload(input, recording('Konzertmitschnitt.wav', 1.5 * 1024 ** 3, 'audio/wav'));
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      '„Konzertmitschnitt.wav“ ist 1,5 GB groß. Dateien dürfen höchstens 1,0 GB groß sein.',
    );
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onFileSelected).not.toHaveBeenCalled();
    await openOptions(canvasElement);
    await expect(canvas.getByLabelText('Name der Notiz')).toHaveValue('');
  },
};

/** A PDF dropped on the zone is refused; an audio file dropped afterwards is taken. */
export const WrongType: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const zone = canvasElement.querySelector<HTMLElement>('[data-slot="drop-zone"]')!;
    const pdf = new File(['%PDF-1.7'], 'Protokoll_Vorlage.pdf', { type: 'application/pdf' });
    drag(zone, 'dragenter', pdf);
    await waitFor(() => expect(zone).toHaveAttribute('data-state', 'dragging'));
    await expect(zone).toHaveTextContent('Loslassen, um die Datei zu übernehmen');
    drag(zone, 'drop', pdf);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      '„Protokoll_Vorlage.pdf“ ist keine unterstützte Audiodatei. Möglich sind MP3, M4A, WAV, OGG/Opus, WebM, FLAC und MP4-Audio.',
    );
    await expect(args.onFileSelected).not.toHaveBeenCalled();

    const opus = new File([new Uint8Array(32)], 'Sprachnachricht.opus', { type: '' });
    drag(zone, 'drop', opus);
    await waitFor(() => expect(args.onFileSelected).toHaveBeenCalledOnce());
    await expect(args.onFileSelected).toHaveBeenCalledWith(opus);
    await expect(canvas.queryByRole('alert')).toBeNull();
    await openOptions(canvasElement);
    await expect(canvas.getByLabelText('Name der Notiz')).toHaveValue('Sprachnachricht');
  },
};

/** The browser could not read the duration: the server will measure it, sending is allowed. */
export const DurationUnknown: Story = {
  args: { defaultFile: meeting, fileDuration: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('unbekannt')).toBeVisible();
    await expect(canvas.getByText(/Der Server misst sie beim Hochladen/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Notiz erstellen' })).toBeEnabled();
  },
};

export const Submitting: Story = {
  args: { defaultFile: meeting, fileDuration: MEETING_SECONDS, status: 'submitting' },
  play: async ({ canvas, args }) => {
    const submit = canvas.getByRole('button', { name: /Notiz erstellen/ });
    await expect(submit).toHaveAttribute('aria-disabled', 'true');
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(submit, { pointerEventsCheck: 0 });
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/**
 * An upload failure (docs/errors.md#upload-failures) above the submit button, focused so it is
 * heard first.
 */
function serverErrorStory(error: FailureText, text: string): Story {
  return {
    args: { defaultFile: meeting, fileDuration: MEETING_SECONDS, error },
    play: async ({ canvas }) => {
      const alert = canvas.getByRole('alert');
      await expect(alert).toHaveTextContent(text);
      await waitFor(() => expect(alert).toHaveFocus());
      // Trying again stays possible.
      await expect(canvas.getByRole('button', { name: 'Notiz erstellen' })).toBeEnabled();
    },
  };
}

/** "Upload failed" (docs/errors.md#upload-failures). */
export const ServerError = serverErrorStory({ code: 'uploadFailed' }, 'Hochladen fehlgeschlagen');

/** A parse error: the parser's own text (docs/errors.md#upload-failures). */
export const ServerParseError = serverErrorStory(
  { message: 'Unexpected token \'<\', "<html>" is not valid JSON' },
  'Unexpected token \'<\', "<html>" is not valid JSON',
);

/** The file went missing on the way to the client (docs/uploads.md#the-upload-call). */
export const ServerMissingFile = serverErrorStory(
  { code: 'uploadRequiresFormData' },
  "isFileUpload=true requires FormData with 'audio_file'",
);

/** The server counted fewer minutes than the browser did (another upload ran meanwhile). */
export const ServerInsufficientMinutes = serverErrorStory(
  { code: 'insufficientMinutes' },
  'Für diese Aufnahme reichen Ihre verbleibenden Minuten nicht aus.',
);

/** A 422 lands on its field. */
export const ServerFieldErrors: Story = {
  args: {
    defaultFile: meeting,
    fileDuration: MEETING_SECONDS,
    fieldErrors: [{ path: 'name', message: 'validation.tooLong' }],
  },
  play: async ({ canvas }) => {
    // The field is folded under "Weitere Optionen": its error opens them.
    const name = await canvas.findByLabelText('Name der Notiz');
    await expect(canvas.getByRole('button', { name: /^Weitere Optionen/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    await expect(name).toHaveAccessibleDescription(
      expect.stringContaining('Diese Eingabe ist zu lang.'),
    );
  },
};

/** Unlimited minutes on a paid plan: two hours are fine and the premium model is open. */
export const Unlimited: Story = {
  args: {
    plan: businessOffer,
    minutes: unlimitedMinutes,
    defaultFile: recording('Klausurtagung Tag 1.flac', 812_000_000, 'audio/flac'),
    fileDuration: 2 * 3600 + 7 * 60 + 3,
  },
  play: async ({ canvas, canvasElement }) => {
    const cost = within(canvasElement.querySelector<HTMLElement>('[data-slot="file-cost"]')!);
    await expect(cost.getByText('2:07:03')).toBeVisible();
    await expect(cost.getByText('128 Minuten')).toBeVisible();
    await expect(cost.getByText('Unbegrenzt')).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Notiz erstellen' })).toBeEnabled();

    await openOptions(canvasElement);
    // Business labels speakers: no word about it.
    await expect(canvas.getByLabelText('Anzahl der Sprecher')).toHaveAccessibleDescription(
      'Leer lassen, dann wird die Zahl automatisch erkannt.',
    );
    const model = canvas.getByRole('combobox', { name: 'Modell für die Zusammenfassung' });
    await expect(model).not.toHaveAccessibleDescription();
    await userEvent.click(model);
    await userEvent.click(await screen.findByRole('option', { name: 'Premium' }));
    await expect(model).toHaveTextContent('Premium');
  },
};

/**
 * Keyboard only: the file input, then "Weitere Optionen" opened with Enter, every option in
 * order with Tab, arrows, Space and Enter, and the button.
 */
export const KeyboardOnly: Story = {
  args: { fileDuration: MEETING_SECONDS },
  play: async ({ canvas, canvasElement, args }) => {
    const input = fileInput(canvasElement);
    await tabTo(input);
    // Choosing in the system's file dialog is the one step a test cannot do with keys.
    await userEvent.upload(input, meeting);

    await userEvent.tab();
    const options = canvas.getByRole('button', { name: /^Weitere Optionen/ });
    await expect(options).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(options).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    await expect(canvas.getByRole('combobox', { name: 'Sprache der Notiz' })).toHaveFocus();
    await userEvent.tab();
    await expect(
      canvas.getByRole('combobox', { name: 'Modell für die Zusammenfassung' }),
    ).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'Ergebnisprotokoll' })).toHaveFocus();
    await arrowTo('ArrowDown', canvas.getByRole('radio', { name: 'Verlaufsprotokoll' }));
    await userEvent.tab();
    await expect(canvas.getByRole('combobox', { name: 'Gesprochene Sprache' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByLabelText('Anzahl der Sprecher')).toHaveFocus();
    await userEvent.keyboard('2');
    await userEvent.tab();
    await expect(
      canvas.getByRole('switch', { name: 'Transkript in der Notiz behalten' }),
    ).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'Wortgetreu' })).toHaveFocus();
    await arrowTo('ArrowRight', canvas.getByRole('radio', { name: 'Bereinigt' }));
    await userEvent.tab();
    await expect(canvas.getByLabelText('Name der Notiz')).toHaveFocus();
    await userEvent.keyboard('{Control>}a{/Control}Kundengespräch Müller');
    await userEvent.tab();
    await expect(canvas.getByRole('combobox', { name: 'Ordner' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: 'Ordner' })).toHaveTextContent('Kunden'),
    );
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Notiz erstellen' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect(args.onSubmit).toHaveBeenCalledWith({
      audio_file: meeting,
      file_name: 'Teambesprechung März.m4a',
      size: 24_117_248,
      name: 'Kundengespräch Müller',
      folder_id: 2,
      language: 'auto',
      speakers: 2,
      transcribe: false,
      transcript_type: 'clean',
      summary_model: 'standard',
      summary_language: 'de',
      structure: 'detailed',
      design: 'classic',
    });
  },
};

/** Long German names and a long file name stay inside the page. */
export const LongContent: Story = {
  args: {
    defaultFile: recording(
      'Quartalsbesprechung_Geschäftsführung_Donaudampfschifffahrtsgesellschaft_2026-03-02_final.m4a',
      48 * 1024 ** 2,
    ),
    fileDuration: MEETING_SECONDS,
    folders: [
      ...demoFolders,
      { id: 4, name: 'Donaudampfschifffahrtsgesellschaftskapitänsmützenablage' },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    const name = canvasElement.querySelector('[data-slot="chosen-file-name"]')!;
    await expect(name).toHaveAttribute(
      'title',
      'Quartalsbesprechung_Geschäftsführung_Donaudampfschifffahrtsgesellschaft_2026-03-02_final.m4a',
    );
  },
};

const recorded = new File([new Uint8Array(64)], 'Aufnahme 2026-11-24 09-15.webm', {
  type: 'audio/webm',
  lastModified: 1_772_443_800_000,
});

/** A recorder in the slot, as the app fills it: stopping hands the recording to the form. */
function DemoRecorder({ takeFile }: { takeFile: (file: File) => void }) {
  const [stopped, setStopped] = useState(false);
  return (
    <Recorder
      status={stopped ? 'stopped' : 'recording'}
      seconds={70}
      level={0.4}
      remainingMinutes={18}
      tabAudioSupported
      includeTabAudio={false}
      onStart={fn()}
      onPause={fn()}
      onResume={fn()}
      onStop={() => {
        setStopped(true);
        takeFile(recorded);
      }}
      onDiscard={fn()}
      onContinueRecovered={fn()}
      onUseRecovered={fn()}
    />
  );
}

/** The browser recorder beside the upload; a finished recording becomes the form's file. */
export const WithRecorder: Story = {
  args: { recorder: (takeFile) => <DemoRecorder takeFile={takeFile} />, fileDuration: 70 },
  play: async ({ canvas, canvasElement, args }) => {
    const recorder = canvas.getByRole('region', { name: 'Im Browser aufnehmen' });
    await expect(within(recorder).getByRole('timer')).toHaveTextContent('1:10');
    await userEvent.click(within(recorder).getByRole('button', { name: 'Beenden' }));
    await expect(args.onFileSelected).toHaveBeenCalledWith(recorded);
    await expect(canvas.getByText('Aufnahme 2026-11-24 09-15.webm')).toBeVisible();
    await expect(within(recorder).getByRole('status')).toHaveTextContent('Aufnahme fertig');
    await expect(canvas.getByRole('button', { name: 'Notiz erstellen' })).toBeEnabled();
    await openOptions(canvasElement);
    await expect(canvas.getByLabelText('Name der Notiz')).toHaveValue('Aufnahme 2026-11-24 09-15');
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { defaultFile: meeting, fileDuration: 24 * 60 + 5 },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    await expect(canvas.getByRole('button', { name: 'Notiz erstellen' })).toBeVisible();
  },
};

/** English, with "Upload failed" and the note in English by default. */
export const English: Story = {
  globals: { locale: 'en' },
  args: {
    defaultFile: meeting,
    fileDuration: MEETING_SECONDS,
    error: { code: 'uploadFailed' },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'New note' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Upload failed');
    await openOptions(canvasElement, 'More options');
    await expect(canvas.getByRole('combobox', { name: 'Note language' })).toHaveTextContent(
      'English',
    );
    await expect(canvas.getByText('12:34')).toBeVisible();
    await expect(canvas.getByRole('radio', { name: 'Results minutes' })).toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Create note' })).toBeEnabled();
  },
};

/** What was sent before a failed upload: file, name, folder and options the person chose. */
const sentBefore = {
  audio_file: meeting,
  file_name: meeting.name,
  size: meeting.size,
  name: 'Kundengespräch Nord',
  folder_id: demoFolders[1]!.id,
  language: 'de',
  summary_language: 'de',
  summary_model: demoCapabilities.summary_models[0]!.id,
  structure: 'detailed',
  design: 'modern',
  transcribe: true,
  transcript_type: 'clean',
  speakers: 3,
} as const;

/**
 * The upload failed: the form comes back with the file and every option as they were, the
 * reason above the button, "Erneut versuchen", and for a refusal a bigger plan lifts the way to
 * /buy (docs/uploads.md#following-a-new-note).
 */
export const FailedKeepsEverything: Story = {
  args: {
    initialValues: sentBefore,
    fileDuration: MEETING_SECONDS,
    error: {
      message:
        'Diese Aufnahme dauert 12:34 und kostet 13 Minuten, Ihnen bleiben aber nur 0 Minuten.',
    },
    errorOffersUpgrade: true,
    onUpgrade: fn(),
  },
  play: async ({ canvas, canvasElement, args }) => {
    const reason = canvas.getByRole('alert');
    await expect(reason).toHaveTextContent('Diese Aufnahme dauert 12:34 und kostet 13 Minuten');
    await expect(canvas.getByText('Teambesprechung März.m4a')).toBeVisible();
    // What was sent comes back, not what is remembered.
    await expect(canvas.getByRole('button', { name: /^Weitere Optionen/ })).toHaveTextContent(
      /^Weitere OptionenVerlaufsprotokoll, Notiz auf Deutsch$/,
    );
    await openOptions(canvasElement);
    await expect(canvas.getByRole('textbox', { name: /Name/ })).toHaveValue('Kundengespräch Nord');
    await expect(canvas.getByRole('spinbutton', { name: /Sprecher/ })).toHaveValue(3);
    await expect(canvas.getByRole('button', { name: 'Erneut versuchen' })).toBeEnabled();
    await userEvent.click(within(reason).getByRole('button', { name: 'Tarif upgraden' }));
    await expect(args.onUpgrade).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    // The design sent before is sent again, though the form no longer shows it.
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Kundengespräch Nord',
        structure: 'detailed',
        speakers: 3,
        design: 'modern',
      }),
    );
  },
};

export const FailedKeepsEverythingEnglish: Story = {
  globals: { locale: 'en' },
  args: {
    initialValues: { ...sentBefore, summary_language: 'en' },
    fileDuration: MEETING_SECONDS,
    error: { code: 'uploadFailed' },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Upload failed');
    await openOptions(canvasElement, 'More options');
    await expect(canvas.getByRole('textbox', { name: /Note name/ })).toHaveValue(
      'Kundengespräch Nord',
    );
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: /Upgrade/ })).toBeNull();
  },
};

/**
 * A file the browser cannot read whose first bytes start no audio format is refused before
 * sending, with the server's own "not audio" text.
 */
export const NotAudio: Story = {
  args: {
    defaultFile: recording('Rechnung.m4a', 120_000),
    fileDuration: null,
    fileNotAudio: true,
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        'Die Datei ist keine Audiodatei in einem unterstützten Format (MP3, M4A, WAV, OGG/Opus, WebM, FLAC).',
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Notiz erstellen' })).toBeDisabled();
  },
};

export const NotAudioEnglish: Story = {
  ...NotAudio,
  globals: { locale: 'en' },
  args: { ...NotAudio.args },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        'The file is not audio in a supported format (MP3, M4A, WAV, OGG/Opus, WebM, FLAC).',
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Create note' })).toBeDisabled();
  },
};
