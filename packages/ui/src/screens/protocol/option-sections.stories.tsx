import type { Folder, SummaryModel } from '@protokoll/contract';
import { demoCapabilities, demoFolders, longNameFolders } from '@protokoll/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { expectNoOverflow } from '../../lib/story-helpers.ts';
import { StoryProtocolForm, type StoryProtocolValues } from './lib/story-form.tsx';
import { NoteSection, SummarySection, TranscriptSection } from './option-sections.tsx';

interface DemoProps {
  folders: readonly Folder[];
  languages: readonly string[];
  summaryModels: readonly SummaryModel[];
  /** A paid plan opens the premium models. */
  paid: boolean;
  onValues: (values: StoryProtocolValues) => void;
  /** The note's name already typed (or taken from the file). */
  name?: string;
}

/** The new-note form's three option groups, as the screen puts them under "Weitere Optionen". */
function OptionSectionsDemo({
  folders,
  languages,
  summaryModels,
  paid,
  onValues,
  name,
}: DemoProps) {
  return (
    <StoryProtocolForm onValues={onValues} defaults={name ? { name } : undefined}>
      {(control) => (
        <>
          <SummarySection
            control={control}
            summaryModels={summaryModels}
            paid={paid}
            languages={languages}
          />
          <TranscriptSection control={control} languages={languages} />
          <NoteSection control={control} folders={folders} />
        </>
      )}
    </StoryProtocolForm>
  );
}

const meta = {
  title: 'Screens/Protocol/Parts/OptionSections',
  component: OptionSectionsDemo,
  parameters: {
    docs: {
      description: {
        component:
          'The new-note form\'s option groups under "Weitere Optionen": SummarySection (the note\'s language, the model, the structure; premium models locked without a paid plan), TranscriptSection (spoken language, speakers, keeping the transcript, its style) and NoteSection (name and folder). Used by ProtocolScreen only.',
      },
    },
  },
  args: {
    folders: demoFolders,
    languages: demoCapabilities.languages,
    summaryModels: demoCapabilities.summary_models,
    paid: false,
    onValues: fn(),
  },
} satisfies Meta<typeof OptionSectionsDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Every option at the form's default; without a paid plan the premium model is shown locked,
 * and the hint under the model says why.
 */
export const Default: Story = {
  play: async ({ canvas }) => {
    for (const name of ['Protokoll', 'Transkript', 'Ablage']) {
      await expect(canvas.getByRole('group', { name })).toBeVisible();
    }
    await expect(canvas.getByLabelText('Name der Notiz')).toHaveAccessibleDescription(
      'Leer lassen, um den Dateinamen zu verwenden.',
    );
    await expect(canvas.getByRole('combobox', { name: 'Ordner' })).toHaveTextContent('Kein Ordner');
    await expect(canvas.getByRole('combobox', { name: 'Gesprochene Sprache' })).toHaveTextContent(
      'Automatisch erkennen',
    );
    await expect(canvas.getByRole('combobox', { name: 'Sprache der Notiz' })).toHaveTextContent(
      'Deutsch',
    );
    await expect(
      canvas.getByRole('switch', { name: 'Transkript in der Notiz behalten' }),
    ).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Wortgetreu' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Ergebnisprotokoll' })).toBeChecked();
    // The export design is chosen when downloading.
    await expect(canvas.queryByRole('radio', { name: 'Klassisch' })).toBeNull();
    const model = canvas.getByRole('combobox', { name: 'Modell für die Zusammenfassung' });
    await expect(model).toHaveTextContent('Standard');
    await expect(model).toHaveAccessibleDescription(
      'Premium-Modelle gibt es in den kostenpflichtigen Tarifen.',
    );
  },
};

/** The premium model, locked: listed with the reason, but it cannot be chosen. */
export const PremiumLocked: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Modell für die Zusammenfassung' }));
    const premium = await screen.findByRole('option', {
      name: 'Premium (Premium, kostenpflichtiger Tarif nötig)',
    });
    await expect(premium).toHaveAttribute('aria-disabled', 'true');
    // Closed again: an open list hides the rest of the page from assistive technology.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  },
};

/** A paid plan: the premium model is open, and no hint explains a lock. */
export const Paid: Story = {
  args: { paid: true },
  play: async ({ canvas }) => {
    const model = canvas.getByRole('combobox', { name: 'Modell für die Zusammenfassung' });
    await expect(model).not.toHaveAccessibleDescription();
    await userEvent.click(model);
    await userEvent.click(await screen.findByRole('option', { name: 'Premium' }));
    await expect(model).toHaveTextContent('Premium');
  },
};

/** Every section writes its options into the form; the sent values carry them. */
export const Filled: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Name der Notiz'), 'Quartalsgespräch Vertrieb');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Ordner' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Kunden' }));
    await userEvent.click(canvas.getByRole('combobox', { name: 'Gesprochene Sprache' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Englisch' }));
    const speakers = canvas.getByLabelText('Anzahl der Sprecher');
    await userEvent.clear(speakers);
    await userEvent.type(speakers, '4');
    await userEvent.click(canvas.getByRole('switch', { name: 'Transkript in der Notiz behalten' }));
    await userEvent.click(canvas.getByRole('radio', { name: 'Bereinigt' }));
    await userEvent.click(canvas.getByRole('radio', { name: 'Interview' }));
    await userEvent.click(canvas.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(args.onValues).toHaveBeenCalledOnce());
    await expect(args.onValues).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Quartalsgespräch Vertrieb',
        folder_id: '2',
        language: 'en',
        speakers: '4',
        transcribe: false,
        transcript_type: 'clean',
        structure: 'interview',
        design: 'classic',
        summary_model: 'standard',
        summary_language: 'de',
      }),
    );
  },
};

/**
 * A formal meeting type offers the agenda (docs/formal-minutes.md#agenda-first): one item per
 * line, sent with the note; the other types do not show it.
 */
export const FormalAgenda: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.queryByLabelText('Tagesordnung (optional)')).toBeNull();
    await userEvent.click(canvas.getByRole('radio', { name: /^Betriebsratssitzung/ }));
    const agenda = canvas.getByLabelText('Tagesordnung (optional)');
    await expect(agenda).toHaveAccessibleDescription(/Ein Punkt pro Zeile, höchstens 30\./);
    await userEvent.type(agenda, 'Überstunden im Lager{Enter}Sommerfest');
    await userEvent.click(canvas.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(args.onValues).toHaveBeenCalledOnce());
    await expect(args.onValues).toHaveBeenCalledWith(
      expect.objectContaining({
        structure: 'works_council',
        agenda: 'Überstunden im Lager\nSommerfest',
      }),
    );
  },
};

/** More than 30 items are refused at the field; nothing is sent. */
export const AgendaTooLong: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('radio', { name: /^Eigentümerversammlung/ }));
    const agenda = canvas.getByLabelText('Tagesordnung (optional)');
    await userEvent.click(agenda);
    await userEvent.paste(Array.from({ length: 31 }, (_, i) => `Thema ${i + 1}`).join('\n'));
    await userEvent.click(canvas.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(agenda).toHaveAttribute('aria-invalid', 'true'));
    await expect(agenda).toHaveAccessibleDescription(/Diese Eingabe ist zu lang\./);
    await expect(args.onValues).not.toHaveBeenCalled();
  },
};

export const FormalAgendaEnglish: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('radio', { name: /^Members’ meeting/ }));
    await expect(canvas.getByLabelText('Agenda (optional)')).toBeVisible();
  },
};

/** More than 50 speakers is refused at the field, which gets focus; nothing is sent. */
export const TooManySpeakers: Story = {
  play: async ({ canvas, args }) => {
    const speakers = canvas.getByLabelText('Anzahl der Sprecher');
    await userEvent.clear(speakers);
    await userEvent.type(speakers, '51');
    await userEvent.click(canvas.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(speakers).toHaveAttribute('aria-invalid', 'true'));
    await expect(speakers).toHaveAccessibleDescription(/Dieser Wert ist ungültig\./);
    await expect(speakers).toHaveFocus();
    await expect(args.onValues).not.toHaveBeenCalled();
  },
};

/** No folders yet: "Kein Ordner" is the only choice. */
export const NoFolders: Story = {
  args: { folders: [] },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Ordner' }));
    const list = await screen.findByRole('listbox');
    await expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Kein Ordner']);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Transcript' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Note language' })).toHaveTextContent(
      'German',
    );
    await expect(canvas.getByRole('combobox', { name: 'Spoken language' })).toHaveTextContent(
      'Detect automatically',
    );
  },
};

/** Long German folder and note names on a phone: everything stacks and wraps. */
export const LongNamesMobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  args: {
    folders: longNameFolders,
    name: 'Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung',
  },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Ordner' }));
    await userEvent.click(
      await screen.findByRole('option', {
        name: 'Landratsamt Grundstücksverkehrsgenehmigungen und Bauvoranfragen 2026',
      }),
    );
    await expectNoOverflow(canvasElement);
  },
};
