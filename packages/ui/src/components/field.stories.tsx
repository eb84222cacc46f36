import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { Checkbox } from './checkbox.tsx';
import { Field } from './field.tsx';
import { Input } from './input.tsx';
import { PasswordInput } from './password-input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select.tsx';
import { Switch } from './switch.tsx';
import { Textarea } from './textarea.tsx';

const LONG_WORD = 'Donaudampfschifffahrtsgesellschaftskapitänsmütze';

const meta = {
  title: 'Primitives/Field',
  component: Field,
  args: { label: 'E-Mail-Adresse', children: <Input type="email" autoComplete="email" /> },
  render: (args) => (
    <div className="max-w-sm">
      <Field {...args} />
    </div>
  ),
} satisfies Meta<typeof Field>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Catalog: Story = {
  render: () => (
    <div className="grid max-w-sm gap-6">
      <Field label="Nur Beschriftung">
        <Input />
      </Field>
      <Field label="Mit Hinweis" hint="Wir senden Ihnen einen Bestätigungslink.">
        <Input type="email" />
      </Field>
      <Field label="Optional" optional>
        <Input />
      </Field>
      <Field label="Mit Fehler" hint="Mindestens 8 Zeichen." error="Das Passwort ist zu kurz.">
        <PasswordInput defaultValue="123" />
      </Field>
      <Field label="Notiz" optional hint="Wird der Zusammenfassung vorangestellt.">
        <Textarea />
      </Field>
      <Field label="Sprache" error="Bitte wählen Sie eine Sprache.">
        <Select>
          <SelectTrigger>
            <SelectValue placeholder="Sprache wählen" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="de">Deutsch</SelectItem>
          </SelectContent>
        </Select>
      </Field>
      <Field
        orientation="horizontal"
        label="Newsletter abonnieren"
        hint="Höchstens einmal im Monat."
      >
        <Checkbox />
      </Field>
      <Field orientation="horizontal" label="Automatisch transkribieren">
        <Switch defaultChecked />
      </Field>
      <Field label="Deaktiviert">
        <Input disabled defaultValue="max@example.com" />
      </Field>
    </div>
  ),
};

export const Default: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'E-Mail-Adresse' });
    await expect(input).not.toHaveAttribute('aria-invalid');
    await expect(input).not.toHaveAttribute('aria-describedby');
    // Clicking the label focuses the control: the label's `for` matches the control's id.
    await userEvent.click(canvas.getByText('E-Mail-Adresse'));
    await expect(input).toHaveFocus();
  },
};

export const WithHint: Story = {
  args: { hint: 'Wir senden Ihnen einen Bestätigungslink.' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'E-Mail-Adresse' });
    await expect(input).toHaveAccessibleDescription('Wir senden Ihnen einen Bestätigungslink.');
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

export const Optional: Story = {
  args: { label: 'Firma', optional: true, children: <Input autoComplete="organization" /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Firma (optional)' })).toBeInTheDocument();
  },
};

export const Invalid: Story = {
  args: {
    hint: 'Wir senden Ihnen einen Bestätigungslink.',
    error: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    children: <Input type="email" defaultValue="max@" />,
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'E-Mail-Adresse' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    await expect(ids).toHaveLength(2);
    const [hint, error] = ids.map((id) => document.getElementById(id));
    await expect(hint).toHaveTextContent('Wir senden Ihnen einen Bestätigungslink.');
    await expect(error).toHaveTextContent('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    // The error is linked, not announced on its own.
    await expect(error).not.toHaveAttribute('role');
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

export const OwnDescription: Story = {
  args: {
    error: 'Das Passwort ist zu kurz.',
    label: 'Passwort',
    children: (
      <>
        <PasswordInput defaultValue="123" aria-describedby="password-rules" />
      </>
    ),
  },
  render: (args) => (
    <div className="grid max-w-sm gap-2">
      <Field {...args} />
      <p id="password-rules" className="text-sm text-muted-foreground">
        Mindestens 8 Zeichen, davon eine Ziffer.
      </p>
    </div>
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Passwort', { selector: 'input' });
    await expect(input).toHaveAccessibleDescription(
      'Das Passwort ist zu kurz. Mindestens 8 Zeichen, davon eine Ziffer.',
    );
  },
};

export const WithSelect: Story = {
  args: {
    label: 'Sprache der Aufnahme',
    hint: 'Bestimmt die Sprache der Transkription.',
    children: (
      <Select>
        <SelectTrigger>
          <SelectValue placeholder="Sprache wählen" />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="de">Deutsch</SelectItem>
          <SelectItem value="en">Englisch</SelectItem>
        </SelectContent>
      </Select>
    ),
  },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Sprache der Aufnahme' });
    await expect(trigger).toHaveAccessibleDescription('Bestimmt die Sprache der Transkription.');
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('option', { name: 'Englisch' }));
    await waitFor(() => expect(trigger).toHaveTextContent('Englisch'));
  },
};

export const Horizontal: Story = {
  args: {
    orientation: 'horizontal',
    label: 'Newsletter abonnieren',
    hint: 'Höchstens einmal im Monat.',
    children: <Checkbox />,
  },
  play: async ({ canvas }) => {
    const checkbox = canvas.getByRole('checkbox', { name: 'Newsletter abonnieren' });
    await expect(checkbox).toHaveAccessibleDescription('Höchstens einmal im Monat.');
    await userEvent.click(canvas.getByText('Newsletter abonnieren'));
    await expect(checkbox).toBeChecked();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { label: 'Company', optional: true, children: <Input /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Company (optional)' })).toBeInTheDocument();
  },
};

export const LongContent: Story = {
  args: {
    label: `${LONG_WORD} (Größe)`,
    optional: true,
    hint: `Zum Beispiel die ${LONG_WORD} aus dem Fundbüro.`,
    error: `Die ${LONG_WORD} ist leider vergriffen.`,
  },
  render: (args) => (
    <div className="w-48">
      <Field {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const field = canvasElement.querySelector<HTMLElement>('[data-slot="field"]')!;
    await expect(field.scrollWidth).toBeLessThanOrEqual(field.clientWidth);
    for (const part of field.querySelectorAll<HTMLElement>('label, p')) {
      await expect(part.getBoundingClientRect().right).toBeLessThanOrEqual(
        field.getBoundingClientRect().right + 0.5,
      );
    }
  },
};
