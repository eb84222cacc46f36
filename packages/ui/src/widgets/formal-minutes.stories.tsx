import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { membersMeetingFormal, worksCouncilFormal } from '@protokoll/mocks/fixtures';
import { expectNoOverflow } from '../lib/story-helpers.ts';
import { FormalMinutesView } from './formal-minutes.tsx';

/**
 * Formal minutes in the reader (docs/formal-minutes.md#the-reader): the head with a required
 * field nobody said, the agenda items with their resolutions and tasks, each seeking its passage
 * or saying it has none.
 */
const meta = {
  title: 'Widgets/FormalMinutes',
  component: FormalMinutesView,
  args: { structure: 'works_council', formal: worksCouncilFormal, level: 2, onSeek: fn() },
  // The reader's padding: its lists reach into it, so that their texts line up with the headings.
  decorators: [
    (Story) => (
      <div className="p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FormalMinutesView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A Betriebsratssitzung: the date was not said, one resolution has no passage. */
export const WorksCouncil: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Kopf des Protokolls' })).toBeVisible();
    await expect(
      canvas.getByText(
        '1 Pflichtangabe wurde in der Aufnahme nicht genannt. Sie ist markiert und nicht geraten.',
      ),
    ).toBeVisible();
    const date = canvasElement.querySelector('[data-field="date"]')!;
    await expect(date).toHaveTextContent('Nicht genannt');
    await expect(canvas.getByRole('heading', { name: 'TOP 1 Überstunden im Lager' })).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', {
        name: /Samstagsschicht.*7 Ja, 0 Nein, 2 Enthaltungen – angenommen/,
      }),
    );
    await expect(args.onSeek).toHaveBeenCalledWith(60);
    // The invented resolution is no button: it has no passage to play, and says so.
    const unbacked = canvasElement.querySelector('[data-slot="unbacked"]') as HTMLElement;
    await expect(within(unbacked).getByText('Ohne Beleg im Transkript')).toBeVisible();
    await expect(within(unbacked).getByText('Abstimmungsergebnis nicht genannt')).toBeVisible();
    await expect(within(unbacked).queryByRole('button')).toBeNull();
    await expect(canvas.getByText('In der Aufnahme nicht behandelt.')).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** Nothing of the head was said: every required field is marked, none is guessed. */
export const NothingSaid: Story = {
  args: {
    formal: {
      head: { present: [], excused: [], guests: [] },
      items: [
        {
          number: 1,
          title: 'Genehmigung der Tagesordnung',
          start: 0,
          discussion: [],
          resolutions: [],
          tasks: [],
        },
      ],
      agenda_given: true,
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText('Nicht genannt')).toHaveLength(8);
    await expect(canvas.getByText('Nach der vorgegebenen Tagesordnung.')).toBeVisible();
  },
};

export const WorksCouncilMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};

export const MembersMeetingEnglish: Story = {
  globals: { locale: 'en' },
  args: { structure: 'members_meeting', formal: membersMeetingFormal },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Header' })).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: /30 in favour, 0 against, 2 abstentions – carried/ }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: /12 in favour, 20 against – rejected/ }),
    ).toBeVisible();
    await expect(canvas.queryByText('Not said')).toBeNull();
  },
};

/** Fields entered by hand say so: they come from no passage of the recording. */
export const EnteredByHand: Story = {
  args: {
    formal: {
      ...worksCouncilFormal,
      head: { ...worksCouncilFormal.head, date: '2026-11-12', edited: ['date'] },
    },
  },
  play: async ({ canvasElement }) => {
    const date = canvasElement.querySelector('[data-field="date"]')!;
    await expect(date).toHaveTextContent('12.11.2026 von Hand eingetragen');
  },
};
