import type { Meta, StoryObj } from '@storybook/react-vite';
import { Inbox, Mic, Search } from 'lucide-react';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

const LONG_WORD = 'Donaudampfschifffahrtsgesellschaftskapitänsmütze';

const meta = {
  title: 'Primitives/EmptyState',
  component: EmptyState,
  args: {
    icon: <Inbox />,
    title: 'Noch keine Notizen',
    description: 'Nehmen Sie eine Besprechung auf oder laden Sie eine Audiodatei hoch.',
  },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Catalog: Story = {
  render: () => (
    <div className="grid gap-4 md:grid-cols-2">
      <EmptyState
        icon={<Mic />}
        title="Noch keine Notizen"
        description="Nehmen Sie eine Besprechung auf."
        action={<Button>Aufnahme starten</Button>}
      />
      <EmptyState
        icon={<Search />}
        title="Keine Treffer"
        description="Versuchen Sie einen anderen Suchbegriff."
      />
      <EmptyState title="Nur ein Titel" />
    </div>
  ),
};

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Noch keine Notizen' })).toBeInTheDocument();
  },
};

const record = fn();

export const WithAction: Story = {
  args: { action: <Button onClick={record}>Aufnahme starten</Button> },
  play: async ({ canvas }) => {
    record.mockClear();
    await userEvent.click(canvas.getByRole('button', { name: 'Aufnahme starten' }));
    await expect(record).toHaveBeenCalledOnce();
  },
};

export const LongContent: Story = {
  args: {
    title: `Keine ${LONG_WORD}`,
    description: `Im Ordner ${LONG_WORD} liegt noch nichts.`,
  },
  render: (args) => (
    <div className="w-56">
      <EmptyState {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const box = canvasElement.querySelector<HTMLElement>('[data-slot="empty-state"]')!;
    await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
  },
};
