import {
  applyTranscriptChange,
  ErrorCode,
  revertSplice,
  type NoteDetail,
  type TranscriptRevision,
  type TranscriptSplice,
} from '@protokoll/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { boardMeetingDetail } from '@protokoll/mocks/fixtures';
import { failing, never } from '../../lib/story-helpers.ts';
import { EditableTranscriptSection, type Change } from './transcript-editing.tsx';

/**
 * A server in the story: each change applied with the contract's rules, the version counted on,
 * undo taking back the newest.
 */
function storyServer(note: NoteDetail) {
  let current = note;
  const done: TranscriptSplice[] = [];
  return {
    onEdit: async (change: Change, baseVersion: number) => {
      if (baseVersion !== (current.transcript_version ?? 0)) throw { code: 'conflict' };
      const edit = applyTranscriptChange(current.segments, change);
      if (!edit.ok) throw { message: edit.refusal };
      done.push(edit.splice);
      current = {
        ...current,
        segments: edit.segments,
        transcript_version: (current.transcript_version ?? 0) + 1,
      };
      return current;
    },
    onUndo: async () => {
      const splice = done.pop();
      const segments = splice && revertSplice(current.segments, splice);
      if (!segments) throw { code: ErrorCode.INVALID_INPUT };
      current = { ...current, segments, transcript_version: (current.transcript_version ?? 0) + 1 };
      return current;
    },
  };
}

/**
 * The section with a server of its own for each story: the spies record every call, and answer
 * themselves where a story gave them an answer (a failure, a call that never ends).
 */
function WithStoryServer(args: React.ComponentProps<typeof EditableTranscriptSection>) {
  const [server] = useState(() => storyServer(args.note));
  return (
    <div className="mx-auto max-w-3xl">
      <EditableTranscriptSection
        {...args}
        onEdit={(change, baseVersion) => {
          const answer = args.onEdit(change, baseVersion) as Promise<NoteDetail> | undefined;
          return answer instanceof Promise ? answer : server.onEdit(change, baseVersion);
        }}
        onUndo={(baseVersion) => {
          const answer = args.onUndo?.(baseVersion) as Promise<NoteDetail> | undefined;
          return answer instanceof Promise ? answer : server.onUndo();
        }}
      />
    </div>
  );
}

const revisions: TranscriptRevision[] = [
  {
    id: 3,
    kind: 'replace',
    created_at: '2026-03-02T10:15:00Z',
    author: 'Erika Mustermann',
    undone: false,
    line_count: 2,
    lines: [
      {
        start: 14.8,
        speaker: 'S2',
        before: 'Zum Budget: Die Marketingausgaben liegen zwölf Prozent unter Plan.',
        after: 'Zum Budget: Die Marketing-Ausgaben liegen zwölf Prozent unter Plan.',
      },
      {
        start: 612,
        speaker: 'S2',
        before: 'Beim Lager in Spandau läuft der Mietvertrag Ende Juni aus.',
        after: 'Beim Lager in Berlin-Spandau läuft der Mietvertrag Ende Juni aus.',
      },
    ],
  },
  {
    id: 2,
    kind: 'speaker',
    created_at: '2026-03-02T10:12:00Z',
    author: 'Thomas Becker',
    undone: true,
    line_count: 1,
    lines: [
      {
        start: 31.5,
        speaker: 'S2',
        before_speaker: 'S3',
        before: 'Ich schlage vor, die Differenz zu verwenden.',
        after: 'Ich schlage vor, die Differenz zu verwenden.',
      },
    ],
  },
  {
    id: 1,
    kind: 'merge',
    created_at: '2026-03-02T10:10:00Z',
    author: null,
    undone: false,
    line_count: 2,
    lines: [
      {
        start: 0,
        speaker: 'S1',
        before: 'Guten Tag zusammen.',
        after: 'Guten Tag zusammen, ich eröffne die Vorstandssitzung für März.',
      },
      { start: 3.1, speaker: 'S1', before: 'Ich eröffne die Vorstandssitzung für März.' },
    ],
  },
];

const meta = {
  title: 'Screens/Notes/TranscriptEditing',
  component: EditableTranscriptSection,
  parameters: { layout: 'padded' },
  args: {
    note: boardMeetingDetail,
    kept: true,
    position: null,
    onSeek: fn(),
    onPlay: fn(),
    onReload: fn(),
    onEdit: fn(),
    onUndo: fn(),
    onLoadRevisions: fn(async () => revisions),
  },
  render: (args) => <WithStoryServer {...args} />,
} satisfies Meta<typeof EditableTranscriptSection>;
export default meta;
type Story = StoryObj<typeof meta>;

const line = (root: HTMLElement, index: number) =>
  root.querySelector<HTMLElement>(`[data-slot="transcript-line"][data-index="${index}"]`)!;
const startEditing = async (canvas: ReturnType<typeof within>) => {
  const toggle = canvas.getByRole('button', { name: 'Transkript bearbeiten' });
  await userEvent.click(toggle);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
};

/** Editing switched on: the lines open for editing instead of seeking, the tools beside. */
export const EditMode: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await startEditing(canvas);
    await expect(
      canvas.getByText(
        'Klicken Sie auf eine Zeile oder drücken Sie die Eingabetaste, um sie zu bearbeiten.',
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Suchen und ersetzen' })).toBeEnabled();
    // Nothing changed yet: nothing to undo.
    await expect(canvas.getByRole('button', { name: 'Rückgängig' })).toBeDisabled();
    await userEvent.click(line(canvasElement, 1));
    await expect(args.onSeek).not.toHaveBeenCalled();
    await expect(canvas.getByRole('textbox', { name: 'Text der Zeile bei 0:06' })).toHaveFocus();
  },
};

/** A line open in its field: speaker, play, split and merge above, the keys below. */
export const EditingLine: Story = {
  play: async ({ canvas, canvasElement }) => {
    await startEditing(canvas);
    await userEvent.click(line(canvasElement, 2));
    const field = canvas.getByRole('textbox', { name: 'Text der Zeile bei 0:14' });
    await expect(field).toHaveValue(boardMeetingDetail.segments[2]!.text);
    await expect(field).toHaveAccessibleDescription(
      'Eingabetaste speichert, Esc bricht ab, Tab springt zur nächsten Zeile, Strg+Leertaste spielt die Zeile ab.',
    );
    await expect(canvas.getByRole('combobox', { name: 'Sprecher' })).toHaveValue('S2');
    await expect(canvas.getByRole('button', { name: 'Am Cursor teilen' })).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Mit nächster Zeile zusammenführen' }),
    ).toBeVisible();
  },
};

/** Enter saves: the line shows the new text at once, the change goes out on version 0. */
export const SaveWithEnter: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await startEditing(canvas);
    await userEvent.click(line(canvasElement, 0));
    const field = canvas.getByRole('textbox', { name: 'Text der Zeile bei 0:00' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Guten Tag, ich eröffne die Sitzung.{Enter}');
    await expect(line(canvasElement, 0)).toHaveTextContent('Guten Tag, ich eröffne die Sitzung.');
    await expect(args.onEdit).toHaveBeenCalledWith(
      { type: 'text', index: 0, text: 'Guten Tag, ich eröffne die Sitzung.' },
      0,
    );
    await expect(await canvas.findByText('Änderung gespeichert.')).toBeVisible();
    // The focus is back on the line; "Rückgängig" takes the change back.
    await expect(line(canvasElement, 0)).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: 'Rückgängig' }));
    await expect(await canvas.findByText('Änderung rückgängig gemacht.')).toBeVisible();
    await expect(line(canvasElement, 0)).toHaveTextContent(boardMeetingDetail.segments[0]!.text);
    await expect(args.onUndo).toHaveBeenCalledWith(1);
  },
};

/** Tab saves and opens the next line; Escape there keeps its text; Ctrl+Space plays the line. */
export const KeysInTheField: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await startEditing(canvas);
    line(canvasElement, 3).focus();
    await userEvent.keyboard('{Enter}');
    const field = canvas.getByRole('textbox', { name: 'Text der Zeile bei 0:31' });
    await expect(field).toHaveFocus();
    await userEvent.keyboard('{Control>} {/Control}');
    await expect(args.onPlay).toHaveBeenCalledWith(31.5);
    await userEvent.type(field, ' Gut.');
    await userEvent.tab();
    const next = canvas.getByRole('textbox', { name: 'Text der Zeile bei 0:44' });
    await expect(next).toHaveFocus();
    await userEvent.type(next, ' Verworfen.');
    await userEvent.keyboard('{Escape}');
    await expect(line(canvasElement, 4)).toHaveFocus();
    await expect(line(canvasElement, 4)).not.toHaveTextContent('Verworfen.');
    await expect(line(canvasElement, 3)).toHaveTextContent(
      'Buchhaltungssoftware zu verwenden. Gut.',
    );
    await waitFor(() => expect(args.onEdit).toHaveBeenCalledOnce());
  },
};

/** A new speaker from this line on: every later line of that speaker follows. */
export const SpeakerFromHereOn: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await startEditing(canvas);
    await userEvent.click(line(canvasElement, 3));
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Sprecher' }), 'S1');
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Gilt für' }),
      'diese und alle folgenden Zeilen dieses Sprechers',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await expect(args.onEdit).toHaveBeenCalledWith(
      { type: 'speaker', index: 3, speaker: 'S1', scope: 'following' },
      0,
    );
    await expect(await canvas.findByText('Änderung gespeichert.')).toBeVisible();
    await expect(line(canvasElement, 6)).toHaveTextContent('Erika Mustermann');
  },
};

/** Split at the cursor, then merge the two halves back. */
export const SplitAndMerge: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await startEditing(canvas);
    await userEvent.click(line(canvasElement, 4));
    const field = canvas.getByRole<HTMLTextAreaElement>('textbox', {
      name: 'Text der Zeile bei 0:44',
    });
    field.setSelectionRange(17, 17);
    await userEvent.click(canvas.getByRole('button', { name: 'Am Cursor teilen' }));
    await expect(args.onEdit).toHaveBeenCalledWith({ type: 'split', index: 4, offset: 17 }, 0);
    await waitFor(() =>
      expect(line(canvasElement, 5)).toHaveTextContent('Dann ist das so beschlossen.'),
    );
    await expect(line(canvasElement, 4)).toHaveTextContent('Gibt es Einwände?');
    await userEvent.click(line(canvasElement, 4));
    await userEvent.click(
      canvas.getByRole('button', { name: 'Mit nächster Zeile zusammenführen' }),
    );
    await waitFor(() =>
      expect(line(canvasElement, 4)).toHaveTextContent(
        'Gibt es Einwände? … Dann ist das so beschlossen.',
      ),
    );
  },
};

/** A split with the cursor at the very end has nothing to cut off: said at the field. */
export const SplitOutside: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await startEditing(canvas);
    await userEvent.click(line(canvasElement, 0));
    await userEvent.click(canvas.getByRole('button', { name: 'Am Cursor teilen' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Setzen Sie den Cursor zwischen zwei Wörter, um die Zeile zu teilen.',
    );
    await expect(args.onEdit).not.toHaveBeenCalled();
  },
};

/** An emptied line is not saved: the field says why. */
export const EmptyLine: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await startEditing(canvas);
    await userEvent.click(line(canvasElement, 0));
    const field = canvas.getByRole('textbox', { name: 'Text der Zeile bei 0:00' });
    await userEvent.clear(field);
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Eine Zeile darf nicht leer sein.');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onEdit).not.toHaveBeenCalled();
  },
};

/** The change is on its way: the line shows it, marked, and the status says so. */
export const Saving: Story = {
  args: { onEdit: fn(never) },
  play: async ({ canvas, canvasElement }) => {
    await startEditing(canvas);
    await userEvent.click(line(canvasElement, 1));
    await userEvent.type(canvas.getByRole('textbox'), ' Und Verschiedenes.{Enter}');
    await expect(await canvas.findByText('Wird gespeichert …')).toBeVisible();
    await expect(line(canvasElement, 1)).toHaveAttribute('data-edit', 'saving');
    await expect(line(canvasElement, 1)).toHaveTextContent('Und Verschiedenes.');
    await expect(canvas.getByRole('button', { name: 'Rückgängig' })).toBeDisabled();
  },
};

/** The save failed: the change stays on screen, marked, with "Erneut speichern". */
export const SaveFailed: Story = {
  args: { onEdit: fn(failing(ErrorCode.SERVER)) },
  play: async ({ canvas, canvasElement, args }) => {
    await startEditing(canvas);
    await userEvent.click(line(canvasElement, 1));
    await userEvent.type(canvas.getByRole('textbox'), ' Und Verschiedenes.{Enter}');
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Serverfehler. Bitte versuchen Sie es später erneut.');
    await expect(line(canvasElement, 1)).toHaveAttribute('data-edit', 'failed');
    await expect(line(canvasElement, 1)).toHaveTextContent('Und Verschiedenes.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut speichern' }));
    await waitFor(() => expect(args.onEdit).toHaveBeenCalledTimes(2));
  },
};

/** Another tab changed the note first: nothing is overwritten, the note can be reloaded. */
export const Conflict: Story = {
  args: { onEdit: fn(failing(ErrorCode.CONFLICT)) },
  play: async ({ canvas, canvasElement, args }) => {
    await startEditing(canvas);
    await userEvent.click(line(canvasElement, 1));
    await userEvent.type(canvas.getByRole('textbox'), ' Und Verschiedenes.{Enter}');
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'Diese Notiz wurde inzwischen an anderer Stelle geändert',
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Neu laden' }));
    await expect(args.onReload).toHaveBeenCalledOnce();
    await expect(line(canvasElement, 1)).not.toHaveTextContent('Und Verschiedenes.');
  },
};

/** Find and replace: each hit listed with its change before anything is replaced. */
export const FindAndReplace: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await startEditing(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Suchen und ersetzen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Suchen und ersetzen' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Suchen nach' }), 'Budget');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Ersetzen durch' }), 'Haushalt');
    await expect(dialog.getByText('2 Fundstellen')).toBeVisible();
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Groß-/Kleinschreibung beachten' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Alle 2 Fundstellen ersetzen' }));
    await expect(args.onEdit).toHaveBeenCalledWith(
      {
        type: 'replace',
        find: 'Budget',
        replace: 'Haushalt',
        match_case: true,
        whole_words: false,
      },
      0,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(line(canvasElement, 1)).toHaveTextContent('Haushalt 2026');
  },
};

/** The preview of a term with no hit: nothing to replace. */
export const FindNothing: Story = {
  play: async ({ canvas }) => {
    await startEditing(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Suchen und ersetzen' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Suchen nach' }), 'Müller');
    await expect(dialog.getByText('Keine Fundstelle.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: /ersetzen$/ })).toBeDisabled();
  },
};

/** The change history: kind, who and when, lines before and after, an undone one marked. */
export const Revisions: Story = {
  play: async ({ canvas, args }) => {
    await startEditing(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Änderungsverlauf' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Änderungsverlauf' }));
    await expect(await dialog.findByText('Ersetzt')).toBeVisible();
    await expect(dialog.getByText('rückgängig gemacht')).toBeVisible();
    await expect(dialog.getByText(/^Gelöschtes Konto, /)).toBeVisible();
    await expect(dialog.getByText('Sprecher 3 → Thomas Becker')).toBeVisible();
    await expect(args.onLoadRevisions).toHaveBeenCalledOnce();
  },
};

/** No change yet. */
export const RevisionsEmpty: Story = {
  args: { onLoadRevisions: fn(async () => []) },
  play: async ({ canvas }) => {
    await startEditing(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Änderungsverlauf' }));
    const dialog = within(await screen.findByRole('dialog'));
    await expect(
      await dialog.findByText('Das Transkript wurde noch nicht bearbeitet.'),
    ).toBeVisible();
  },
};

/** The history could not be loaded: said, with a retry. */
export const RevisionsFailed: Story = {
  args: { onLoadRevisions: fn(failing(ErrorCode.OFFLINE)) },
  play: async ({ canvas, args }) => {
    await startEditing(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Änderungsverlauf' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(await dialog.findByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(args.onLoadRevisions).toHaveBeenCalledTimes(2));
  },
};

/** English. */
export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Edit transcript' }));
    line(canvasElement, 2).focus();
    await userEvent.keyboard('{Enter}');
    const field = canvas.getByRole('textbox', { name: 'Text of the line at 0:14' });
    await expect(field).toHaveAccessibleDescription(
      'Enter saves, Esc cancels, Tab moves to the next line, Ctrl+Space plays the line.',
    );
    await userEvent.type(field, ' Fine.{Enter}');
    await expect(await canvas.findByText('Change saved.')).toBeVisible();
    await expect(args.onEdit).toHaveBeenCalledOnce();
  },
};
