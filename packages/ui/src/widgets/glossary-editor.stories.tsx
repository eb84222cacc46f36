import { demoGlossary } from '@protokoll/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { GlossaryEditor } from './glossary-editor.tsx';

// The editor itself, as the settings page and a folder's dialog use it; the screen's stories
// (Screens/Settings/Glossary) show it in its page.

const meta = {
  title: 'Widgets/GlossaryEditor',
  component: GlossaryEditor,
  args: {
    terms: demoGlossary.filter((term) => term.folder_id === null),
    status: 'ready',
    onRetry: fn(),
    onAdd: fn(),
    onUpdate: fn(),
    onDelete: fn(),
    actionStatus: 'idle',
  },
  decorators: [
    (Story) => (
      <div className="max-w-2xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof GlossaryEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The terms, and a new one added with its kind. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Begriff'), 'DSGVO');
    await userEvent.selectOptions(canvas.getByLabelText('Art'), 'Abkürzung');
    await userEvent.click(canvas.getByRole('button', { name: 'Begriff hinzufügen' }));
    await waitFor(() =>
      expect(args.onAdd).toHaveBeenCalledWith(
        expect.objectContaining({ term: 'DSGVO', kind: 'abbreviation' }),
      ),
    );
  },
};

export const Loading: Story = { args: { status: 'loading', terms: [] } };

/** A failed load says so and loads again on "Erneut versuchen". */
export const Error: Story = {
  args: { status: 'error', terms: [] },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Empty: Story = { args: { terms: [] } };

export const English: Story = { globals: { locale: 'en' } };
