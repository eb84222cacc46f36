import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { structuredDetail, untranslatedDetail } from '@protokoll/mocks/fixtures';
import { expectNoOverflow } from '../../lib/story-helpers.ts';
import { NoteReader } from './note-reader.tsx';

/**
 * The reader of a finished note in each structure (docs/product.md#the-reader): each has its own
 * layout of the summary. A note made before the structures had parts reads as in the reader's
 * Default story.
 */
const meta = {
  title: 'Screens/Notes/NoteReader/Structures',
  component: NoteReader,
  parameters: { layout: 'fullscreen' },
  args: {
    note: structuredDetail('minutes'),
    status: 'ready',
    folderName: 'Vorstand',
    onRetry: fn(),
    onSeek: fn(),
    onBack: fn(),
    onDownload: fn(),
    onRenameSpeakers: fn(),
    onToggleSaved: fn(),
    onRetryProcessing: fn(),
  },
} satisfies Meta<typeof NoteReader>;
export default meta;
type Story = StoryObj<typeof meta>;

const summaryOf = (canvasElement: HTMLElement) =>
  within(canvasElement.querySelector<HTMLElement>('[data-slot="reader-summary"]')!);

/** `a` comes before `b` in the document. */
const before = (a: Element, b: Element) =>
  expect(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

/** Ergebnisprotokoll: decisions and tasks first, the topics they came from after them. */
export const Minutes: Story = {
  play: async ({ canvasElement, args }) => {
    const summary = summaryOf(canvasElement);
    const decisions = summary.getByRole('heading', { level: 3, name: 'Beschlüsse' });
    const tasks = summary.getByRole('heading', { level: 3, name: 'Aufgaben' });
    const topics = summary.getByRole('heading', { level: 3, name: 'Themen' });
    await before(decisions, tasks);
    await before(tasks, topics);
    await userEvent.click(summary.getByRole('button', { name: /Budgetdifferenz finanziert/ }));
    await expect(args.onSeek).toHaveBeenCalledWith(44);
    await expectNoOverflow(canvasElement);
  },
};

/** Verlaufsprotokoll: topic by topic in order, each contribution with its speaker. */
export const Detailed: Story = {
  args: { note: structuredDetail('detailed') },
  play: async ({ canvasElement, args }) => {
    const summary = summaryOf(canvasElement);
    await expect(summary.getByRole('heading', { level: 3, name: 'Verlauf' })).toBeVisible();
    const first = summary.getByRole('heading', { level: 4, name: /Budget 2026/ });
    await before(first, summary.getByRole('heading', { level: 4, name: /Umzug des Lagers/ }));
    // Renamed speakers go by their names, the unnamed S3 by its number.
    await expect(
      summary.getByRole('button', { name: /^Thomas Becker Die Marketingausgaben/ }),
    ).toBeVisible();
    await userEvent.click(summary.getByRole('button', { name: /^Sprecher 3 Die Differenz/ }));
    await expect(args.onSeek).toHaveBeenCalledWith(31.5);
    await expect(summary.queryByRole('heading', { name: 'Themen' })).toBeNull();
    await expectNoOverflow(canvasElement);
  },
};

/** Stichpunkte: one plain list. */
export const Bullets: Story = {
  args: { note: structuredDetail('bullets') },
  play: async ({ canvasElement, args }) => {
    const summary = summaryOf(canvasElement);
    const list = summary.getByRole('heading', {
      level: 3,
      name: 'Stichpunkte',
    }).nextElementSibling!;
    await expect(within(list as HTMLElement).getAllByRole('listitem')).toHaveLength(4);
    await expect(summary.queryByRole('heading', { name: 'Themen' })).toBeNull();
    await userEvent.click(summary.getByRole('button', { name: /Mietvertrag des Lagers/ }));
    await expect(args.onSeek).toHaveBeenCalledWith(612);
  },
};

/** Interview: questions and answers; a question left unanswered says so. */
export const Interview: Story = {
  args: { note: structuredDetail('interview') },
  play: async ({ canvasElement, args }) => {
    const summary = summaryOf(canvasElement);
    await expect(
      summary.getByRole('heading', { level: 3, name: 'Fragen und Antworten' }),
    ).toBeVisible();
    const pair = summary.getByRole('button', {
      name: /^Frage: Was unterscheidet Ihre Bäckerei.*Antwort: Jeder Teig/,
    });
    await userEvent.click(pair);
    await expect(args.onSeek).toHaveBeenCalledWith(95);
    await expect(summary.getByText('Keine Antwort')).toBeVisible();
    await expectNoOverflow(canvasElement);
  },
};

/** Vorlesung: its sections with their points and key terms. */
export const Lecture: Story = {
  args: { note: structuredDetail('lecture') },
  play: async ({ canvasElement, args }) => {
    const summary = summaryOf(canvasElement);
    await expect(summary.getByRole('heading', { level: 3, name: 'Abschnitte' })).toBeVisible();
    const heading = summary.getByRole('heading', { level: 4, name: /Lichtreaktion/ });
    await userEvent.click(within(heading).getByRole('button'));
    await expect(args.onSeek).toHaveBeenCalledWith(600);
    await expect(summary.getByText('Thylakoide')).toBeVisible();
    await expect(summary.getAllByText('Schlüsselbegriffe:')).toHaveLength(3);
    await expectNoOverflow(canvasElement);
  },
};

/** The built-in summariser could not write German: the note says it is in English, and why. */
export const Untranslated: Story = {
  args: { note: untranslatedDetail },
  play: async ({ canvasElement }) => {
    const summary = summaryOf(canvasElement);
    await expect(
      summary.getByText(
        'Zusammenfassung auf Englisch – der eingebaute Zusammenfasser übersetzt nicht.',
      ),
    ).toBeVisible();
  },
};

export const MinutesEnglish: Story = {
  args: { note: structuredDetail('minutes', 'en') },
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const summary = summaryOf(canvasElement);
    await before(
      summary.getByRole('heading', { level: 3, name: 'Decisions' }),
      summary.getByRole('heading', { level: 3, name: 'Topics' }),
    );
  },
};

export const DetailedEnglish: Story = {
  args: { note: structuredDetail('detailed', 'en') },
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const summary = summaryOf(canvasElement);
    await expect(
      summary.getByRole('heading', { level: 3, name: 'Course of the discussion' }),
    ).toBeVisible();
    await expect(summary.getByRole('button', { name: /^Speaker 3 The agency/ })).toBeVisible();
  },
};

export const BulletsEnglish: Story = {
  args: { note: structuredDetail('bullets', 'en') },
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const summary = summaryOf(canvasElement);
    await expect(summary.getByRole('heading', { level: 3, name: 'Key points' })).toBeVisible();
  },
};

export const InterviewEnglish: Story = {
  args: { note: structuredDetail('interview', 'en') },
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const summary = summaryOf(canvasElement);
    await expect(
      summary.getByRole('button', { name: /^Question: Could you tell us.*Answer: Sam leads/ }),
    ).toBeVisible();
    await expect(summary.getByText('No answer')).toBeVisible();
  },
};

export const LectureEnglish: Story = {
  args: { note: structuredDetail('lecture', 'en') },
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const summary = summaryOf(canvasElement);
    await expect(summary.getByRole('heading', { level: 3, name: 'Sections' })).toBeVisible();
    await expect(summary.getAllByText('Key terms:')).toHaveLength(2);
    await expect(
      summary.getByRole('heading', { level: 4, name: /Market equilibrium/ }),
    ).toBeVisible();
  },
};

export const UntranslatedEnglish: Story = {
  args: { note: untranslatedDetail },
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    await expect(
      summaryOf(canvasElement).getByText(
        'Summary in English – the built-in summariser does not translate.',
      ),
    ).toBeVisible();
  },
};

/** Phone width: the interview's questions and answers wrap without overflowing. */
export const InterviewMobile: Story = {
  ...Interview,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

/** Phone width: a lecture's sections and key terms wrap without overflowing. */
export const LectureMobile: Story = {
  ...Lecture,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

/** Phone width: a Verlaufsprotokoll's contributions with their speakers. */
export const DetailedMobile: Story = {
  ...Detailed,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

/** With an own template: its order and headings, the topics it leaves out gone. */
const templated = (unfollowed?: ('overview' | 'decisions')[]) => {
  const note = structuredDetail('minutes');
  return {
    ...note,
    summary: {
      ...note.summary!,
      generator: unfollowed ? ('extractive' as const) : ('llm' as const),
      topics: [],
      template: {
        id: 41,
        name: 'Kundengespräch',
        sections: [
          { key: 'overview' as const, heading: 'Überblick' },
          { key: 'action_items' as const, heading: 'Nächste Schritte' },
          { key: 'decisions' as const, heading: 'Vereinbarungen' },
        ],
        ...(unfollowed ? { unfollowed } : {}),
      },
    },
  };
};

export const WithTemplate: Story = {
  args: { note: templated() },
  play: async ({ canvasElement }) => {
    const summary = summaryOf(canvasElement);
    const tasks = summary.getByRole('heading', { level: 3, name: 'Nächste Schritte' });
    const agreed = summary.getByRole('heading', { level: 3, name: 'Vereinbarungen' });
    await before(tasks, agreed);
    await expect(summary.queryByRole('heading', { name: 'Beschlüsse' })).toBeNull();
    await expect(summary.queryByRole('heading', { name: 'Themen' })).toBeNull();
  },
};

/** The built-in summariser with a template whose instructions it could not follow: it says so. */
export const TemplateUnfollowed: Story = {
  args: { note: templated(['overview', 'decisions']) },
  play: async ({ canvasElement }) => {
    const summary = summaryOf(canvasElement);
    await expect(
      summary.getByText(
        /kann Anweisungen nicht befolgen; nicht befolgt für: Überblick, Vereinbarungen/,
      ),
    ).toBeVisible();
  },
};

export const TemplateUnfollowedEnglish: Story = {
  globals: { locale: 'en' },
  args: { note: templated(['overview']) },
  play: async ({ canvasElement }) => {
    await expect(
      summaryOf(canvasElement).getByText(/cannot follow instructions; not followed for: Überblick/),
    ).toBeVisible();
  },
};

/** A Betriebsratssitzung: the head, then each TOP with its resolutions set apart. */
export const WorksCouncil: Story = {
  args: { note: structuredDetail('works_council'), folderName: 'Betriebsrat Werk Nord' },
  play: async ({ canvasElement, args }) => {
    const summary = summaryOf(canvasElement);
    // The formal view loads on first use.
    const head = await summary.findByRole('heading', { level: 3, name: 'Kopf des Protokolls' });
    const agenda = summary.getByRole('heading', { level: 3, name: 'Tagesordnung' });
    await before(head, agenda);
    await before(agenda, summary.getByRole('heading', { level: 3, name: 'Aufgaben' }));
    // Its resolutions are in the agenda items, not in a list of their own.
    await expect(summary.queryByRole('heading', { name: 'Beschlüsse' })).toBeNull();
    await expect(summary.queryByRole('heading', { name: 'Themen' })).toBeNull();
    await userEvent.click(
      summary.getByRole('button', { name: /beschließt einstimmig.*einstimmig – angenommen/ }),
    );
    await expect(args.onSeek).toHaveBeenCalledWith(317);
    await expect(summary.getByText('Ohne Beleg im Transkript')).toBeVisible();
    await expectNoOverflow(canvasElement);
  },
};

export const WorksCouncilMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { note: structuredDetail('works_council'), folderName: 'Betriebsrat Werk Nord' },
  play: async ({ canvasElement }) => {
    await summaryOf(canvasElement).findByRole('heading', { name: 'Tagesordnung' });
    await expectNoOverflow(canvasElement);
  },
};

export const MembersMeetingEnglish: Story = {
  args: { note: structuredDetail('members_meeting', 'en') },
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const summary = summaryOf(canvasElement);
    await expect(await summary.findByRole('heading', { level: 3, name: 'Header' })).toBeVisible();
    await expect(
      summary.getByRole('heading', { level: 4, name: /Item 2 A new boat/ }),
    ).toBeVisible();
  },
};
