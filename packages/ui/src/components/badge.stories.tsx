import type { Meta, StoryObj } from '@storybook/react-vite';
import { CircleCheck } from 'lucide-react';
import { expect } from 'storybook/test';
import { Badge } from './badge.tsx';

const LONG_WORD = 'Donaudampfschifffahrtsgesellschaftskapitänsmütze';

const meta = {
  title: 'Primitives/Badge',
  component: Badge,
  args: { children: 'Entwurf' },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

const variants = [
  ['neutral', 'Entwurf'],
  ['brand', 'Pro'],
  ['success', 'Fertig'],
  ['warning', 'Läuft bald ab'],
  ['danger', 'Fehlgeschlagen'],
  ['info', 'In Bearbeitung'],
] as const;

export const Catalog: Story = {
  render: () => (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {variants.map(([variant, text]) => (
          <Badge key={variant} variant={variant}>
            {text}
          </Badge>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {variants.map(([variant, text]) => (
          <Badge key={variant} variant={variant}>
            <CircleCheck aria-hidden />
            {text}
          </Badge>
        ))}
      </div>
    </div>
  ),
};

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Entwurf')).toHaveAttribute('data-slot', 'badge');
  },
};

export const Success: Story = { args: { variant: 'success', children: 'Fertig' } };
export const Warning: Story = { args: { variant: 'warning', children: 'Läuft bald ab' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Fehlgeschlagen' } };
export const Info: Story = { args: { variant: 'info', children: 'In Bearbeitung' } };
export const Brand: Story = { args: { variant: 'brand', children: 'Pro' } };

export const LongContent: Story = {
  args: { children: LONG_WORD },
  render: (args) => (
    <div className="w-40">
      <Badge {...args} />
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    const box = canvasElement.querySelector<HTMLElement>('.w-40')!;
    await expect(canvas.getByText(LONG_WORD).getBoundingClientRect().right).toBeLessThanOrEqual(
      box.getBoundingClientRect().right + 0.5,
    );
  },
};
