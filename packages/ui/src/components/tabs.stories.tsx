import type { Meta, StoryObj } from '@storybook/react-vite';
import { FileText, ListChecks, NotebookPen } from 'lucide-react';
import { expect, fn, userEvent } from 'storybook/test';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx';

const meta = {
  title: 'Primitives/Tabs',
  component: Tabs,
  args: { defaultValue: 'summary', onValueChange: fn() },
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

function NoteTabs(props: React.ComponentProps<typeof Tabs>) {
  return (
    <Tabs {...props}>
      <TabsList aria-label="Ansicht der Notiz">
        <TabsTrigger value="summary">
          <ListChecks aria-hidden /> Zusammenfassung
        </TabsTrigger>
        <TabsTrigger value="transcript">
          <FileText aria-hidden /> Transkript
        </TabsTrigger>
        <TabsTrigger value="notes">
          <NotebookPen aria-hidden /> Notizen
        </TabsTrigger>
        <TabsTrigger value="export" disabled>
          Export
        </TabsTrigger>
      </TabsList>
      <TabsContent value="summary">
        <p className="text-sm">Das Team hat die Roadmap für das zweite Quartal abgestimmt.</p>
      </TabsContent>
      <TabsContent value="transcript">
        <p className="text-sm">[00:00] Guten Morgen zusammen, fangen wir an.</p>
      </TabsContent>
      <TabsContent value="notes">
        <p className="text-sm">Noch keine eigenen Notizen.</p>
      </TabsContent>
    </Tabs>
  );
}

/** Horizontal and vertical, with icons and a disabled tab. */
export const Catalog: Story = {
  render: (args) => (
    <div className="grid gap-8">
      <NoteTabs {...args} />
      <NoteTabs {...args} defaultValue="transcript" orientation="vertical" />
    </div>
  ),
};

/** Clicking and the arrow keys switch tabs; the disabled tab is skipped. */
export const Default: Story = {
  render: (args) => <NoteTabs {...args} />,
  play: async ({ canvas, args }) => {
    const summary = canvas.getByRole('tab', { name: 'Zusammenfassung' });
    const transcript = canvas.getByRole('tab', { name: 'Transkript' });
    const notes = canvas.getByRole('tab', { name: 'Notizen' });
    await expect(summary).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent(/Roadmap/);

    await userEvent.tab();
    await expect(summary).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(transcript).toHaveFocus();
    await expect(transcript).toHaveAttribute('aria-selected', 'true');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('transcript');
    await expect(canvas.getByRole('tabpanel', { name: 'Transkript' })).toHaveTextContent(
      /Guten Morgen/,
    );

    await userEvent.keyboard('{ArrowRight}');
    await userEvent.keyboard('{ArrowRight}');
    // Past "Notizen" the disabled "Export" tab is skipped and focus wraps to the first tab.
    await expect(summary).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(notes).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(transcript);
    await expect(transcript).toHaveAttribute('aria-selected', 'true');
  },
};

export const Vertical: Story = {
  args: { orientation: 'vertical' },
  render: (args) => <NoteTabs {...args} />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Zusammenfassung' }));
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('tab', { name: 'Transkript' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

/** Many long tabs on a phone: the list scrolls sideways, the panel text wraps. */
export const LongContent: Story = {
  globals: { viewport: { value: 'mobile' } },
  render: (args) => (
    <Tabs {...args} defaultValue="a">
      <TabsList aria-label="Abschnitte">
        <TabsTrigger value="a">Geschäftsführungsbesprechung</TabsTrigger>
        <TabsTrigger value="b">Quartalszahlen</TabsTrigger>
        <TabsTrigger value="c">Datenschutzgrundverordnung</TabsTrigger>
      </TabsList>
      <TabsContent value="a">
        <p className="text-sm">
          Die Donaudampfschifffahrtsgesellschaftskapitänsmütze und die
          Rechtsschutzversicherungsgesellschaften wurden ausführlich besprochen.
        </p>
      </TabsContent>
    </Tabs>
  ),
  play: async ({ canvas }) => {
    const list = canvas.getByRole('tablist');
    await expect(list.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    const panel = canvas.getByRole('tabpanel');
    await expect(panel.scrollWidth).toBeLessThanOrEqual(panel.clientWidth);
  },
};
