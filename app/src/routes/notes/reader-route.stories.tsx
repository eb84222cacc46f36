import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { notes } from '@protokoll/mocks';
import { PAGE_LOAD, prepareRoute, renderRoute } from '../../stories/route-story.tsx';

/** The reader (`/notes?note=8`) as it ships: detail, audio, summary and transcript, on MSW. */
const meta = {
  title: 'Routes/Reader',
  tags: ['!autodocs'],
  render: renderRoute,
  loaders: [prepareRoute],
  parameters: { layout: 'fullscreen', route: { url: '/notes?note=8' } },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole(
        'heading',
        { level: 1, name: 'Vorstandssitzung März 2026' },
        PAGE_LOAD,
      ),
    ).toBeVisible();
    await expect(
      await canvas.findByRole('heading', { name: 'Zusammenfassung' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

/** Note 9's processing failed: the reader says so and offers another try. */
export const NoteFailed: Story = {
  parameters: { route: { url: '/notes?note=9' } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Verarbeitung fehlgeschlagen', {}, PAGE_LOAD),
    ).toBeVisible();
  },
};

/** Note 11 is transcribing; the reader polls and shows it done once the server is. */
export const ProcessingFinishes: Story = {
  parameters: { route: { url: '/notes?note=11' }, msw: { handlers: { notes: notes.finishing() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Ihre Notiz wird verarbeitet', {}, PAGE_LOAD),
    ).toBeVisible();
    await expect(
      await canvas.findByRole('heading', { name: 'Transkript' }, { timeout: 10_000 }),
    ).toBeVisible();
  },
};

export const DetailFailing: Story = {
  parameters: { msw: { handlers: { notes: notes.detailFailing(500) } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('button', { name: 'Erneut versuchen' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const DownloadFailing: Story = {
  parameters: { msw: { handlers: { notes: notes.downloadFailing(500) } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole(
        'heading',
        { level: 1, name: 'Vorstandssitzung März 2026' },
        PAGE_LOAD,
      ),
    ).toBeVisible();
  },
};

/**
 * Summarising again (docs/uploads.md#summarising-again): Stichpunkte from the same transcript; the
 * reader shows them, and the versions list has the one before, which is restored.
 */
export const Resummarise: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Neu zusammenfassen' }, PAGE_LOAD),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Neu zusammenfassen' }));
    await userEvent.click(dialog.getByRole('radio', { name: 'Stichpunkte' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Neu zusammenfassen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(await canvas.findByRole('heading', { name: 'Stichpunkte' })).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Versionen' }));
    const versions = within(await screen.findByRole('dialog'));
    await userEvent.click(await versions.findByRole('button', { name: 'Version 2 ansehen' }));
    await userEvent.click(versions.getByRole('button', { name: 'Version 2 wiederherstellen' }));
    await userEvent.click(versions.getByRole('button', { name: 'Ja, Version 2 wiederherstellen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(canvas.queryByRole('heading', { name: 'Stichpunkte' })).not.toBeInTheDocument(),
    );
  },
};

/** A re-summary the server refuses (too few minutes): the dialog says so and stays open. */
export const ResummariseFailing: Story = {
  parameters: { msw: { handlers: { notes: notes.resummariseFailing(402) } } },
  play: async ({ canvas }) => {
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Neu zusammenfassen' }, PAGE_LOAD),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Neu zusammenfassen' }));
    const submit = dialog.getByRole('button', { name: 'Neu zusammenfassen' });
    await userEvent.click(submit);
    await expect(await dialog.findByRole('alert')).toBeVisible();
    await waitFor(() => expect(submit).toBeEnabled());
    // The screenshot is taken without focus: whether the button kept it depends on how long it
    // was disabled while the request ran (a ring or none).
    (document.activeElement as HTMLElement | null)?.blur();
  },
};
