import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent } from 'storybook/test';
import { MoreOptions } from './more-options.tsx';

const meta = {
  title: 'Screens/Protocol/Parts/MoreOptions',
  component: MoreOptions,
  args: {
    open: false,
    onOpenChange: () => {},
    summary: 'Ergebnisprotokoll, Notiz auf Deutsch',
    children: <p>Optionen</p>,
  },
  render: function Render(args) {
    const [open, setOpen] = useState(args.open);
    return <MoreOptions {...args} open={open} onOpenChange={setOpen} />;
  },
} satisfies Meta<typeof MoreOptions>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: the heading's button and one line of what the note will be like. */
export const Closed: Story = {
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole('button', { name: /Weitere Optionen/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByText('Optionen')).toBeNull();
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByText('Optionen')).toBeVisible();
  },
};

export const Open: Story = { args: { open: true } };

/** The options of the last note: the line says so. */
export const Remembered: Story = {
  args: { remembered: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/wie bei Ihrer letzten Notiz/)).toBeVisible();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { summary: 'Minutes, note in English' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /More options/ })).toBeVisible();
  },
};
