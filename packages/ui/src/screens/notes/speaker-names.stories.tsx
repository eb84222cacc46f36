import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { boardMeetingDetail } from '@protokoll/mocks/fixtures';
import { expectCalledOnceWith, expectNoOverflow, failing, never } from '../../lib/story-helpers.ts';
import { SpeakerNames, speakerLabels } from './speaker-names.tsx';

/** S1 and S2 named (Erika Mustermann, Thomas Becker), S3 not yet. */
const names = boardMeetingDetail.speaker_names;

/** The form of one speaker, found by its field's name. */
const formOf = (canvasElement: HTMLElement, field: string) =>
  within(within(canvasElement).getByRole('textbox', { name: field }).closest('form')!);

const meta = {
  title: 'Screens/Notes/Parts/SpeakerNames',
  component: SpeakerNames,
  args: { labels: speakerLabels(boardMeetingDetail.segments), names, onRename: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-md">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SpeakerNames>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One field per speaker in order of appearance: given names filled in, the rest by number. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Sprecher' })).toBeVisible();
    const fields = canvas.getAllByRole('textbox');
    await expect(fields.map((field) => (field as HTMLInputElement).value)).toEqual([
      'Erika Mustermann',
      'Thomas Becker',
      '',
    ]);
    const third = canvas.getByRole('textbox', { name: 'Name für Sprecher 3' });
    await expect(third).toHaveAttribute('placeholder', 'Sprecher 3');
    await expect(
      canvas.getByRole('button', { name: 'Name für Sprecher 3 speichern' }),
    ).toBeVisible();
  },
};

/** Naming speaker 3 sends the complete mapping, trimmed; the others keep their names. */
export const Rename: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const field = canvas.getByRole('textbox', { name: 'Name für Sprecher 3' });
    await userEvent.type(field, '  Jonas Weber ');
    await userEvent.click(canvas.getByRole('button', { name: 'Name für Sprecher 3 speichern' }));
    await expectCalledOnceWith(args.onRename, {
      S1: 'Erika Mustermann',
      S2: 'Thomas Becker',
      S3: 'Jonas Weber',
    });
    await expect(field).toHaveValue('Jonas Weber');
    const form = formOf(canvasElement, 'Name für Sprecher 3');
    await expect(form.getByRole('status')).toHaveTextContent('Name gespeichert.');
    // Editing again takes the confirmation back until it is saved anew.
    await userEvent.type(field, 'x');
    await expect(form.getByRole('status')).toBeEmptyDOMElement();
  },
};

/** An emptied name takes the rename back: sent as "", the label's number shows again. */
export const RemoveName: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const field = canvas.getByRole('textbox', { name: 'Name für Sprecher 2' });
    await userEvent.clear(field);
    await userEvent.keyboard('{Enter}');
    await expectCalledOnceWith(args.onRename, { S1: 'Erika Mustermann', S2: '' });
    await expect(field).toHaveValue('');
    await expect(field).toHaveAttribute('placeholder', 'Sprecher 2');
    await expect(
      await formOf(canvasElement, 'Name für Sprecher 2').findByText('Name gespeichert.'),
    ).toBeVisible();
  },
};

/** Saving an unchanged name (or only spaces added) sends nothing. */
export const Unchanged: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name für Sprecher 1' }), '  {Enter}');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name für Sprecher 3' }), '{Enter}');
    await expect(args.onRename).not.toHaveBeenCalled();
    await expect(canvas.queryByText('Name gespeichert.')).toBeNull();
  },
};

/** While the name is being saved the button spins and the field is read-only. */
export const Pending: Story = {
  args: { onRename: fn(never) },
  play: async ({ canvas }) => {
    const field = canvas.getByRole('textbox', { name: 'Name für Sprecher 3' });
    await userEvent.type(field, 'Jonas Weber{Enter}');
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Name für Sprecher 3 speichern' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
    await expect(field).toHaveAttribute('readonly');
    // The other speakers stay editable.
    await expect(canvas.getByRole('textbox', { name: 'Name für Sprecher 1' })).not.toHaveAttribute(
      'readonly',
    );
  },
};

/** A known failure says why at its field; the typed name stays for another try. */
export const Failed: Story = {
  args: { onRename: fn(failing('server')) },
  play: async ({ canvas }) => {
    const field = canvas.getByRole('textbox', { name: 'Name für Sprecher 3' });
    await userEvent.type(field, 'Jonas Weber{Enter}');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'Serverfehler. Bitte versuchen Sie es später erneut.',
      ),
    );
    await expect(field).toHaveValue('Jonas Weber');
    await expect(canvas.queryByText('Name gespeichert.')).toBeNull();
  },
};

/** Any other failure: the general text. */
export const FailedUnknown: Story = {
  args: { onRename: fn(failing('internal')) },
  play: async ({ canvas }) => {
    const field = canvas.getByRole('textbox', { name: 'Name für Sprecher 3' });
    await userEvent.type(field, 'Jonas Weber{Enter}');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('Der Name konnte nicht gespeichert werden.'),
    );
  },
};

/** A label without a number (from another engine) is named as it is. */
export const OtherLabels: Story = {
  args: { labels: ['Moderation', 'S2'], names: {} },
  play: async ({ canvas, args }) => {
    const field = canvas.getByRole('textbox', { name: 'Name für Moderation' });
    await expect(field).toHaveAttribute('placeholder', 'Moderation');
    await userEvent.type(field, 'Anna Schulz{Enter}');
    await expectCalledOnceWith(args.onRename, { Moderation: 'Anna Schulz' });
  },
};

/** A long name scrolls inside its field; the row keeps its width. */
export const LongNames: Story = {
  args: {
    names: {
      S1: 'Prof. Dr. Maximiliane Friederike Auguste von Donaudampfschifffahrtsgesellschaft',
      S2: 'Thomas Becker',
    },
  },
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};

export const LongNamesMobile: Story = {
  ...LongNames,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('region', { name: 'Speakers' })).toBeVisible();
    const field = canvas.getByRole('textbox', { name: 'Name for Speaker 3' });
    await expect(field).toHaveAttribute('placeholder', 'Speaker 3');
    await userEvent.type(field, 'Jonas Weber');
    await userEvent.click(canvas.getByRole('button', { name: 'Save name for Speaker 3' }));
    await expectCalledOnceWith(args.onRename, {
      S1: 'Erika Mustermann',
      S2: 'Thomas Becker',
      S3: 'Jonas Weber',
    });
    await expect(await canvas.findByText('Name saved.')).toBeVisible();
  },
};

/**
 * The transcript suggests a name for the unnamed speaker ("Danke, Jana." right after S3 spoke):
 * shown at S3, applied only when accepted.
 */
export const Suggestion: Story = {
  args: {
    suggestions: [{ speaker: 'S3', name: 'Jana', index: 4, evidence: 'Danke, Jana.' }],
  },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByText('Vorschlag: Jana')).toBeVisible();
    await expect(args.onRename).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: '„Jana“ für Sprecher 3 übernehmen' }));
    await waitFor(() => expect(args.onRename).toHaveBeenCalledWith({ ...names, S3: 'Jana' }));
  },
};

export const SuggestionEnglish: Story = {
  ...Suggestion,
  play: undefined,
  globals: { locale: 'en' },
};
