import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Avatar, initialsOf } from './avatar.tsx';

/** An inline picture, so stories make no network request. */
const PICTURE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#4f46e5"/><circle cx="20" cy="16" r="7" fill="#e0e7ff"/><rect x="8" y="26" width="24" height="14" rx="7" fill="#e0e7ff"/></svg>',
)}`;

const meta = {
  title: 'Primitives/Avatar',
  component: Avatar,
  args: { name: 'Anna-Lena Müller' },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

const sizes = ['sm', 'md', 'lg'] as const;

export const Catalog: Story = {
  render: () => (
    <div className="grid gap-4">
      {sizes.map((size) => (
        <div key={size} className="flex items-center gap-3">
          <Avatar size={size} name="Anna-Lena Müller" />
          <Avatar size={size} name="Jörg" />
          <Avatar size={size} name="Özlem Yılmaz" src={PICTURE} />
          <Avatar size={size} name="" />
        </div>
      ))}
    </div>
  ),
};

export const Default: Story = {
  play: async ({ canvas }) => {
    const avatar = canvas.getByRole('img', { name: 'Anna-Lena Müller' });
    await expect(avatar).toHaveTextContent('AM');
    await expect(initialsOf('  Jörg  ')).toBe('J');
    await expect(initialsOf('Özlem Yılmaz')).toBe('ÖY');
    await expect(initialsOf('')).toBe('');
  },
};

export const WithImage: Story = {
  args: { src: PICTURE, name: 'Özlem Yılmaz' },
  play: async ({ canvas }) => {
    const avatar = canvas.getByRole('img', { name: 'Özlem Yılmaz' });
    await waitFor(() => expect(avatar.querySelector('img')).not.toBeNull());
    await expect(avatar).not.toHaveTextContent('ÖY');
  },
};

export const BrokenImage: Story = {
  args: { src: 'data:image/png;base64,kaputt', name: 'Jörg Schmidt' },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('img', { name: 'Jörg Schmidt' })).toHaveTextContent('JS'),
    );
  },
};

export const WithoutName: Story = {
  args: { name: '' },
  play: async ({ canvasElement }) => {
    const avatar = canvasElement.querySelector('[data-slot="avatar"]');
    await expect(avatar).toHaveAttribute('aria-hidden', 'true');
  },
};
