import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { structuredDetail } from '@protokoll/mocks/fixtures';
import { StructureParts } from './structure-parts.tsx';

const summaryOf = (structure: Parameters<typeof structuredDetail>[0], language?: 'de' | 'en') =>
  structuredDetail(structure, language).summary!;

const meta = {
  title: 'Widgets/StructureParts',
  component: StructureParts,
  args: {
    summary: summaryOf('interview'),
    level: 2,
    onSeek: fn(),
    speakerName: (label: string) => label,
  },
} satisfies Meta<typeof StructureParts>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An interview: questions with their answers; a click seeks to the question. */
export const Interview: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Fragen und Antworten' })).toBeVisible();
    await userEvent.click(canvas.getAllByRole('button')[0]!);
    await expect(args.onSeek).toHaveBeenCalledOnce();
    // The screenshot is taken without focus (a ring depends on the story shown before).
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

export const Lecture: Story = { args: { summary: summaryOf('lecture') } };

export const Detailed: Story = { args: { summary: summaryOf('detailed') } };

export const Bullets: Story = { args: { summary: summaryOf('bullets') } };

export const InterviewEnglish: Story = {
  globals: { locale: 'en' },
  args: { summary: summaryOf('interview', 'en') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Questions and answers' })).toBeVisible();
  },
};
