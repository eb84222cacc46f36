import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { boardMeetingDetail } from '@protokoll/mocks/fixtures';
import { expectCalledOnceWith, expectNoOverflow, tabTo } from '../lib/story-helpers.ts';
import { SeekButton } from './seek-button.tsx';

const decision = boardMeetingDetail.summary!.decisions[0]!;

const meta = {
  title: 'Screens/Notes/Parts/SeekButton',
  component: SeekButton,
  args: { start: decision.start, onSeek: fn(), children: decision.text },
  decorators: [
    (Story) => (
      <div className="max-w-md">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SeekButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A summary item with its time; screen readers hear where it jumps, a click reports its start. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', {
      name: 'Die Budgetdifferenz finanziert die neue Buchhaltungssoftware. Zur Stelle 0:44 springen',
    });
    await expect(button).toHaveAttribute('data-start', '44');
    await expect(canvas.getByText('0:44')).toBeVisible();
    await userEvent.click(button);
    await expectCalledOnceWith(args.onSeek, 44);
  },
};

/** Keyboard only: Tab reaches it, Enter and Space both jump. */
export const Keyboard: Story = {
  play: async ({ canvas, args }) => {
    await tabTo(canvas.getByRole('button', { name: /Zur Stelle 0:44 springen$/ }));
    await userEvent.keyboard('{Enter}');
    await expectCalledOnceWith(args.onSeek, 44);
    await userEvent.keyboard(' ');
    await expect(args.onSeek).toHaveBeenCalledTimes(2);
    await expect(args.onSeek).toHaveBeenLastCalledWith(44);
  },
};

/** Past the first hour the clock shows hours; a fractional start is reported as it is. */
export const LongRecording: Story = {
  args: { start: 5_328.6, children: 'Zusammenfassung der Vorlesung und Ausblick auf Sitzung 8' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('1:28:48')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Zur Stelle 1:28:48 springen$/ }));
    await expectCalledOnceWith(args.onSeek, 5_328.6);
  },
};

/** A long German compound wraps; the time stays beside it. */
export const LongNames: Story = {
  args: {
    start: 14.8,
    children:
      'Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung: Zuständigkeitsübertragungsvereinbarungsentwurf liegt dem Landratsamt vor.',
  },
  play: async ({ canvas, canvasElement }) => {
    await expectNoOverflow(canvasElement);
    await expect(canvas.getByText('0:14')).toBeVisible();
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
  args: { start: 612, children: 'Warehouse lease in Spandau ends in June.' },
  play: async ({ canvas, args }) => {
    await userEvent.click(
      canvas.getByRole('button', {
        name: 'Warehouse lease in Spandau ends in June. Jump to 10:12',
      }),
    );
    await expectCalledOnceWith(args.onSeek, 612);
  },
};
