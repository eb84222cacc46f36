import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { SpeakerSuggestionHint } from './speaker-suggestion-hint.tsx';

const meta = {
  title: 'Screens/Notes/Parts/SpeakerSuggestionHint',
  component: SpeakerSuggestionHint,
  args: {
    suggestion: { speaker: 'S2', name: 'Anna', index: 4, evidence: 'Danke, Anna.' },
    speaker: 'Sprecher 2',
    pending: false,
    onAccept: fn(),
  },
  decorators: [
    (Story) => (
      <div className="max-w-md">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SpeakerSuggestionHint>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The suggested name with the words it was read from; the button takes it. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/Danke, Anna\./)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Anna/ }));
    await expect(args.onAccept).toHaveBeenCalledOnce();
  },
};

/** While the name is being saved the button takes nothing more. */
export const Pending: Story = {
  args: { pending: true },
  play: async ({ canvas, args }) => {
    const accept = canvas.getByRole('button', { name: /Anna/ });
    await expect(accept).toBeDisabled();
    await userEvent.click(accept, { pointerEventsCheck: 0 });
    await expect(args.onAccept).not.toHaveBeenCalled();
  },
};

/** A long German name and long evidence wrap inside a narrow column. */
export const LongContent: Story = {
  args: {
    suggestion: {
      speaker: 'S3',
      name: 'Hannelore-Friederike',
      index: 12,
      evidence: 'Vielen Dank, Hannelore-Friederike, für die Zusammenfassung der Haushaltsplanung.',
    },
    speaker: 'Sprecher 3',
  },
};

export const English: Story = { args: { speaker: 'Speaker 2' }, globals: { locale: 'en' } };
