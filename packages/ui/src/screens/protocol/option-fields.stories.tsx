import { demoFolders } from '@protokoll/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { expectNoOverflow } from '../../lib/story-helpers.ts';
import { StoryProtocolForm, type StoryProtocolValues } from './lib/story-form.tsx';
import { ChoiceField, SelectField, type ChoiceCardProps } from './option-fields.tsx';

interface Wording {
  folder: string;
  noFolder: string;
  hint: string;
  structure: string;
  structures: ChoiceCardProps[];
}

const german: Wording = {
  folder: 'Ordner',
  noFolder: 'Kein Ordner',
  hint: 'Die Notiz erscheint in diesem Ordner.',
  structure: 'Aufbau',
  structures: [
    {
      value: 'minutes',
      label: 'Ergebnisprotokoll',
      description: 'Die Ergebnisse: Entscheidungen und Aufgaben mit Verantwortlichen.',
    },
    {
      value: 'detailed',
      label: 'Verlaufsprotokoll',
      description: 'Der Ablauf der Besprechung, Punkt für Punkt.',
    },
    { value: 'bullets', label: 'Stichpunkte' },
  ],
};

const english: Wording = {
  folder: 'Folder',
  noFolder: 'No folder',
  hint: 'The note appears in this folder.',
  structure: 'Structure',
  structures: [
    {
      value: 'minutes',
      label: 'Minutes of results',
      description: 'The outcome: decisions and tasks with who owns them.',
    },
    {
      value: 'detailed',
      label: 'Detailed minutes',
      description: 'How the meeting went, point by point.',
    },
    { value: 'bullets', label: 'Bullet points' },
  ],
};

interface DemoProps {
  wording: Wording;
  onValues: (values: StoryProtocolValues) => void;
  /** A folder that cannot be chosen, as a locked premium model is. */
  lockedFolder?: boolean;
}

/** A select and a group of choice cards on the new-note form, in a two-column grid. */
function OptionFieldsDemo({ wording, onValues, lockedFolder = false }: DemoProps) {
  return (
    <StoryProtocolForm onValues={onValues}>
      {(control) => (
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <SelectField
            control={control}
            name="folder_id"
            label={wording.folder}
            hint={wording.hint}
            options={[
              { value: 'none', label: wording.noFolder },
              ...demoFolders.map((folder, index) => ({
                value: String(folder.id),
                label: folder.name,
                disabled: lockedFolder && index === demoFolders.length - 1,
              })),
            ]}
          />
          <ChoiceField
            control={control}
            name="structure"
            label={wording.structure}
            columns="sm:grid-cols-2 xl:grid-cols-3"
            options={wording.structures}
          />
        </div>
      )}
    </StoryProtocolForm>
  );
}

const meta = {
  title: 'Screens/Protocol/Parts/OptionFields',
  component: OptionFieldsDemo,
  parameters: {
    docs: {
      description: {
        component:
          "The new-note form's two kinds of option field: SelectField (one value from a list, a Radix select; options can be disabled) and ChoiceField (one of a few, as radio cards spanning the section). Both take the form's control; ProtocolScreen builds them through its option sections.",
      },
    },
  },
  args: { wording: german, onValues: fn() },
} satisfies Meta<typeof OptionFieldsDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The select shows the form's value and its hint describes it; each card is a radio named by
 * its title and described by its line. Both write into the form.
 */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const folder = canvas.getByRole('combobox', { name: 'Ordner' });
    await expect(folder).toHaveTextContent('Kein Ordner');
    await expect(folder).toHaveAccessibleDescription('Die Notiz erscheint in diesem Ordner.');
    const minutes = canvas.getByRole('radio', { name: 'Ergebnisprotokoll' });
    await expect(minutes).toBeChecked();
    await expect(minutes).toHaveAccessibleDescription(
      'Die Ergebnisse: Entscheidungen und Aufgaben mit Verantwortlichen.',
    );
    await expect(
      canvas.getByRole('radio', { name: 'Stichpunkte' }),
    ).not.toHaveAccessibleDescription();

    await userEvent.click(folder);
    await userEvent.click(await screen.findByRole('option', { name: 'Kunden' }));
    await expect(folder).toHaveTextContent('Kunden');
    // The whole card is the radio's label.
    await userEvent.click(canvas.getByText('Der Ablauf der Besprechung, Punkt für Punkt.'));
    await expect(canvas.getByRole('radio', { name: 'Verlaufsprotokoll' })).toBeChecked();
    await expect(minutes).not.toBeChecked();

    await userEvent.click(canvas.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(args.onValues).toHaveBeenCalledOnce());
    await expect(args.onValues).toHaveBeenCalledWith(
      expect.objectContaining({ folder_id: '2', structure: 'detailed' }),
    );
  },
};

/** An option that cannot be chosen is listed but disabled. */
export const DisabledOption: Story = {
  args: { lockedFolder: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Ordner' }));
    await expect(await screen.findByRole('option', { name: 'Vorlesungen' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(screen.getByRole('option', { name: 'Vorstand' })).not.toHaveAttribute(
      'aria-disabled',
    );
    // Closed again: an open list hides the rest of the page from assistive technology.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  },
};

/** Arrow keys move the choice between the cards, as in any radio group. */
export const Keyboard: Story = {
  play: async ({ canvas }) => {
    const minutes = canvas.getByRole('radio', { name: 'Ergebnisprotokoll' });
    const detailed = canvas.getByRole('radio', { name: 'Verlaufsprotokoll' });
    minutes.focus();
    await userEvent.keyboard('{ArrowRight>}');
    await waitFor(() => expect(detailed).toBeChecked());
    await userEvent.keyboard('{/ArrowRight}');
    await expect(detailed).toHaveFocus();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { wording: english },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Folder' })).toHaveTextContent('No folder');
    await expect(canvas.getByRole('radio', { name: 'Minutes of results' })).toBeChecked();
  },
};

/** On a phone select and cards stack in one column, and long German lines wrap. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas, canvasElement }) => {
    const first = canvas.getByRole('radio', { name: 'Ergebnisprotokoll' }).closest('label')!;
    const second = canvas.getByRole('radio', { name: 'Verlaufsprotokoll' }).closest('label')!;
    await expect(second.getBoundingClientRect().top).toBeGreaterThan(
      first.getBoundingClientRect().bottom,
    );
    await expectNoOverflow(canvasElement);
  },
};
