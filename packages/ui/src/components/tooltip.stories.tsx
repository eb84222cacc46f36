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

const sides: TooltipContentProps['side'][] = ['top', 'right', 'bottom', 'left'];

/** One open tooltip per side. */
export const Catalog: Story = {
  render: () => (
    <TooltipProvider>
      <div className="grid grid-cols-2 gap-x-40 gap-y-20">
        {sides.map((side) => (
          <Tooltip key={side} open>
            <TooltipTrigger asChild>
              <Button variant="outline">{side}</Button>
            </TooltipTrigger>
            <TooltipContent side={side}>Als Textdatei herunterladen</TooltipContent>
          </Tooltip>
        ))}
      </div>
    </TooltipProvider>
  ),
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
