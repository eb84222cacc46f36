import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { boardMeetingDetail, demoCapabilities } from '@protokoll/mocks/fixtures';
import { Button } from '../../components/button.tsx';
import { expectCalledOnceWith, failing, never } from '../../lib/story-helpers.ts';
import { ResummariseDialog, type ResummariseDialogProps } from './resummarise-dialog.tsx';

/** The dialog with its open state, reopenable as from the reader's button. */
function ResummariseDemo(props: ResummariseDialogProps) {
  const [open, setOpen] = useState(props.open);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Neu zusammenfassen
      </Button>
      <ResummariseDialog
        {...props}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          props.onOpenChange(next);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Screens/Notes/ResummariseDialog',
  component: ResummariseDialog,
  render: (args) => <ResummariseDemo {...args} />,
  args: {
    open: true,
    onOpenChange: fn(),
    note: boardMeetingDetail,
    summaryModels: demoCapabilities.summary_models,
    paid: true,
    languages: demoCapabilities.languages,
    onSubmit: fn(),
  },
} satisfies Meta<typeof ResummariseDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Starts from the note's structure, language and model; with the standard model it is free. A
 * new structure is sent with the rest, and the dialog closes.
 */
export const Default: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Neu zusammenfassen' });
    const inDialog = within(dialog);
    await expect(inDialog.getByRole('radio', { name: 'Ergebnisprotokoll' })).toBeChecked();
    await expect(
      inDialog.getByText('Kostenlos: Es werden keine Minuten berechnet.'),
    ).toBeInTheDocument();
    await userEvent.click(inDialog.getByRole('radio', { name: 'Stichpunkte' }));
    await userEvent.click(inDialog.getByRole('button', { name: 'Neu zusammenfassen' }));
    await expectCalledOnceWith(args.onSubmit, {
      structure: 'bullets',
      summary_language: 'de',
      summary_model: 'standard',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** A premium model states its fixed charge before it is confirmed, on the button too. */
export const PremiumCost: Story = {
  args: { note: { ...boardMeetingDetail, summary_model: 'premium' } },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await expect(dialog.getByText(/kostet das 3 Minuten aus Ihrem Kontingent/)).toBeInTheDocument();
    await expect(
      dialog.getByRole('button', { name: 'Für 3 Minuten neu zusammenfassen' }),
    ).toBeEnabled();
  },
};

/** On a plan without premium models they are offered locked, and the form says why. */
export const PremiumLocked: Story = {
  args: { paid: false },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await expect(
      dialog.getByText('Premium-Modelle gibt es in den kostenpflichtigen Tarifen.'),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('combobox', { name: 'Modell für die Zusammenfassung' }));
    await expect(
      await screen.findByRole('option', {
        name: 'Premium (Premium, kostenpflichtiger Tarif nötig)',
      }),
    ).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Escape}');
  },
};

/** While the request is on its way the button spins and the fields are locked. */
export const Submitting: Story = {
  args: { onSubmit: fn(never) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Neu zusammenfassen' }));
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Neu zusammenfassen' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
    await expect(dialog.getByRole('radio', { name: 'Stichpunkte' })).toBeDisabled();
  },
};

/** A refused request is shown in the dialog, which stays open with the choices kept. */
export const Failed: Story = {
  args: { onSubmit: fn(failing('insufficientMinutes')) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('radio', { name: 'Interview' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Neu zusammenfassen' }));
    await expect(await dialog.findByRole('alert')).toBeInTheDocument();
    await expect(dialog.getByRole('radio', { name: 'Interview' })).toBeChecked();
  },
};

/** The server's field issues land on their fields. */
export const Invalid: Story = {
  args: { fieldErrors: [{ path: 'summary_model', message: 'validation.invalidValue' }] },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await expect(
      dialog.getByRole('combobox', { name: 'Modell für die Zusammenfassung' }),
    ).toHaveAttribute('aria-invalid', 'true');
  },
};

/** In English. */
export const English: Story = {
  globals: { locale: 'en' },
  args: { note: { ...boardMeetingDetail, summary_model: 'premium' } },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Summarise again' }));
    await expect(dialog.getByText(/this costs 3 minutes of your allowance/)).toBeInTheDocument();
    await expect(
      dialog.getByRole('button', { name: 'Summarise again for 3 minutes' }),
    ).toBeInTheDocument();
  },
};

/**
 * A summary with hand edits: "Von Hand bearbeitete Einträge behalten" is offered, ticked; it is
 * sent as `keep_edits` (docs/uploads.md#keeping-hand-edits). Without hand edits it is not shown
 * (Default).
 */
export const KeepEdits: Story = {
  args: {
    note: {
      ...boardMeetingDetail,
      summary: { ...boardMeetingDetail.summary!, overview_edited: true },
    },
  },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Neu zusammenfassen' }));
    const keep = dialog.getByRole('checkbox', { name: 'Von Hand bearbeitete Einträge behalten' });
    await expect(keep).toBeChecked();
    await userEvent.click(keep);
    await userEvent.click(keep);
    await userEvent.click(dialog.getByRole('button', { name: 'Neu zusammenfassen' }));
    await expectCalledOnceWith(args.onSubmit, {
      structure: 'minutes',
      summary_language: 'de',
      summary_model: 'standard',
      keep_edits: true,
    });
  },
};

/** An own template beside the structures: chosen, it sends its id and its structure. */
export const WithTemplate: Story = {
  args: { templates: [{ id: 41, name: 'Kundengespräch', structure: 'minutes' }] },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Neu zusammenfassen' }));
    await userEvent.click(dialog.getByRole('radio', { name: 'Vorlage: Kundengespräch' }));
    await userEvent.click(dialog.getByRole('button', { name: /^Neu zusammenfassen/ }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ template: 41, structure: 'minutes' }),
    );
  },
};
