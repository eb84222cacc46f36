import type { Meta, StoryObj } from '@storybook/react-vite';
import { Pencil, Plus, Trash } from 'lucide-react';
import { expect, fn, userEvent } from 'storybook/test';
import { IconButton } from './icon-button.tsx';

const meta = {
  title: 'Primitives/IconButton',
  component: IconButton,
  args: { label: 'Notiz löschen', children: <Trash />, onClick: fn() },
} satisfies Meta<typeof IconButton>;
export default meta;
type Story = StoryObj<typeof meta>;

const variants = ['primary', 'secondary', 'outline', 'ghost', 'danger', 'link'] as const;
const sizes = ['sm', 'md', 'lg'] as const;

export const Catalog: Story = {
  render: () => (
    <div className="grid gap-4">
      {variants.map((variant) => (
        <div key={variant} className="flex flex-wrap items-center gap-3">
          {sizes.map((size) => (
            <IconButton
              key={size}
              variant={variant}
              size={size}
              label={`Hinzufügen ${variant} ${size}`}
            >
              <Plus />
            </IconButton>
          ))}
          <IconButton variant={variant} label="Bearbeiten (deaktiviert)" disabled>
            <Pencil />
          </IconButton>
          <IconButton variant={variant} label="Wird gespeichert" loading>
            <Pencil />
          </IconButton>
        </div>
      ))}
    </div>
  ),
};

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Notiz löschen' });
    await expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Notiz löschen' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Notiz löschen' });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

export const AsChild: Story = {
  args: {
    asChild: true,
    label: 'Neue Notiz',
    variant: 'outline',
    children: (
      <a href="#neu">
        <Plus aria-hidden />
      </a>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Neue Notiz' })).toHaveAttribute(
      'data-slot',
      'icon-button',
    );
  },
};
