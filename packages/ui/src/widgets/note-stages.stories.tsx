import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { expectNoOverflow } from '../lib/story-helpers.ts';
import { NoteStages } from './note-stages.tsx';

const meta = {
  title: 'Widgets/NoteStages',
  component: NoteStages,
  args: { name: 'Teambesprechung Q3', stage: 'transcribing', progress: 63 },
  decorators: [
    (Story) => (
      <div className="max-w-2xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof NoteStages>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Transcribing: earlier steps are ticked, the current one carries its percentage and a bar. */
export const Transcribing: Story = {
  play: async ({ canvas }) => {
    const steps = canvas.getByRole('list', { name: 'Verarbeitung von „Teambesprechung Q3“' });
    await expect(steps).toBeVisible();
    const current = canvas.getByText('Transkribieren').closest('li')!;
    await expect(current).toHaveAttribute('aria-current', 'step');
    await expect(current).toHaveTextContent('63');
    await expect(canvas.getByText('Hochladen').closest('li')).toHaveAttribute('data-state', 'done');
    await expect(canvas.getByText('Fertig').closest('li')).toHaveAttribute(
      'data-state',
      'upcoming',
    );
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '63');
  },
};

/** The bytes are still travelling: the bar shows how much of the file has been sent. */
export const Uploading: Story = {
  args: { stage: 'uploading', progress: 40 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Hochladen').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  },
};

/** Waiting for a worker: no bar, nothing is measured yet. */
export const Queued: Story = {
  args: { stage: 'queued', progress: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('In Warteschlange').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
    await expect(canvas.queryByRole('progressbar')).toBeNull();
  },
};

export const Summarizing: Story = {
  args: { stage: 'summarizing', progress: 90 },
};

/** Done: every step ticked but the last, which is current. */
export const Done: Story = {
  args: { stage: 'done', progress: 100 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Fertig').closest('li')).toHaveAttribute('aria-current', 'step');
    await expect(canvas.queryByRole('progressbar')).toBeNull();
  },
};

/** The speech engine could not be reached: the note says so and when it tries again, no bar. */
export const WaitingForEngine: Story = {
  args: {
    stage: 'queued',
    progress: 5,
    retry: {
      attempt: 2,
      max_attempts: 5,
      next_attempt_at: '2026-11-24T13:32:00.000Z',
      last_error: 'processing.engine.unreachable',
    },
  },
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent('Spracherkennung nicht erreichbar');
    await expect(status).toHaveTextContent(/Nächster Versuch um \d{1,2}:32, Versuch 2 von 5\./);
    await expect(canvas.queryByRole('progressbar')).toBeNull();
  },
};

/** Any other passing failure is named in general terms. */
export const WaitingOther: Story = {
  args: {
    stage: 'queued',
    retry: {
      attempt: 3,
      max_attempts: 5,
      next_attempt_at: '2026-11-24T13:40:00.000Z',
      last_error: 'processing.engine.failed',
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Vorübergehendes Problem bei der Verarbeitung',
    );
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: WaitingForEngine.args,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/attempt 2 of 5/);
  },
};

/** A long German name on a phone: the steps wrap, nothing runs out of the screen. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  args: {
    name: 'Quartalsabschlussbesprechungsprotokoll der Geschäftsführung',
    stage: 'transcribing',
    progress: 12,
  },
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};
