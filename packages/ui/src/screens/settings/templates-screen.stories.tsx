import { builtInTemplate, NoteStructure, type Template } from '@protokoll/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { SettingsLayout, type SettingsNavItem } from '../../layouts/settings-layout.tsx';
import { TemplatesScreen } from './templates-screen.tsx';

const germanNav: SettingsNavItem[] = [
  { key: 'profile', label: 'Profil', href: '/settings/profile' },
  { key: 'subscription', label: 'Abo', href: '/settings/subscription' },
  { key: 'templates', label: 'Vorlagen', href: '/settings/templates', current: true },
  { key: 'glossary', label: 'Glossar', href: '/settings/glossary' },
];
const englishNav: SettingsNavItem[] = [
  { key: 'profile', label: 'Profile', href: '/en/settings/profile' },
  { key: 'subscription', label: 'Subscription', href: '/en/settings/subscription' },
  { key: 'templates', label: 'Templates', href: '/en/settings/templates', current: true },
  { key: 'glossary', label: 'Glossary', href: '/en/settings/glossary' },
];

const builtIns = (locale: string) =>
  NoteStructure.options.map((structure) => builtInTemplate(structure, locale));

/** "Kundengespräch" from the Ergebnisprotokoll: decisions renamed, topics left out. */
function customer(locale = 'de'): Template {
  const base = builtInTemplate('minutes', locale);
  return {
    ...base,
    id: 41,
    name: locale === 'de' ? 'Kundengespräch' : 'Customer meeting',
    built_in: false,
    updated_at: '2026-11-30T09:00:00.000Z',
    sections: base.sections.map((section) =>
      section.key === 'decisions'
        ? { ...section, heading: locale === 'de' ? 'Vereinbarungen' : 'Agreements' }
        : section.key === 'topics'
          ? { ...section, included: false }
          : section,
    ),
  };
}

const meta = {
  title: 'Screens/Settings/Templates',
  component: TemplatesScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    status: 'ready',
    templates: [...builtIns('de'), customer()],
    defaultTemplate: 41,
    onRetry: fn(),
    onCreate: fn(),
    onSave: fn(),
    onDelete: fn(),
    onSetDefault: fn(),
  },
  decorators: [
    (Story, context) => (
      <SettingsLayout items={context.globals.locale === 'en' ? englishNav : germanNav}>
        <Story />
      </SettingsLayout>
    ),
  ],
} satisfies Meta<typeof TemplatesScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The built-in templates and an own one, the default marked; a new one from a built-in. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const rows = within(
      canvas.getByRole('list', { name: 'Vorlagen für Zusammenfassungen' }),
    ).getAllByRole('listitem');
    // Eight built-in templates (one per structure, the formal meeting types among them), then the
    // own one.
    await expect(rows).toHaveLength(9);
    await expect(within(rows[3]!).getByText('Eigentümerversammlung')).toBeVisible();
    await expect(within(rows[8]!).getByText('Standard')).toBeVisible();
    await expect(within(rows[8]!).getByText('Überblick · Vereinbarungen · Aufgaben')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Als Standard: Vorlesung' }));
    await expect(args.onSetDefault).toHaveBeenCalledWith('lecture');
    await userEvent.type(canvas.getByLabelText('Name'), 'Jour fixe');
    await userEvent.click(canvas.getByRole('button', { name: 'Neue Vorlage anlegen' }));
    await waitFor(() =>
      expect(args.onCreate).toHaveBeenCalledWith({ name: 'Jour fixe', from: 'minutes' }),
    );
  },
};

/** Only the built-in templates: nothing to edit or delete yet. */
export const Empty: Story = {
  args: { templates: builtIns('de'), defaultTemplate: 'minutes' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Sie haben noch keine eigene Vorlage.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Bearbeiten/ })).toBeNull();
  },
};

export const Loading: Story = {
  args: { status: 'loading', templates: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Vorlagen werden geladen')).toBeVisible();
  },
};

export const Error: Story = {
  args: { status: 'error', templates: [], error: { code: 'server' } },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/**
 * The editor of an own template, by keyboard only: "Aufgaben" moved up, the topics included
 * again, a heading renamed; saved with its sections in the new order.
 */
export const Editing: Story = {
  args: { initialEditing: 41 },
  play: async ({ canvas, args }) => {
    const editor = within(
      canvas.getByRole('region', { name: 'Vorlage „Kundengespräch“ bearbeiten' }),
    );
    const up = editor.getByRole('button', { name: '„Aufgaben“ nach oben' });
    up.focus();
    await userEvent.keyboard('{Enter}');
    await expect(
      editor.getAllByLabelText('Überschrift').map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Überblick', 'Aufgaben', 'Vereinbarungen', 'Themen']);
    editor.getByRole('checkbox', { name: '„Themen“ in der Zusammenfassung' }).focus();
    await userEvent.keyboard(' ');
    const heading = editor.getAllByLabelText('Überschrift')[0]!;
    await userEvent.clear(heading);
    await userEvent.type(heading, 'Anliegen');
    await userEvent.click(editor.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(args.onSave).toHaveBeenCalledOnce());
    const [id, body] = (args.onSave as ReturnType<typeof fn>).mock.calls[0]!;
    await expect(id).toBe(41);
    await expect(body.sections.map((s: { key: string }) => s.key)).toEqual([
      'overview',
      'action_items',
      'decisions',
      'topics',
    ]);
    await expect(body.sections[0].heading).toBe('Anliegen');
    await expect(body.sections[3].included).toBe(true);
  },
};

/** A server refusal on the editor's name. */
export const Invalid: Story = {
  args: {
    initialEditing: 41,
    fieldErrors: [{ path: 'name', message: 'settings.templates.errors.nameTaken' }],
  },
  play: async ({ canvas }) => {
    const editor = within(
      canvas.getByRole('region', { name: 'Vorlage „Kundengespräch“ bearbeiten' }),
    );
    await expect(
      await editor.findByText('Sie haben schon eine Vorlage mit diesem Namen.'),
    ).toBeVisible();
  },
};

/** Deleting asks first. */
export const ConfirmDelete: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Löschen: Kundengespräch' }));
    const dialog = within(
      await screen.findByRole('alertdialog', { name: 'Vorlage „Kundengespräch“ löschen?' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(args.onDelete).toHaveBeenCalledWith(41));
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { templates: [...builtIns('en'), customer('en')], initialEditing: 41 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Summary templates' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Move “Agreements” up' })).toBeVisible();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { initialEditing: 41 },
};
