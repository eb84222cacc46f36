import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { worksCouncilFormal } from '@protokoll/mocks/fixtures';
import { expectNoOverflow } from '../../lib/story-helpers.ts';
import { HeadEditing } from './head-editing.tsx';

/**
 * The head of formal minutes while the summary is edited (docs/formal-minutes.md#the-head-by-hand):
 * what the recording did not say is filled in by hand, every field at once.
 */
const meta = {
  title: 'Screens/Notes/HeadEditing',
  component: HeadEditing,
  args: { structure: 'works_council', head: worksCouncilFormal.head, onSave: fn() },
  decorators: [
    (Story) => (
      <div className="p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof HeadEditing>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: how many required fields are missing, and the button that opens the form. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(/1 Pflichtangabe wurde in der Aufnahme nicht genannt\./),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Kopf des Protokolls bearbeiten' }),
    ).toBeVisible();
  },
};

/** The missing date entered by hand; the names one per line. */
export const FillIn: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Kopf des Protokolls bearbeiten' }));
    const form = within(canvas.getByRole('form', { name: 'Kopf des Protokolls bearbeiten' }));
    await expect(form.getByLabelText('Gremium')).toHaveFocus();
    await expect(form.getByLabelText('Protokollführung')).toHaveValue('Petra Schmidt');
    await userEvent.type(form.getByLabelText('Datum'), '2026-11-12');
    await userEvent.type(form.getByLabelText('Gäste'), '{Enter}Herr Roth');
    await userEvent.click(form.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(args.onSave).toHaveBeenCalledOnce());
    await expect(args.onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        date: '2026-11-12',
        guests: ['Frau Dr. Weber', 'Herr Roth'],
        quorum: true,
        keeper: 'Petra Schmidt',
      }),
    );
    // Back to the closed view, the focus on its button.
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Kopf des Protokolls bearbeiten' })).toHaveFocus(),
    );
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** A guest's name over 100 characters is refused at its field; nothing is saved. */
export const Invalid: Story = {
  args: { initialOpen: true },
  play: async ({ canvas, args }) => {
    const guests = canvas.getByLabelText('Gäste');
    await userEvent.click(guests);
    await userEvent.paste(`\n${'A'.repeat(101)}`);
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(guests).toHaveAttribute('aria-invalid', 'true'));
    await expect(guests).toHaveAccessibleDescription(/Diese Eingabe ist zu lang\./);
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** Fields entered by hand are marked in the closed view. */
export const ByHand: Story = {
  args: {
    head: { ...worksCouncilFormal.head, date: '2026-11-12', edited: ['date'] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Alle Pflichtangaben sind vorhanden.')).toBeVisible();
    await expect(canvas.getByText('von Hand eingetragen')).toBeVisible();
  },
};

export const OpenMobile: Story = {
  args: { initialOpen: true },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};

export const OpenEnglish: Story = {
  args: { initialOpen: true },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Minutes taken by')).toHaveValue('Petra Schmidt');
    await expect(canvas.getByRole('radio', { name: 'Established' })).toBeChecked();
  },
};
