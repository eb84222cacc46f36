import { demoGlossary } from '@protokoll/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { FolderGlossaryDialog } from './folder-glossary-dialog.tsx';

const meta = {
  title: 'Screens/Notes/FolderGlossaryDialog',
  component: FolderGlossaryDialog,
  args: {
    folderName: 'Vorstand',
    open: true,
    onOpenChange: fn(),
    terms: demoGlossary.filter((term) => term.folder_id === 1),
    status: 'ready',
    onRetry: fn(),
    onAdd: fn(),
    onUpdate: fn(),
    onDelete: fn(),
    actionStatus: 'idle',
  },
} satisfies Meta<typeof FolderGlossaryDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    await expect(
      await screen.findByRole('dialog', { name: 'Glossar des Ordners „Vorstand“' }),
    ).toBeVisible();
    await expect(screen.getByText('Kubernetes')).toBeVisible();
  },
};

export const Loading: Story = { args: { status: 'loading', terms: [] } };
export const Error: Story = { args: { status: 'error', terms: [] } };
export const Empty: Story = { args: { terms: [] } };
export const LongFolderName: Story = {
  args: { folderName: 'Gemeinderatssitzungsprotokollvorbereitungsunterlagen' },
  globals: { viewport: { value: 'mobile', isRotated: false } },
};
export const English: Story = { globals: { locale: 'en' } };
