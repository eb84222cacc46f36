import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { capabilities, minutes, notes, plans } from '@protokoll/mocks';
import { silentWav } from '@protokoll/mocks/fixtures';
import { PAGE_LOAD, prepareRoute, renderRoute } from '../stories/route-story.tsx';

/** `/protocol`, the new-note form, as it ships, on MSW. */
const meta = {
  title: 'Routes/New note',
  tags: ['!autodocs'],
  render: renderRoute,
  loaders: [prepareRoute],
  parameters: { layout: 'fullscreen', route: { url: '/protocol' } },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Neue Notiz' }, PAGE_LOAD),
    ).toBeVisible();
    await expect(await canvas.findByText('Audiodatei hierher ziehen', {}, PAGE_LOAD)).toBeVisible();
  },
};

/** No minutes left: the upload would be refused (402), the page offers more minutes. */
export const MinutesExhausted: Story = {
  parameters: {
    msw: { handlers: { minutes: minutes.exhausted(), notes: notes.insufficientMinutes() } },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Neue Notiz' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

/** Unlimited minutes (Pro, Business) and the premium options. */
export const Unlimited: Story = {
  parameters: { msw: { handlers: { minutes: minutes.unlimited(), plans: plans.premium() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Neue Notiz' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const NoEngine: Story = {
  parameters: { msw: { handlers: { capabilities: capabilities.noEngine() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Keine Spracherkennung eingerichtet', {}, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const NoAudioTools: Story = {
  parameters: { msw: { handlers: { capabilities: capabilities.noAudioTools() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Audioverarbeitung nicht eingerichtet', {}, PAGE_LOAD),
    ).toBeVisible();
  },
};

/** The upload is refused by the server; uploads up to 1 MB only. */
export const UploadRefused: Story = {
  parameters: {
    msw: {
      handlers: {
        notes: notes.uploadFailing(500),
        capabilities: capabilities.maxUpload(1_000_000),
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Neue Notiz' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const Slow: Story = {
  parameters: {
    msw: {
      handlers: {
        capabilities: capabilities.slow(600_000),
        minutes: minutes.slow(600_000),
      },
    },
  },
  play: async ({ canvas }) => {
    // The form waits for what the server can do.
    // The page's own spinner; the shell's connection banner is a status region too (empty online).
    const spinner = await canvas.findByText('Wird geladen …', {}, PAGE_LOAD);
    await expect(spinner.closest('[role="status"]')).not.toBeNull();
    await expect(canvas.queryByRole('heading', { level: 1, name: 'Neue Notiz' })).toBeNull();
  },
};

/** Minutes and server capabilities cannot be read. */
export const ServerError: Story = {
  parameters: {
    msw: { handlers: { capabilities: capabilities.failing(500), minutes: minutes.failing(500) } },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('button', { name: 'Erneut versuchen' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

/** A recording of one minute, which the browser can measure. */
const oneMinute = () =>
  new File([silentWav(60)], 'Abstimmung.wav', {
    type: 'audio/wav',
    lastModified: 1_772_443_800_000,
  });

/**
 * The minutes fail to load (docs/minutes.md#when-loading-fails): the balance is not known, so the
 * form refuses nothing for want of minutes and says the server checks them at upload.
 */
export const MinutesUnknown: Story = {
  parameters: { msw: { handlers: { minutes: minutes.failing(500) } } },
  play: async ({ canvas, canvasElement }) => {
    await expect(
      await canvas.findByText(/Ihr Minutenstand ist gerade nicht bekannt/, {}, PAGE_LOAD),
    ).toBeVisible();
    const meter = within(canvas.getByRole('region', { name: 'Minuten' }));
    await expect(meter.getByRole('alert')).toHaveTextContent(
      'Minuten konnten nicht geladen werden.',
    );
    await userEvent.upload(within(canvasElement).getByLabelText('Datei auswählen'), oneMinute());
    await expect((await canvas.findAllByText('1 Minute', {}, PAGE_LOAD)).length).toBeGreaterThan(0);
    await expect(canvas.queryByText('Nicht genug Minuten')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Notiz erstellen' })).toBeEnabled();
  },
};

/** The same in English. */
export const MinutesUnknownEnglish: Story = {
  parameters: {
    route: { url: '/en/protocol' },
    msw: { handlers: { minutes: minutes.failing(500) } },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(
      await canvas.findByText(/Your minutes balance is not known right now/, {}, PAGE_LOAD),
    ).toBeVisible();
    await userEvent.upload(within(canvasElement).getByLabelText('Choose file'), oneMinute());
    await expect((await canvas.findAllByText('1 minute', {}, PAGE_LOAD)).length).toBeGreaterThan(0);
    await expect(canvas.queryByText('Not enough minutes')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Create note' })).toBeEnabled();
  },
};
