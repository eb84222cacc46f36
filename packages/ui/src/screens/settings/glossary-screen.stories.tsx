import { demoGlossary, longGlossary } from '@protokoll/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { GlossaryScreen } from './glossary-screen.tsx';

const own = demoGlossary.filter((term) => term.folder_id === null);

const meta = {
  title: 'Screens/Settings/Glossary',
  component: GlossaryScreen,
  args: {
    terms: own,
    status: 'ready',
    onRetry: fn(),
    onAdd: fn(),
    onUpdate: fn(),
    onDelete: fn(),
    actionStatus: 'idle',
  },
  decorators: [
    (Story) => (
      <div className="max-w-3xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof GlossaryScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The user's terms A to Z; a new one is added with its heard spellings split at the commas. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const list = canvas.getByRole('list', { name: /3 von 200 Begriffen/ });
    await expect(list).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Begriff'), 'Kubernetes');
    await userEvent.selectOptions(canvas.getByLabelText('Art'), 'Produktname');
    await userEvent.type(
      canvas.getByLabelText(/Gehörte Schreibweisen/),
      'Kubernetis, , Cubernetes',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Begriff hinzufügen' }));
    await waitFor(() =>
      expect(args.onAdd).toHaveBeenCalledWith({
        term: 'Kubernetes',
        kind: 'product',
        variants: ['Kubernetis', 'Cubernetes'],
        note: '',
      }),
    );
  },
};

/** An empty term is refused at the field, nothing is sent. */
export const Invalid: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Begriff hinzufügen' }));
    await expect(await canvas.findByText('Geben Sie einen Begriff ein.')).toBeVisible();
    await expect(args.onAdd).not.toHaveBeenCalled();
  },
};

/** A term changed in place and deleted from its row. */
export const Editing: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '„Maier“ bearbeiten' }));
    const note = canvas.getAllByLabelText(/Notiz/)[1]!;
    await userEvent.clear(note);
    await userEvent.type(note, 'Einkauf');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(args.onUpdate).toHaveBeenCalledWith(901, {
        term: 'Maier',
        kind: 'name',
        variants: ['Meier'],
        note: 'Einkauf',
      }),
    );
    await userEvent.click(canvas.getByRole('button', { name: '„DSGVO“ löschen' }));
    await expect(args.onDelete).toHaveBeenCalledWith(903);
  },
};

export const Loading: Story = { args: { status: 'loading', terms: [] } };

export const Error: Story = {
  args: { status: 'error', terms: [] },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Empty: Story = { args: { terms: [] } };

/** A term the glossary has already: the server's refusal above the list. */
export const ActionFailed: Story = {
  args: {
    actionStatus: 'error',
    lastAction: { type: 'add', term: 'Maier' },
    actionError: { message: 'Dieser Begriff steht schon im Glossar.' },
  },
};

export const Added: Story = {
  args: { actionStatus: 'success', lastAction: { type: 'add', term: 'Kubernetes' } },
};

/** The longest words fit, on a phone too. */
export const LongContent: Story = {
  args: { terms: longGlossary },
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

export const English: Story = { globals: { locale: 'en' } };
