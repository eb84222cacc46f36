import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { PasswordInput } from './password-input.tsx';

const meta = {
  title: 'Primitives/PasswordInput',
  component: PasswordInput,
  args: { 'aria-label': 'Passwort', defaultValue: 'geheim123' },
  render: (args) => (
    <div className="max-w-sm">
      <PasswordInput {...args} />
    </div>
  ),
} satisfies Meta<typeof PasswordInput>;
export default meta;
type Story = StoryObj<typeof meta>;

const sizes = ['sm', 'md', 'lg'] as const;

export const Catalog: Story = {
  render: () => (
    <div className="grid max-w-sm gap-4">
      {sizes.map((size) => (
        <div key={size} className="grid gap-2">
          <PasswordInput size={size} aria-label={`Leer ${size}`} placeholder="Passwort" />
          <PasswordInput size={size} aria-label={`Verborgen ${size}`} defaultValue="geheim123" />
          <PasswordInput
            size={size}
            aria-label={`Sichtbar ${size}`}
            defaultValue="geheim123"
            defaultVisible
          />
          <PasswordInput
            size={size}
            aria-label={`Fehlerhaft ${size}`}
            defaultValue="123"
            aria-invalid
          />
          <PasswordInput
            size={size}
            aria-label={`Deaktiviert ${size}`}
            defaultValue="geheim"
            disabled
          />
        </div>
      ))}
    </div>
  ),
};

export const Default: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Passwort', { selector: 'input' });
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Passwort anzeigen' }));
    await expect(input).toHaveAttribute('type', 'text');
    const hide = canvas.getByRole('button', { name: 'Passwort verbergen' });
    await userEvent.click(hide);
    await expect(input).toHaveAttribute('type', 'password');
    await expect(hide).toHaveAccessibleName('Passwort anzeigen');
  },
};

export const Visible: Story = {
  args: { defaultVisible: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Passwort' })).toHaveValue('geheim123');
    await expect(canvas.getByRole('button', { name: 'Passwort verbergen' })).toBeEnabled();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Passwort', { selector: 'input' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Passwort anzeigen' })).toBeDisabled();
  },
};

export const Invalid: Story = {
  args: { 'aria-invalid': true, defaultValue: '123' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Passwort', { selector: 'input' })).toBeInvalid();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { 'aria-label': 'Password' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(canvas.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
  },
};
