import { zodResolver } from '@hookform/resolvers/zod';
import { NoteDesign, NoteStructure, RegisterBody, type FieldIssue } from '@protokoll/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useForm } from 'react-hook-form';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Button } from './button.tsx';
import { Checkbox } from './checkbox.tsx';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useServerFieldErrors,
} from './form.tsx';
import { Input } from './input.tsx';
import { RadioGroup, RadioGroupItem } from './radio-group.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select.tsx';

/** A form of contract fields: a text, an optional text, a select, a radio group, a checkbox. */
const DemoBody = RegisterBody.pick({
  first_name: true,
  company: true,
  accept_terms: true,
}).extend({ structure: NoteStructure, design: NoteDesign });

const demoFields = ['first_name', 'company', 'structure', 'design', 'accept_terms'] as const;

interface DemoFormProps {
  /** Field issues of a server answer, as a screen gets them. */
  fieldErrors?: FieldIssue[];
  onSubmit: (values: unknown) => void;
}

function DemoForm({ fieldErrors, onSubmit }: DemoFormProps) {
  const form = useForm({
    resolver: zodResolver(DemoBody),
    defaultValues: { first_name: '', company: '', structure: 'minutes', design: 'classic' },
  });
  useServerFieldErrors(form.setError, fieldErrors, demoFields);
  return (
    <Form {...form}>
      <form
        noValidate
        className="grid max-w-md gap-4"
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      >
        <FormField
          control={form.control}
          name="first_name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Vorname</FormLabel>
              <FormControl>
                <Input autoComplete="given-name" {...field} />
              </FormControl>
              <FormDescription>So sprechen wir Sie an.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="company"
          render={({ field }) => (
            <FormItem>
              <FormLabel optional>Firma</FormLabel>
              <FormControl>
                <Input autoComplete="organization" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="structure"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Gliederung</FormLabel>
              <FormControl>
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="minutes">Protokoll</SelectItem>
                    <SelectItem value="bullets">Stichpunkte</SelectItem>
                  </SelectContent>
                </Select>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="design"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Gestaltung</FormLabel>
              <FormControl>
                <RadioGroup ref={field.ref} value={field.value} onValueChange={field.onChange}>
                  <RadioGroupItem value="classic" label="Klassisch" />
                  <RadioGroupItem value="modern" label="Modern" />
                </RadioGroup>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="accept_terms"
          render={({ field: { value, onChange, ...field } }) => (
            <FormItem orientation="horizontal">
              <FormLabel>Ich stimme den AGB zu</FormLabel>
              <FormControl>
                <Checkbox
                  checked={value === true}
                  onCheckedChange={(checked) => onChange(checked === true)}
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="justify-self-start">
          Speichern
        </Button>
      </form>
    </Form>
  );
}

/**
 * The one way to build a form: react-hook-form with a contract schema through `zodResolver`,
 * fields laid out with FormItem, FormLabel, FormControl, FormDescription and FormMessage (the
 * look of `Field`). Messages are i18n keys, translated once by FormMessage.
 */
const meta = {
  title: 'Primitives/Form',
  component: DemoForm,
  parameters: {
    docs: {
      description: {
        component:
          "The one way to build a form: react-hook-form with the contract's zod schema, labels, descriptions and messages wired to each field, and the server's field issues put on their fields.",
      },
    },
  },
  args: { onSubmit: fn() },
} satisfies Meta<typeof DemoForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const name = canvas.getByRole('textbox', { name: 'Vorname' });
    await expect(name).toHaveAccessibleDescription('So sprechen wir Sie an.');
    await expect(name).not.toHaveAttribute('aria-invalid');
    await expect(canvas.getByRole('textbox', { name: 'Firma (optional)' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Gliederung' })).toHaveTextContent(
      'Protokoll',
    );
    await expect(canvas.getByRole('radiogroup', { name: 'Gestaltung' })).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'Ich stimme den AGB zu' })).toBeVisible();
  },
};

/** Submitted empty: the schema's keys, translated, each once under its field; focus on the first. */
export const Invalid: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    const name = canvas.getByRole('textbox', { name: 'Vorname' });
    await waitFor(() => expect(name).toHaveFocus());
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(
      'So sprechen wir Sie an. Bitte füllen Sie dieses Feld aus.',
    );
    const terms = canvas.getByRole('checkbox', { name: 'Ich stimme den AGB zu' });
    await expect(terms).toHaveAccessibleDescription(
      'Bitte stimmen Sie den AGB und der Datenschutzerklärung zu.',
    );
    await expect(canvas.getAllByText('Bitte füllen Sie dieses Feld aus.')).toHaveLength(1);
    await expect(args.onSubmit).not.toHaveBeenCalled();

    await userEvent.type(name, 'Erika');
    await userEvent.click(terms);
    await expect(name).not.toHaveAttribute('aria-invalid');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
  },
};

/** A 422 answer: an i18n key is translated, a server's own text shows as sent. */
export const ServerIssues: Story = {
  args: {
    fieldErrors: [
      { path: 'first_name', message: 'validation.tooLong' },
      { path: 'company', message: 'Dieser Firmenname ist vergeben.' },
    ],
  },
  play: async ({ canvas }) => {
    const name = canvas.getByRole('textbox', { name: 'Vorname' });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    await expect(name).toHaveAccessibleDescription(
      'So sprechen wir Sie an. Diese Eingabe ist zu lang.',
    );
    await expect(
      canvas.getByRole('textbox', { name: 'Firma (optional)' }),
    ).toHaveAccessibleDescription('Dieser Firmenname ist vergeben.');
  },
};

/** Every kind of control in its invalid state, for the screenshot. */
export const Catalog: Story = {
  args: {
    fieldErrors: [
      { path: 'first_name', message: 'validation.required' },
      { path: 'company', message: 'validation.tooLong' },
      { path: 'structure', message: 'validation.invalidValue' },
      { path: 'design', message: 'validation.invalidValue' },
      { path: 'accept_terms', message: 'validation.termsRequired' },
    ],
  },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('checkbox', { name: 'Ich stimme den AGB zu' })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    await expect(canvas.getAllByText('Dieser Wert ist ungültig.')).toHaveLength(2);
  },
};
