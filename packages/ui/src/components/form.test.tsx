import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldIssue } from '@protokoll/contract';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { I18nextProvider as I18nProvider } from 'react-i18next';
import { createI18n } from '../lib/i18next.ts';
import { FormFieldState } from './field.tsx';
import {
  fieldIssuesOf,
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useServerFieldErrors,
} from './form.tsx';

const i18n = createI18n('de', {
  de: {
    common: { optional: 'optional' },
    validation: { required: 'Dieses Feld ist erforderlich.' },
    errors: { folderExists: 'Ein Ordner mit diesem Namen existiert bereits.' },
  },
});

const Schema = z.object({
  name: z.string().trim().min(1, { error: 'validation.required' }),
  note: z.string().optional(),
});

function NameForm({
  issues,
  onSubmit = () => undefined,
}: {
  issues?: FieldIssue[];
  onSubmit?: (values: z.output<typeof Schema>) => void;
}) {
  const form = useForm({ resolver: zodResolver(Schema), defaultValues: { name: '', note: '' } });
  useServerFieldErrors(form.setError, issues, ['name']);
  return (
    <Form {...form}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Name</FormLabel>
              <FormControl>
                <input {...field} />
              </FormControl>
              <FormDescription>Wie der Ordner heißt.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        {/* Inside Form, `control` comes from the context. */}
        <FormField<z.input<typeof Schema>>
          name="note"
          render={({ field }) => (
            <FormItem>
              <FormLabel optional>Notiz</FormLabel>
              <FormControl>
                <input {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <button type="submit">Speichern</button>
      </form>
    </Form>
  );
}

afterEach(cleanup);

const renderForm = (ui: React.ReactNode) => render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);

describe('Form', () => {
  it('labels and describes the control, and shows a schema error once, translated', async () => {
    const onSubmit = vi.fn();
    renderForm(<NameForm onSubmit={onSubmit} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(screen.getByRole('textbox', { name: 'Notiz (optional)' })).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription('Wie der Ordner heißt.');
    expect(name).not.toHaveAttribute('aria-invalid');

    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    // The resolver validates asynchronously: the state arrives after the click.
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Wie der Ordner heißt. Dieses Feld ist erforderlich.');
    expect(screen.getAllByText('Dieses Feld ist erforderlich.')).toHaveLength(1);
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(name, ' Kunden ');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: 'Kunden', note: '' }, expect.anything()),
    );
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it("puts server issues on their fields: keys translated, a server's text as sent", async () => {
    const { rerender } = renderForm(
      <NameForm issues={[{ path: 'name', message: 'errors.folderExists' }]} />,
    );
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Ein Ordner mit diesem Namen existiert bereits.')).toBeVisible();

    rerender(
      <I18nProvider i18n={i18n}>
        <NameForm
          issues={[
            { path: 'name', message: 'Name is reserved' },
            { path: 'elsewhere', message: 'not for this form' },
          ]}
        />
      </I18nProvider>,
    );
    expect(await screen.findByText('Name is reserved')).toBeVisible();
    expect(screen.queryByText('not for this form')).toBeNull();
  });

  it('does not re-apply the same issues when the parent rebuilds the array', async () => {
    const issues = () => [{ path: 'name', message: 'Name is reserved' }];
    const { rerender } = renderForm(<NameForm issues={issues()} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.type(name, 'Kunden');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(name).not.toHaveAttribute('aria-invalid');
    await act(async () =>
      rerender(
        <I18nProvider i18n={i18n}>
          <NameForm issues={issues()} />
        </I18nProvider>,
      ),
    );
    expect(name).not.toHaveAttribute('aria-invalid');
  });
});

describe('FormFieldState', () => {
  it('feeds the same parts without react-hook-form (the sign-in form)', () => {
    renderForm(
      <FormFieldState name="email" error="validation.required">
        <FormItem>
          <FormLabel>E-Mail</FormLabel>
          <FormControl>
            <input name="email" />
          </FormControl>
          <FormMessage />
        </FormItem>
      </FormFieldState>,
    );
    const email = screen.getByRole('textbox', { name: 'E-Mail' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Dieses Feld ist erforderlich.');
  });
});

describe('fieldIssuesOf', () => {
  it('turns a failure that names a field into its issue, anything else into none', () => {
    const byCode = { folderExists: 'name' } as const;
    expect(fieldIssuesOf({ code: 'folderExists' }, byCode)).toEqual([
      { path: 'name', message: 'errors.folderExists' },
    ]);
    expect(fieldIssuesOf({ code: 'server' }, byCode)).toEqual([]);
    expect(fieldIssuesOf({ message: 'folderExists' }, byCode)).toEqual([]);
    expect(fieldIssuesOf(undefined, byCode)).toEqual([]);
  });
});
