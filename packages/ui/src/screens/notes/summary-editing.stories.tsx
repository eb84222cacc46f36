import { ErrorCode, type NoteDetail } from '@protokoll/contract';
import { applySummaryChange } from '@protokoll/contract/summary-edit-rules';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { boardMeetingDetail, structuredDetail } from '@protokoll/mocks/fixtures';
import { expectNoOverflow, failing, never } from '../../lib/story-helpers.ts';
import { SummaryEditor, type SummaryEdit } from './summary-editing.tsx';

/** A server in the story: each change applied with the contract's rules, the version counted on. */
function storyServer(note: NoteDetail) {
  let current = note;
  return async (change: SummaryEdit, baseVersion: number) => {
    if (baseVersion !== (current.summary_edit_version ?? 0)) throw { code: 'conflict' };
    const edit = applySummaryChange(current.summary!, change);
    if (!edit.ok) throw { message: edit.refusal };
    current = {
      ...current,
      summary: edit.summary,
      summary_edit_version: (current.summary_edit_version ?? 0) + 1,
    };
    return current;
  };
}

/** The editor with a server of its own; a story's spy answers itself where it was given one. */
function WithStoryServer(args: React.ComponentProps<typeof SummaryEditor>) {
  const [server] = useState(() => storyServer(args.note));
  return (
    <div className="mx-auto max-w-xl">
      <SummaryEditor
        {...args}
        onEdit={(change, baseVersion) => {
          const answer = args.onEdit(change, baseVersion) as Promise<NoteDetail> | undefined;
          return answer instanceof Promise ? answer : server(change, baseVersion);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Screens/Notes/SummaryEditing',
  component: SummaryEditor,
  parameters: { layout: 'padded' },
  args: { note: boardMeetingDetail, onEdit: fn(), onReload: fn(), onClose: fn() },
  render: (args) => <WithStoryServer {...args} />,
} satisfies Meta<typeof SummaryEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

const item = (root: HTMLElement, list: string, index: number) =>
  root.querySelectorAll<HTMLElement>(`[data-list="${list}"] [data-slot="summary-item"]`)[index]!;

/** Edit mode: every item with its done box (tasks), edit, move and delete buttons, and "add". */
export const EditMode: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('button', { name: 'Bearbeiten beenden' })).toBeVisible();
    await expect(
      canvas.getByRole('checkbox', { name: '„Protokoll an den Aufsichtsrat senden“ erledigt' }),
    ).not.toBeChecked();
    await expect(
      canvas.getByRole('button', { name: '„Budget 2026“ nach oben verschieben' }),
    ).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('button', { name: 'Aufgabe hinzufügen' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Bearbeiten beenden' }));
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

/** A task open in its form: task, owner with the named speakers suggested, due date. */
export const EditingItem: Story = {
  args: { initialOpen: { kind: 'item', list: 'action_items', index: 0 } },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Aufgabe' })).toHaveFocus());
    const owner = canvas.getByRole('combobox', { name: 'Verantwortlich (optional)' });
    await expect(owner).toHaveValue('Thomas Becker');
    const options = [...canvasElement.querySelectorAll('datalist option')].map((o) =>
      o.getAttribute('value'),
    );
    await expect(options).toEqual(['Erika Mustermann', 'Thomas Becker']);
    await expect(canvas.getByRole('textbox', { name: 'Fällig (optional)' })).toHaveValue(
      '2026-03-20',
    );
  },
};

/** Enter saves the item: shown at once, marked as edited, sent on version 0. */
export const SaveItem: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(
      canvas.getByRole('button', { name: '„Drei Angebote für Lagerflächen einholen“ bearbeiten' }),
    );
    const owner = canvas.getByRole('combobox', { name: 'Verantwortlich (optional)' });
    await userEvent.clear(owner);
    await userEvent.type(owner, 'Erika Mustermann{Enter}');
    await expect(item(canvasElement, 'action_items', 0)).toHaveTextContent(
      'Verantwortlich: Erika Mustermann',
    );
    await expect(item(canvasElement, 'action_items', 0)).toHaveTextContent('von Hand bearbeitet');
    await expect(args.onEdit).toHaveBeenCalledWith(
      {
        type: 'edit',
        index: 0,
        item: {
          list: 'action_items',
          task: 'Drei Angebote für Lagerflächen einholen',
          owner: 'Erika Mustermann',
          due: '2026-03-20',
        },
      },
      0,
    );
    await expect(await canvas.findByText('Änderung gespeichert.')).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: '„Drei Angebote für Lagerflächen einholen“ bearbeiten' }),
    ).toHaveFocus();
  },
};

/** An empty task is refused in the form with the contract's message; nothing is sent. */
export const EmptyItem: Story = {
  args: { initialOpen: { kind: 'item', list: 'decisions', index: 0 } },
  play: async ({ canvas, args }) => {
    const field = canvas.getByRole('textbox', { name: 'Beschluss' });
    await userEvent.clear(field);
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Ein Eintrag darf nicht leer sein.')).toBeVisible();
    await expect(args.onEdit).not.toHaveBeenCalled();
  },
};

/** Adding a decision at the end of its list. */
export const AddItem: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Beschluss hinzufügen' }));
    const form = within(canvas.getByRole('form', { name: 'Beschluss hinzufügen' }));
    await userEvent.type(
      form.getByRole('textbox', { name: 'Beschluss' }),
      'Der Umzug ist im Juli.',
    );
    await userEvent.click(form.getByRole('button', { name: 'Speichern' }));
    await expect(item(canvasElement, 'decisions', 2)).toHaveTextContent('Der Umzug ist im Juli.');
    await expect(args.onEdit).toHaveBeenCalledWith(
      { type: 'add', index: 2, item: { list: 'decisions', text: 'Der Umzug ist im Juli.' } },
      0,
    );
  },
};

/** By keyboard alone: a task moved down twice, the focus following it, then marked done. */
export const ReorderByKeyboard: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const down = canvas.getByRole('button', {
      name: '„Drei Angebote für Lagerflächen einholen“ nach unten verschieben',
    });
    down.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(
        canvas.getByRole('button', {
          name: '„Drei Angebote für Lagerflächen einholen“ nach unten verschieben',
        }),
      ).toHaveFocus(),
    );
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(item(canvasElement, 'action_items', 2)).toHaveTextContent(
        'Drei Angebote für Lagerflächen einholen',
      ),
    );
    await waitFor(() => expect(args.onEdit).toHaveBeenCalledTimes(2));
    await expect(args.onEdit).toHaveBeenLastCalledWith(
      { type: 'move', list: 'action_items', from: 1, to: 2 },
      1,
    );
    const done = canvas.getByRole('checkbox', {
      name: '„Drei Angebote für Lagerflächen einholen“ erledigt',
    });
    done.focus();
    await userEvent.keyboard(' ');
    await expect(done).toBeChecked();
    await expect(item(canvasElement, 'action_items', 2)).toHaveAttribute('data-done', 'true');
  },
};

/** Deleted: the item goes at once, "Rückgängig" gives it back at its place. */
export const DeleteAndUndo: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '„Personalplanung“ löschen' }));
    await expect(canvas.queryByText('Personalplanung')).not.toBeInTheDocument();
    const undo = await canvas.findByRole('button', { name: 'Rückgängig' });
    await expect(canvas.getByText('„Personalplanung“ gelöscht.')).toBeVisible();
    await waitFor(() => expect(undo).toHaveFocus());
    await userEvent.click(undo);
    await expect(item(canvasElement, 'topics', 2)).toHaveTextContent('Personalplanung');
    await expect(args.onEdit).toHaveBeenLastCalledWith(
      { type: 'add', index: 2, item: { list: 'topics', title: 'Personalplanung' }, start: 1_420.5 },
      1,
    );
  },
};

/** The overview written by hand. */
export const EditOverview: Story = {
  args: { initialOpen: { kind: 'overview' } },
  play: async ({ canvas }) => {
    const field = canvas.getByRole('textbox', { name: 'Überblick' });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.clear(field);
    await userEvent.type(field, 'Budget umgeschichtet.');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await expect(canvas.getByText('Budget umgeschichtet.')).toBeVisible();
    await expect(canvas.getByText('von Hand bearbeitet')).toBeVisible();
  },
};

/** Items edited, added and done by hand before: marked so. */
export const HandEdited: Story = {
  args: {
    note: {
      ...boardMeetingDetail,
      summary_edit_version: 3,
      summary: {
        ...boardMeetingDetail.summary!,
        overview_edited: true,
        action_items: [
          { ...boardMeetingDetail.summary!.action_items[0]!, done: true },
          {
            task: 'Raumplan zeichnen',
            owner: 'Thomas Becker',
            start: 640,
            edited: true,
            added: true,
          },
        ],
      },
    },
  },
};

/** Nothing in the lists yet: each offers only "add". */
export const Empty: Story = {
  args: {
    note: {
      ...boardMeetingDetail,
      summary: { ...boardMeetingDetail.summary!, topics: [], decisions: [], action_items: [] },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Thema hinzufügen' })).toBeVisible();
    await expect(canvas.queryAllByRole('checkbox')).toHaveLength(0);
  },
};

/** The change is on its way: shown, and the status says so. */
export const Saving: Story = {
  args: { onEdit: fn(never) },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(
      canvas.getByRole('button', { name: '„Budget 2026“ nach unten verschieben' }),
    );
    await expect(await canvas.findByText('Wird gespeichert …')).toBeVisible();
    await expect(item(canvasElement, 'topics', 1)).toHaveTextContent('Budget 2026');
  },
};

/** The save failed: the change stays on screen with "Erneut speichern". */
export const SaveFailed: Story = {
  args: { onEdit: fn(failing(ErrorCode.SERVER)) },
  play: async ({ canvas, args }) => {
    await userEvent.click(
      canvas.getByRole('checkbox', { name: '„Protokoll an den Aufsichtsrat senden“ erledigt' }),
    );
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Serverfehler. Bitte versuchen Sie es später erneut.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut speichern' }));
    await waitFor(() => expect(args.onEdit).toHaveBeenCalledTimes(2));
  },
};

/** Another tab changed the summary first: nothing is overwritten, the note can be reloaded. */
export const Conflict: Story = {
  args: { onEdit: fn(failing(ErrorCode.CONFLICT)) },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '„Personalplanung“ löschen' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'Diese Notiz wurde inzwischen an anderer Stelle geändert',
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Neu laden' }));
    await expect(args.onReload).toHaveBeenCalledOnce();
    await expect(canvas.getByText('Personalplanung')).toBeVisible();
  },
};

/** In English. */
export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Stop editing' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add action item' })).toBeVisible();
  },
};

/** On a phone: the buttons stay beside each item, nothing runs off the screen. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { initialOpen: { kind: 'item', list: 'action_items', index: 1 } },
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};

/**
 * Formal minutes: the overview, the head (filled in by hand: the date nobody said) and the tasks;
 * their topics and resolutions are the agenda items', not edited here.
 */
export const FormalMinutes: Story = {
  args: { note: structuredDetail('works_council') },
  play: async ({ canvas, args }) => {
    await expect(canvas.queryByRole('heading', { name: 'Beschlüsse' })).toBeNull();
    await expect(canvas.queryByRole('heading', { name: 'Themen' })).toBeNull();
    await expect(canvas.getByRole('heading', { name: 'Aufgaben' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Kopf des Protokolls bearbeiten' }));
    await userEvent.type(canvas.getByLabelText('Datum'), '2026-11-12');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(args.onEdit).toHaveBeenCalledWith(
        expect.objectContaining({
          type: 'head',
          head: expect.objectContaining({ date: '2026-11-12' }),
        }),
        0,
      ),
    );
    await expect(await canvas.findByText('Alle Pflichtangaben sind vorhanden.')).toBeVisible();
    await expect(canvas.getByText('von Hand eingetragen')).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};
