import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { HomeScreen } from './home-screen.tsx';

const meta = {
  title: 'Screens/Home',
  component: HomeScreen,
  parameters: { layout: 'fullscreen' },
  args: { signedIn: false, onPrimaryAction: fn(), onSignIn: fn() },
} satisfies Meta<typeof HomeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SignedOut: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
    const [heroCta] = canvas.getAllByRole('button', { name: 'Kostenlos registrieren' });
    await userEvent.click(heroCta!);
    await expect(args.onPrimaryAction).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Anmelden' }));
    await expect(args.onSignIn).toHaveBeenCalledOnce();
  },
};

export const SignedIn: Story = {
  args: { signedIn: true },
  play: async ({ canvas, args }) => {
    await expect(canvas.queryByRole('button', { name: 'Anmelden' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Kostenlos registrieren' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Zum Dashboard' }));
    await expect(args.onPrimaryAction).toHaveBeenCalledOnce();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
