import type { Meta, StoryObj } from '@storybook/react-vite';
import { Mail, Plus } from 'lucide-react';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from './button.tsx';

const meta = {
  title: 'Primitives/Button',
  component: Button,
  args: { children: 'Speichern', onClick: fn() },
} satisfies Meta<typeof Button>;
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
            <Button key={size} variant={variant} size={size}>
              {variant} {size}
            </Button>
          ))}
          <Button variant={variant} disabled>
            disabled
          </Button>
          <Button variant={variant} loading>
            loading
          </Button>
        </div>
      ))}
    </div>
  ),
};

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const WithIcon: Story = {
  args: {
    children: (
      <>
        <Plus aria-hidden /> Neue Notiz
      </>
    ),
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: /Speichern/ });
    // Not `disabled`: a keyboard user who pressed it keeps the focus while it runs.
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAttribute('aria-busy', 'true');
    button.focus();
    await expect(button).toHaveFocus();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  },
};

export const AsChild: Story = {
  args: {
    asChild: true,
    children: (
      <a href="mailto:hilfe@example.com">
        <Mail aria-hidden /> E-Mail schreiben
      </a>
    ),
  },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'E-Mail schreiben' });
    await expect(link).toHaveAttribute('data-slot', 'button');
  },
};
