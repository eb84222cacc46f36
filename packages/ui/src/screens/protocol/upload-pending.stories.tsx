import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { UploadPending } from './upload-pending.tsx';

const meta = {
  title: 'Screens/Protocol/UploadPending',
  component: UploadPending,
  parameters: { layout: 'fullscreen' },
  args: { name: 'Teambesprechung März', loaded: 9_646_899, size: 24_117_248 },
} satisfies Meta<typeof UploadPending>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Right after "Notiz erstellen": the new note, at its first step, with the bytes sent. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Teambesprechung März' }),
    ).toBeVisible();
    const steps = canvas.getByRole('list', { name: 'Verarbeitung von „Teambesprechung März“' });
    const current = within(steps)
      .getAllByRole('listitem')
      .find((step) => step.getAttribute('aria-current') === 'step');
    await expect(current).toHaveTextContent('Hochladen');
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Your recording is being uploaded')).toBeVisible();
    await expect(
      canvas.getByRole('list', { name: 'Processing of “Teambesprechung März”' }),
    ).toHaveTextContent(/Uploading.*Queued.*Transcribing.*Summarising.*Done/);
  },
};

export const Mobile: Story = {
  ...Default,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};
