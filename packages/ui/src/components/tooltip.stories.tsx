import type { Meta, StoryObj } from '@storybook/react-vite';
import { Download } from 'lucide-react';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from './button.tsx';
import {
  Tooltip,
  TooltipContent,
  TooltipProvider,
  TooltipTrigger,
  type TooltipContentProps,
} from './tooltip.tsx';

const meta = {
  title: 'Primitives/Tooltip',
  component: Tooltip,
  decorators: [
    (Story) => (
      <div className="flex min-h-64 items-center justify-center">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

const sides: { side: TooltipContentProps['side']; label: string }[] = [
  { side: 'left', label: 'Links' },
  { side: 'top', label: 'Oben' },
  { side: 'bottom', label: 'Unten' },
  { side: 'right', label: 'Rechts' },
];

/** One open tooltip per side. */
export const Catalog: Story = {
  render: () => (
    <TooltipProvider>
      <div className="flex items-center gap-x-24 py-16">
        {sides.map(({ side, label }) => (
          <Tooltip key={side} open>
            <TooltipTrigger asChild>
              <Button variant="outline">{label}</Button>
            </TooltipTrigger>
            <TooltipContent side={side}>Als Textdatei herunterladen</TooltipContent>
          </Tooltip>
        ))}
      </div>
    </TooltipProvider>
  ),
  play: async () => {
    await expect(await screen.findAllByRole('tooltip')).toHaveLength(4);
  },
};

/** Closed until the trigger gets keyboard focus; Escape hides it again. */
export const Default: Story = {
  render: () => (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="outline" size="md" aria-label="Herunterladen">
          <Download aria-hidden />
        </Button>
      </TooltipTrigger>
      <TooltipContent>Als Textdatei herunterladen</TooltipContent>
    </Tooltip>
  ),
  play: async ({ canvas }) => {
    await expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await userEvent.tab();
    const trigger = canvas.getByRole('button', { name: 'Herunterladen' });
    await expect(trigger).toHaveFocus();
    const tooltip = await screen.findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('Als Textdatei herunterladen');
    await expect(trigger).toHaveAccessibleDescription('Als Textdatei herunterladen');

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  },
};

export const Open: Story = {
  render: () => (
    <Tooltip defaultOpen>
      <TooltipTrigger asChild>
        <Button variant="outline">Exportieren</Button>
      </TooltipTrigger>
      <TooltipContent>Als Textdatei herunterladen</TooltipContent>
    </Tooltip>
  ),
  play: async () => {
    await expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Als Textdatei herunterladen',
    );
  },
};

/** Long German words wrap inside the capped width. */
export const LongContent: Story = {
  render: () => (
    <Tooltip defaultOpen>
      <TooltipTrigger asChild>
        <Button variant="outline">Datenschutz</Button>
      </TooltipTrigger>
      <TooltipContent>
        Die Datenschutzgrundverordnungskonformitätsprüfung der Quartalsbesprechungsaufzeichnung
        läuft noch.
      </TooltipContent>
    </Tooltip>
  ),
  play: async () => {
    await screen.findByRole('tooltip');
    const bubble = document.querySelector<HTMLElement>('[data-slot="tooltip-content"]');
    await expect(bubble).not.toBeNull();
    await expect(bubble!.scrollWidth).toBeLessThanOrEqual(bubble!.clientWidth);
  },
};
