import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SharedNoteView } from '@protokoll/contract';
import { expect, within } from 'storybook/test';
import {
  boardMeetingDetail,
  worksCouncilNames,
  worksCouncilSegments,
  worksCouncilSummary,
} from '@protokoll/mocks/fixtures';
import { expectNoOverflow } from '../../lib/story-helpers.ts';
import { SharedNotePage } from './shared-note-page.tsx';

/**
 * The page of a share link (docs/sharing.md#the-page), as the server renders it for anyone with
 * the link: the shared note, the access code's form, and the link no longer available.
 */
const meta = {
  title: 'Screens/SharedNotePage',
  component: SharedNotePage,
  parameters: { layout: 'fullscreen' },
  args: { path: '/s/Zk3Y8bq1', page: { kind: 'code', wrong: false, limited: false } },
} satisfies Meta<typeof SharedNotePage>;
export default meta;
type Story = StoryObj<typeof meta>;

const board: SharedNoteView = {
  name: boardMeetingDetail.name,
  created_at: boardMeetingDetail.created_at,
  duration_seconds: boardMeetingDetail.duration_seconds,
  structure: boardMeetingDetail.structure,
  summary: boardMeetingDetail.summary,
  speaker_names: boardMeetingDetail.speaker_names,
  segments: boardMeetingDetail.segments,
  transcript: true,
  audio_src: null,
  extract: null,
  expires_at: '2026-12-31T12:00:00.000Z',
};

/** Summary and transcript shared, until a date. */
export const Note: Story = {
  args: { page: { kind: 'note', note: board } },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('heading', { level: 1, name: board.name })).toBeVisible();
    await expect(view.getByText('Geteilte Notiz')).toBeVisible();
    await expect(view.getByText('Dieser Link gilt bis 31. Dezember 2026.')).toBeVisible();
    await expect(view.getByRole('heading', { name: 'Zusammenfassung' })).toBeVisible();
    await expect(view.getByRole('heading', { name: 'Transkript' })).toBeVisible();
    await expect(view.getByRole('link', { name: 'English' })).toHaveAttribute(
      'href',
      '/s/Zk3Y8bq1?lang=en',
    );
  },
};

/** The summary only, no transcript, no recording. */
export const SummaryOnly: Story = {
  args: {
    page: { kind: 'note', note: { ...board, segments: [], transcript: false, expires_at: null } },
  },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('heading', { name: 'Zusammenfassung' })).toBeVisible();
    await expect(view.queryByRole('heading', { name: 'Transkript' })).toBeNull();
    await expect(view.queryByText(/Dieser Link gilt bis/)).toBeNull();
  },
};

/** An extract of works-council minutes: one agenda item with the head, said to be an extract. */
export const Extract: Story = {
  args: {
    page: {
      kind: 'note',
      note: {
        ...board,
        name: 'Betriebsratssitzung März',
        structure: 'works_council',
        summary: {
          ...worksCouncilSummary,
          formal: {
            ...worksCouncilSummary.formal!,
            items: worksCouncilSummary.formal!.items.slice(1, 2),
          },
        },
        speaker_names: worksCouncilNames,
        segments: [],
        transcript: false,
        extract: { items: [worksCouncilSummary.formal!.items[1]!.number] },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByText('Auszug', { selector: '[data-slot="badge"]' })).toBeVisible();
    await expect(
      view.getByText(
        `Dieser Link zeigt nur die Tagesordnungspunkte ${worksCouncilSummary.formal!.items[1]!.number}, mit dem Kopf des Protokolls.`,
      ),
    ).toBeVisible();
    await expect(await view.findByText(worksCouncilSummary.formal!.items[1]!.title)).toBeVisible();
  },
};

/** An extract of another summary: only its decisions and tasks. */
export const SectionsExtract: Story = {
  args: {
    page: {
      kind: 'note',
      note: {
        ...board,
        summary: { ...board.summary!, overview: '', topics: [] },
        segments: [],
        transcript: false,
        extract: { sections: ['decisions', 'action_items'] },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(
      view.getByText('Dieser Link zeigt nur ausgewählte Teile der Zusammenfassung.'),
    ).toBeVisible();
    await expect(view.getByRole('heading', { name: 'Beschlüsse' })).toBeVisible();
  },
};

/** The recording shared: the browser's own player, which works without a script. */
export const WithRecording: Story = {
  args: {
    page: {
      kind: 'note',
      note: {
        ...board,
        audio_src: '/s/Zk3Y8bq1/audio',
        segments: worksCouncilSegments.slice(0, 3),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('heading', { name: 'Aufnahme' })).toBeVisible();
    await expect(canvasElement.querySelector('audio')).toHaveAttribute('src', '/s/Zk3Y8bq1/audio');
  },
};

/** The access code asked for: a plain form posted to the page. */
export const AccessCode: Story = {
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('heading', { name: 'Zugangscode eingeben' })).toBeVisible();
    const form = canvasElement.querySelector('form');
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', '/s/Zk3Y8bq1?lang=de');
    await expect(view.getByLabelText('Zugangscode')).toHaveAttribute('name', 'code');
  },
};

export const AccessCodeWrong: Story = {
  args: { page: { kind: 'code', wrong: true, limited: false } },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('alert')).toHaveTextContent('Dieser Zugangscode stimmt nicht.');
    await expect(view.getByLabelText('Zugangscode')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const AccessCodeLimited: Story = {
  args: { page: { kind: 'code', wrong: false, limited: true } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Zu viele Versuche.');
  },
};

export const Revoked: Story = {
  args: { page: { kind: 'gone', reason: 'revoked' } },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(
      view.getByRole('heading', { name: 'Dieser Link ist nicht mehr verfügbar' }),
    ).toBeVisible();
    await expect(view.getByText(/hat ihn zurückgezogen/)).toBeVisible();
  },
};

export const Expired: Story = {
  args: { page: { kind: 'gone', reason: 'expired' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Er ist abgelaufen\./)).toBeVisible();
  },
};

export const Unknown: Story = {
  args: { page: { kind: 'gone', reason: 'unknown' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/vollständig kopiert/)).toBeVisible();
  },
};

export const TooManyRequests: Story = {
  args: { page: { kind: 'gone', reason: 'limited' } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { name: 'Zu viele Anfragen' }),
    ).toBeVisible();
  },
};

/** On a phone, with a long German name: nothing runs out of the page. */
export const Mobile: Story = {
  args: {
    page: {
      kind: 'note',
      note: { ...board, name: 'Wohnungseigentümergemeinschaftsversammlung Lindenstraße 4' },
    },
  },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoOverflow(canvasElement);
  },
};

export const English: Story = {
  args: { page: { kind: 'note', note: board } },
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByText('Shared note')).toBeVisible();
    await expect(view.getByText('This link works until December 31, 2026.')).toBeVisible();
    await expect(view.getByRole('link', { name: 'Deutsch' })).toHaveAttribute(
      'href',
      '/s/Zk3Y8bq1?lang=de',
    );
  },
};

export const EnglishRevoked: Story = {
  args: { page: { kind: 'gone', reason: 'revoked' } },
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { name: 'This link is no longer available' }),
    ).toBeVisible();
  },
};
