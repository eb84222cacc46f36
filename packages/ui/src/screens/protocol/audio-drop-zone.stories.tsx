import { AUDIO_ACCEPT, isAcceptedAudio } from '@protokoll/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { demoCapabilities, silentWav } from '@protokoll/mocks/fixtures';
import { useTranslation } from 'react-i18next';
import { AudioDropZone, type AudioDropZoneProps } from './audio-drop-zone.tsx';

/** 12 min 34 s of silence as a real WAV file (2.2 MiB), as the file picker hands it over. */
const meeting = new File([silentWav(754)], 'Teambesprechung März.wav', {
  type: 'audio/wav',
  lastModified: 1_772_443_800_000,
});
const pdf = new File(['%PDF-1.7'], 'Protokoll_Vorlage.pdf', { type: 'application/pdf' });

/** The file input, named by its visible "choose file" button. */
const fileInput = (canvasElement: HTMLElement, name = 'Datei auswählen') =>
  within(canvasElement).getByLabelText<HTMLInputElement>(name);

const zoneOf = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('[data-slot="drop-zone"]')!;

/**
 * A drag from the file manager carrying `file` (or, without one, text from the page), as the
 * browser dispatches it. (testing-library's fireEvent copies a DataTransfer's own properties
 * only, and a real one has none.)
 */
function drag(target: HTMLElement, type: 'dragenter' | 'dragleave' | 'drop', file?: File) {
  const dataTransfer = new DataTransfer();
  if (file) dataTransfer.items.add(file);
  else dataTransfer.setData('text/plain', 'Teambesprechung');
  const event = new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer });
  target.dispatchEvent(event);
  return event;
}

/**
 * The zone with the state the new-note form keeps around it: the chosen file, and the
 * translated refusal of a file that is not audio. Every file the zone hands over is reported.
 */
function DropZoneInForm(props: AudioDropZoneProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState(props.file);
  const [refused, setRefused] = useState<string>();
  return (
    <AudioDropZone
      {...props}
      file={file}
      error={refused ? t('protocol.refusal.wrongType', { name: refused }) : props.error}
      onFile={(next) => {
        props.onFile(next);
        setRefused(isAcceptedAudio(next) ? undefined : next.name);
        if (isAcceptedAudio(next)) setFile(next);
      }}
    />
  );
}

const meta = {
  title: 'Screens/Protocol/Parts/AudioDropZone',
  component: AudioDropZone,
  render: (args) => <DropZoneInForm {...args} />,
  args: { file: undefined, maxBytes: demoCapabilities.max_upload_bytes, onFile: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-2xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AudioDropZone>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: a named file input for audio, its limits as description; a picked file is reported. */
export const Default: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const input = fileInput(canvasElement);
    await expect(zoneOf(canvasElement)).toHaveAttribute('data-state', 'empty');
    await expect(canvas.getByText('Audiodatei hierher ziehen')).toBeVisible();
    await expect(input).toHaveAttribute('type', 'file');
    await expect(input).toHaveAttribute('accept', AUDIO_ACCEPT);
    await expect(input).toHaveAccessibleDescription(
      /^MP3, M4A, WAV, OGG\/Opus, WebM, FLAC oder MP4-Audio, bis 1,0\sGB$/,
    );
    await expect(input).not.toHaveAttribute('aria-invalid');

    await userEvent.upload(input, meeting);
    await expect(args.onFile).toHaveBeenCalledOnce();
    await expect(args.onFile).toHaveBeenCalledWith(meeting);
    await expect(canvas.getByText('Teambesprechung März.wav')).toBeVisible();
    await expect(canvas.getByText(/^2,2\sMB$/)).toBeVisible();
    await expect(fileInput(canvasElement, 'Andere Datei wählen')).toBe(input);
  },
};

/**
 * The visible button is the input's label: a click, or Enter or Space on the focused input,
 * opens the system's file picker (its click is stopped here, as no test can use that dialog).
 */
export const OpenPicker: Story = {
  play: async ({ canvas, canvasElement }) => {
    const input = fileInput(canvasElement);
    let opened = 0;
    input.addEventListener('click', (event) => {
      event.preventDefault();
      opened++;
    });
    // One stop for the keyboard: the input, whose focus ring the button shows.
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(opened).toBe(1);
    await userEvent.keyboard(' ');
    await expect(opened).toBe(2);
    await userEvent.click(canvas.getByText('Datei auswählen'));
    await expect(opened).toBe(3);
  },
};

/** A file is chosen: its name and size, and the button offers another one. */
export const Filled: Story = {
  args: { file: meeting },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(zoneOf(canvasElement)).toHaveAttribute('data-state', 'filled');
    await expect(canvas.getByText('Teambesprechung März.wav')).toBeVisible();
    await expect(canvas.queryByText('Audiodatei hierher ziehen')).toBeNull();
    const other = new File([silentWav(60)], 'Nachtrag.wav', { type: 'audio/wav' });
    await userEvent.upload(fileInput(canvasElement, 'Andere Datei wählen'), other);
    await expect(args.onFile).toHaveBeenCalledWith(other);
    await expect(canvas.getByText('Nachtrag.wav')).toBeVisible();
  },
};

/** A file dragged over the zone: it invites the drop; leaving and dropping both end that. */
export const Dragging: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const zone = zoneOf(canvasElement);
    drag(zone, 'dragenter', meeting);
    await waitFor(() => expect(zone).toHaveAttribute('data-state', 'dragging'));
    await expect(canvas.getByText('Loslassen, um die Datei zu übernehmen')).toBeVisible();
    drag(zone, 'dragleave', meeting);
    await waitFor(() => expect(zone).toHaveAttribute('data-state', 'empty'));

    drag(zone, 'dragenter', meeting);
    await expect(drag(zone, 'drop', meeting).defaultPrevented).toBe(true);
    await expect(args.onFile).toHaveBeenCalledOnce();
    await expect(args.onFile).toHaveBeenCalledWith(meeting);
    await waitFor(() => expect(zone).toHaveAttribute('data-state', 'filled'));
  },
};

/** Text dragged from the page is no file: the zone neither reacts nor takes it. */
export const DraggingText: Story = {
  play: async ({ canvasElement, args }) => {
    const zone = zoneOf(canvasElement);
    await expect(drag(zone, 'dragenter').defaultPrevented).toBe(false);
    await expect(zone).toHaveAttribute('data-state', 'empty');
    await expect(drag(zone, 'drop').defaultPrevented).toBe(false);
    await expect(args.onFile).not.toHaveBeenCalled();
  },
};

/**
 * A PDF, dropped or picked through the picker's "all files": the form's translated refusal,
 * read out and tied to the input. An audio file afterwards clears it.
 */
export const WrongType: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const refusal =
      '„Protokoll_Vorlage.pdf“ ist keine unterstützte Audiodatei. Möglich sind MP3, M4A, WAV, OGG/Opus, WebM, FLAC und MP4-Audio.';
    drag(zoneOf(canvasElement), 'drop', pdf);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(refusal);
    await expect(args.onFile).toHaveBeenCalledWith(pdf);
    const input = fileInput(canvasElement);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(expect.stringContaining(refusal));

    await userEvent.upload(input, meeting);
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
    await expect(input).not.toHaveAttribute('aria-invalid');
    await expect(canvas.getByText('Teambesprechung März.wav')).toBeVisible();

    await userEvent.setup({ applyAccept: false }).upload(input, pdf);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(refusal);
    await expect(args.onFile).toHaveBeenCalledTimes(3);
    // The refused file does not replace the one chosen before.
    await expect(canvas.getByText('Teambesprechung März.wav')).toBeVisible();
  },
};

/** The form's own error (sent without a file) stands under the zone. */
export const Error: Story = {
  args: { error: 'Bitte wählen Sie eine Audiodatei aus.' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Bitte wählen Sie eine Audiodatei aus.',
    );
    await expect(fileInput(canvasElement)).toHaveAttribute('aria-invalid', 'true');
    await expect(fileInput(canvasElement)).toHaveAccessibleDescription(
      expect.stringContaining('Bitte wählen Sie eine Audiodatei aus.'),
    );
  },
};

/**
 * No speech-to-text engine: nothing can be picked or dropped. The form disables its whole
 * fieldset then, which also tells assistive technology (and axe) that the faded text is inactive.
 */
export const Disabled: Story = {
  args: { disabled: true },
  decorators: [
    (Story) => (
      <fieldset disabled className="contents">
        <Story />
      </fieldset>
    ),
  ],
  play: async ({ canvasElement, args }) => {
    const zone = zoneOf(canvasElement);
    await expect(fileInput(canvasElement)).toBeDisabled();
    await expect(zone).toHaveAttribute('data-disabled', 'true');
    drag(zone, 'dragenter', meeting);
    await expect(zone).toHaveAttribute('data-state', 'empty');
    await expect(drag(zone, 'drop', meeting).defaultPrevented).toBe(false);
    await expect(args.onFile).not.toHaveBeenCalled();
  },
};

/** A long file name is cut with an ellipsis (the whole name in its title); nothing overflows. */
export const LongNames: Story = {
  args: {
    file: new File(
      [silentWav(5)],
      'Quartalsbesprechung_Geschäftsführung_Donaudampfschifffahrtsgesellschaft_2026-03-02_final.wav',
      { type: 'audio/wav' },
    ),
    error:
      '„Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung.docx“ ist keine unterstützte Audiodatei.',
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="chosen-file-name"]')).toHaveAttribute(
      'title',
      'Quartalsbesprechung_Geschäftsführung_Donaudampfschifffahrtsgesellschaft_2026-03-02_final.wav',
    );
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
      document.documentElement.clientWidth,
    );
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const LongNamesMobile: Story = {
  ...LongNames,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    await expect(fileInput(canvasElement)).toBeEnabled();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Drag an audio file here')).toBeVisible();
    const input = fileInput(canvasElement, 'Choose file');
    await expect(input).toHaveAccessibleDescription(
      'MP3, M4A, WAV, OGG/Opus, WebM, FLAC or MP4 audio, up to 1.0 GB',
    );
    drag(zoneOf(canvasElement), 'drop', pdf);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      '“Protokoll_Vorlage.pdf” is not a supported audio file. Possible are MP3, M4A, WAV, OGG/Opus, WebM, FLAC and MP4 audio.',
    );
    await userEvent.upload(input, meeting);
    await expect(fileInput(canvasElement, 'Choose another file')).toBe(input);
    await expect(canvas.getByText('2.2 MB')).toBeVisible();
  },
};
