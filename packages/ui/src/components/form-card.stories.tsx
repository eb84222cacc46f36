import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordBody, type FieldIssue } from '@protokoll/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useForm } from 'react-hook-form';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Button } from './button.tsx';
import { FormCard } from './form-card.tsx';
import { TextFormField, useServerFieldErrors } from './form.tsx';

const fields = ['current_password', 'new_password'] as const;

interface DemoProps {
  onSubmit: (values: ChangePasswordBody) => void;
  /** Two columns from `sm` up. */
  columns?: 1 | 2;
  fieldErrors?: FieldIssue[];
}

/** A card with two password fields, as a settings section builds it. */
function DemoFormCard({ onSubmit, columns, fieldErrors }: DemoProps) {
  const form = useForm({
    resolver: zodResolver(ChangePasswordBody),
    defaultValues: { current_password: '', new_password: '' },
  });
  useServerFieldErrors(form.setError, fieldErrors, fields);
  return (
    <div className="max-w-2xl">
      <FormCard
        form={form}
        title="Passwort ändern"
        description="Andere Geräte werden danach abgemeldet."
        onValid={onSubmit}
        columns={columns}
        actions={<Button type="submit">Passwort ändern</Button>}
      >
        <TextFormField
          control={form.control}
          name="current_password"
          label="Aktuelles Passwort"
          password
          autoComplete="current-password"
        />
        <TextFormField
          control={form.control}
          name="new_password"
          label="Neues Passwort"
          description="Mindestens 8 Zeichen."
          password
          autoComplete="new-password"
        />
      </FormCard>
    </div>
  );
}

const meta = {
  title: 'Primitives/FormCard',
  component: DemoFormCard,
  args: { onSubmit: fn() },
} satisfies Meta<typeof DemoFormCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    // The heading names the form.
    const form = canvas.getByRole('form', { name: 'Passwort ändern' });
    await expect(form).toBeVisible();
    const current = canvas.getByLabelText('Aktuelles Passwort');
    await expect(current).toHaveAttribute('type', 'password');
    await expect(canvas.getByLabelText('Neues Passwort')).toHaveAccessibleDescription(
      'Mindestens 8 Zeichen.',
    );
    await userEvent.type(current, 'altes-Passwort-1');
    await userEvent.type(canvas.getByLabelText('Neues Passwort'), 'neues-Passwort-2');
    await userEvent.click(canvas.getByRole('button', { name: 'Passwort ändern' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        { current_password: 'altes-Passwort-1', new_password: 'neues-Passwort-2' },
        expect.anything(),
      ),
    );
  },
};

export const TwoColumns: Story = {
  args: { columns: 2 },
};

export const Invalid: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Passwort ändern' }));
    await waitFor(() =>
      expect(canvas.getByLabelText('Aktuelles Passwort')).toHaveAttribute('aria-invalid', 'true'),
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const ServerIssue: Story = {
  args: {
    fieldErrors: [{ path: 'current_password', message: 'errors.wrongPassword' }],
  },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByLabelText('Aktuelles Passwort')).toHaveAccessibleDescription(
        'Das aktuelle Passwort ist falsch.',
      ),
    );
  },
};
