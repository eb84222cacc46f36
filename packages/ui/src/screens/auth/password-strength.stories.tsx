import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PasswordStrength, passwordStrength } from './password-strength.tsx';

const meta = {
  title: 'Screens/Auth/PasswordStrength',
  component: PasswordStrength,
  args: { password: '' },
  render: (args) => (
    <p className="max-w-sm text-sm text-muted-foreground">
      <PasswordStrength {...args} />
    </p>
  ),
} satisfies Meta<typeof PasswordStrength>;
export default meta;
type Story = StoryObj<typeof meta>;

const samples = ['', 'kurz', 'langweilig', 'Langweilig1', 'Sommer-Protokoll-2026!'];

export const Catalog: Story = {
  render: () => (
    <div className="grid max-w-sm gap-4 text-sm text-muted-foreground">
      {samples.map((password) => (
        <p key={password || 'empty'}>
          <PasswordStrength password={password} />
        </p>
      ))}
    </div>
  ),
  play: async () => {
    await expect(samples.map(passwordStrength)).toEqual([
      'empty',
      'tooShort',
      'weak',
      'medium',
      'strong',
    ]);
  },
};

export const Empty: Story = {};

export const Weak: Story = { args: { password: 'langweilig' } };

export const Strong: Story = {
  args: { password: 'Sommer-Protokoll-2026!' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-level]')).toHaveAttribute(
      'data-level',
      'strong',
    );
  },
};
