import { planFeature } from '@protokoll/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  demoFolders,
  demoMinutes,
  demoNotes,
  freePlan,
  longNameFolders,
  longNameNotes,
  proPlan,
} from '@protokoll/mocks/fixtures';
import { DashboardScreen } from './dashboard-screen.tsx';
import { expectCalledOnceWith } from '../lib/story-helpers.ts';

/** A fixed local time of day, whatever the time zone the story runs in. */
const at = (hours: number, minutes = 0) => new Date(2026, 2, 2, hours, minutes);

const meta = {
  title: 'Screens/Dashboard',
  component: DashboardScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    user: { firstName: 'Erika' },
    now: at(9, 30),
    minutes: demoMinutes,
    minutesStatus: 'ready',
    plan: freePlan,
    planStatus: 'ready',
    onRetryMinutes: fn(),
    onRetryPlan: fn(),
    onUpgrade: fn(),
    onManagePlan: fn(),
    onNewNote: fn(),
    onRecord: fn(),
  },
} satisfies Meta<typeof DashboardScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Guten Morgen, Erika',
    );
    const minutes = within(canvas.getByRole('region', { name: 'Minuten' }));
    await expect(minutes.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    await expect(canvasElement.querySelector('[data-slot="minutes-percent"]')).toHaveTextContent(
      /40\s%/,
    );
    const plan = within(canvas.getByRole('region', { name: 'Ihr Tarif' }));
    await expect(plan.getByText('Free')).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Aufnahme hochladen' }));
    await expect(args.onNewNote).toHaveBeenCalledOnce();
    // On a computer the upload is the card's one button; "Aufnehmen" is the phone's.
    await expect(canvas.queryByRole('button', { name: 'Aufnehmen' })).toBeNull();
    await userEvent.click(plan.getByRole('button', { name: 'Jetzt upgraden' }));
    await expect(args.onUpgrade).toHaveBeenCalledOnce();
    // Nothing stands in for the notes a later screen adds.
    await expect(canvasElement.querySelector('[data-slot="dashboard-content"]')).toBeNull();
  },
};

/** The greeting follows the time of day. */
export const Afternoon: Story = {
  args: { now: at(14, 15) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Guten Tag, Erika');
  },
};

export const Evening: Story = {
  args: { now: at(19, 45) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Guten Abend, Erika');
  },
};

/** Without a first name the greeting has none either. */
export const NoName: Story = {
  args: { user: { firstName: '' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(/^Guten Morgen$/);
  },
};

/**
 * The prerendered frame of `/dashboard` (docs/architecture.md#signed-in-frames): the build knows
 * no account, so a placeholder holds the greeting's line, and every widget is still loading.
 */
export const Frame: Story = {
  args: {
    user: null,
    minutesStatus: 'loading',
    minutes: undefined,
    planStatus: 'loading',
    plan: undefined,
    recentNotesStatus: 'loading',
    recentNotes: [],
    foldersStatus: 'loading',
    folders: [],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(/^Wird geladen …$/);
    await expect(canvas.getByRole('button', { name: 'Aufnahme hochladen' })).toBeEnabled();
  },
};

/** Minutes and plan load independently; both still loading here. */
export const Loading: Story = {
  args: { minutesStatus: 'loading', minutes: undefined, planStatus: 'loading', plan: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Minuten' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByRole('region', { name: 'Ihr Tarif' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    // The new-note action does not wait for either.
    await expect(canvas.getByRole('button', { name: 'Aufnahme hochladen' })).toBeEnabled();
  },
};

/** Minutes failed while the plan loaded: each widget shows its own state and retries on its own. */
export const Error: Story = {
  args: { minutesStatus: 'error', minutes: undefined },
  play: async ({ canvas, args }) => {
    const minutes = within(canvas.getByRole('region', { name: 'Minuten' }));
    await userEvent.click(minutes.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetryMinutes).toHaveBeenCalledOnce();
    await expect(args.onRetryPlan).not.toHaveBeenCalled();
    await expect(
      within(canvas.getByRole('region', { name: 'Ihr Tarif' })).getByText('Free'),
    ).toBeVisible();
  },
};

export const PlanError: Story = {
  args: { planStatus: 'error', plan: undefined },
  play: async ({ canvas, args }) => {
    const plan = within(canvas.getByRole('region', { name: 'Ihr Tarif' }));
    await userEvent.click(plan.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetryPlan).toHaveBeenCalledOnce();
  },
};

/**
 * Minutes and plan failed to load after an earlier answer (docs/minutes.md#when-loading-fails):
 * each widget says so with "Retry" and the last known value with its time; no zeros, no "Free".
 */
export const LoadFailedLastKnown: Story = {
  args: {
    minutesStatus: 'error',
    minutes: { ...demoMinutes, used: 1, remaining: 29 },
    minutesAsOf: '2026-11-27T09:30:00Z',
    planStatus: 'error',
    plan: proPlan,
    planAsOf: '2026-11-27T09:30:00Z',
    buyMinutesHref: '/buy',
  },
  play: async ({ canvas }) => {
    const minutes = within(canvas.getByRole('region', { name: 'Minuten' }));
    await expect(minutes.getByRole('alert')).toHaveTextContent(
      'Der aktuelle Stand Ihrer Minuten konnte nicht geladen werden.',
    );
    await expect(minutes.getByText(/^Zuletzt bekannter Stand vom 27\.11\.2026/)).toBeVisible();
    await expect(minutes.getByText(/von 30 Minuten genutzt/)).toHaveTextContent(
      '1 von 30 Minuten genutzt',
    );
    const plan = within(canvas.getByRole('region', { name: 'Ihr Tarif' }));
    await expect(plan.getByRole('alert')).toHaveTextContent(
      'Ihr aktueller Tarif konnte nicht geladen werden.',
    );
    await expect(plan.getByText('Pro')).toBeVisible();
    await expect(canvas.queryByText('Free')).toBeNull();
  },
};

export const LoadFailedLastKnownMobile: Story = {
  ...LoadFailedLastKnown,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const Premium: Story = {
  args: {
    plan: proPlan,
    minutes: {
      total: 1_200,
      used: 486,
      remaining: 690,
      running: 24,
      unlimited: false,
      has_active_plan: true,
    },
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Abo verwalten' }));
    await expect(args.onManagePlan).toHaveBeenCalledOnce();
    await expect(canvas.getByText('Reserviert für laufende Verarbeitung')).toBeVisible();
  },
};

export const Unlimited: Story = {
  args: {
    plan: { ...proPlan, id: 'unlimited', name: 'Unlimited', type: 'unlimited' },
    minutes: {
      total: 0,
      used: 4_210,
      remaining: 1e15,
      running: 0,
      unlimited: true,
      has_active_plan: true,
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Unbegrenzt')).toBeVisible();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
  },
};

export const NoPlan: Story = {
  args: {
    plan: null,
    minutes: {
      total: 0,
      used: 0,
      remaining: 0,
      running: 0,
      unlimited: false,
      has_active_plan: false,
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Kein aktiver Tarif')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Tarif wählen' })).toBeVisible();
  },
};

/** 29 of 30 minutes used: 97 % and a warning. */
export const HighUsage: Story = {
  args: { minutes: { ...demoMinutes, used: 29, remaining: 1 } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="minutes-percent"]')).toHaveTextContent(
      /97\s%/,
    );
  },
};

/** Nearly used up: the minutes widget links to the plans, the plan widget offers the upgrade. */
export const BuyMinutes: Story = {
  args: { minutes: { ...demoMinutes, used: 29, remaining: 1 }, buyMinutesHref: '/buy' },
  play: async ({ canvas }) => {
    const minutes = within(canvas.getByRole('region', { name: 'Minuten' }));
    await expect(minutes.getByRole('link', { name: 'Minuten kaufen' })).toHaveAttribute(
      'href',
      '/buy',
    );
    const plan = within(canvas.getByRole('region', { name: 'Ihr Tarif' }));
    await expect(plan.getByRole('button', { name: 'Jetzt upgraden' })).toBeVisible();
  },
};

/** The slot below the widgets, where the recent notes and folders go. */
export const WithContent: Story = {
  args: {
    children: (
      <section className="rounded-lg border border-dashed border-border p-6">
        <h2 className="text-lg font-semibold">Letzte Notizen</h2>
        <p className="mt-2 text-sm text-muted-foreground">Inhalt eines späteren Bildschirms.</p>
      </section>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Letzte Notizen' })).toBeVisible();
  },
};

export const LongContent: Story = {
  args: {
    user: { firstName: 'Maximiliane-Friederike-Auguste-Donaudampfschifffahrtskapitänin' },
    plan: {
      id: 'enterprise',
      name: 'Donaudampfschifffahrtsgesellschaft mbH Unternehmenstarif',
      type: 'enterprise',
      features: [
        planFeature.minutes6000,
        planFeature.premiumModel,
        planFeature.speakerDetection,
        planFeature.team10,
        planFeature.allExports,
      ],
    },
    minutes: {
      total: 1_000_000,
      used: 123_456,
      remaining: 876_544,
      running: 1_234,
      unlimited: false,
      has_active_plan: true,
    },
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

/** On a phone recording is the new-note card's main button, above the upload. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    const card = within(canvas.getByRole('region', { name: 'Neue Notiz' }));
    const [first, second] = card.getAllByRole('button');
    await expect(first).toHaveAccessibleName('Aufnehmen');
    await expect(second).toHaveAccessibleName('Aufnahme hochladen');
    await userEvent.click(first!);
    await expect(args.onRecord).toHaveBeenCalledOnce();
  },
};

export const MobileEnglish: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false }, locale: 'en' },
  play: async ({ canvas }) => {
    const card = within(canvas.getByRole('region', { name: 'New note' }));
    await expect(card.getAllByRole('button')[0]).toHaveAccessibleName('Record');
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { now: at(16, 0) },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Good afternoon, Erika',
    );
    await expect(canvas.getByRole('button', { name: 'Upload recording' })).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="minutes-percent"]')).toHaveTextContent(
      /40%/,
    );
  },
};

/** The complete dashboard in English and the dark theme, notes and folders included. */
export const DarkEnglish: Story = {
  globals: { locale: 'en', theme: 'dark' },
  args: {
    now: at(16, 0),
    recentNotes: demoNotes.slice(0, 5),
    recentNotesStatus: 'ready',
    onRetryRecentNotes: fn(),
    onOpenNote: fn(),
    onShowAllNotes: fn(),
    folders: demoFolders,
    foldersStatus: 'ready',
    onRetryFolders: fn(),
    onOpenFolder: fn(),
  },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveClass('dark');
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Good afternoon, Erika',
    );
    await expect(canvas.getByText('Free')).toBeVisible();
  },
};

/** The complete dashboard's notes part: the props for recent notes and folders, all ready. */
const withNotes = {
  recentNotes: demoNotes.slice(0, 5),
  recentNotesStatus: 'ready',
  onRetryRecentNotes: fn(),
  onOpenNote: fn(),
  onShowAllNotes: fn(),
  folders: demoFolders,
  foldersStatus: 'ready',
  onRetryFolders: fn(),
  onOpenFolder: fn(),
} as const;

/** The five most recent notes with their live status, and the folders. */
export const WithNotes: Story = {
  args: withNotes,
  play: async ({ canvas, args }) => {
    const recent = within(canvas.getByRole('region', { name: 'Letzte Notizen' }));
    await expect(recent.getAllByRole('listitem')).toHaveLength(5);
    await expect(recent.getByText('In Warteschlange')).toBeVisible();
    await expect(
      recent.getByRole('progressbar', { name: 'Fortschritt von „Teammeeting Montag“' }),
    ).toHaveAttribute('aria-valuenow', '35');
    await expect(recent.getByText('Transkription fehlgeschlagen')).toBeVisible();
    await userEvent.click(recent.getByRole('button', { name: 'Vorstandssitzung März 2026' }));
    await expectCalledOnceWith(args.onOpenNote, demoNotes[4]);
    await userEvent.click(recent.getByRole('button', { name: 'Alle Notizen' }));
    await expect(args.onShowAllNotes).toHaveBeenCalledOnce();

    const folders = within(canvas.getByRole('region', { name: 'Ordner' }));
    await userEvent.click(folders.getByRole('button', { name: 'Kunden' }));
    await expectCalledOnceWith(args.onOpenFolder, demoFolders[1]);
    // The new-note card still leads to the upload form.
    await userEvent.click(canvas.getByRole('button', { name: 'Aufnahme hochladen' }));
    await expect(args.onNewNote).toHaveBeenCalledOnce();
  },
};

/** More notes than five arrive: only the five newest show. */
export const WithNotesOnlyFive: Story = {
  args: { ...withNotes, recentNotes: demoNotes },
  play: async ({ canvas }) => {
    const recent = within(canvas.getByRole('region', { name: 'Letzte Notizen' }));
    await expect(recent.getAllByRole('listitem')).toHaveLength(5);
    await expect(recent.queryByText('Kundengespräch Müller Logistik')).toBeNull();
  },
};

export const NotesLoading: Story = {
  args: { ...withNotes, recentNotesStatus: 'loading', foldersStatus: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Letzte Notizen' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByRole('region', { name: 'Ordner' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByText('Notizen werden geladen …')).toBeInTheDocument();
  },
};

/** A new account: no notes, no folders yet. */
export const NotesEmpty: Story = {
  args: { ...withNotes, recentNotes: [], folders: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^Noch keine Notizen\./)).toBeVisible();
    await expect(canvas.getByText(/^Noch keine Ordner\./)).toBeVisible();
  },
};

/** Notes and folders failed on their own; each retries on its own. */
export const NotesError: Story = {
  args: { ...withNotes, recentNotesStatus: 'error', foldersStatus: 'error' },
  play: async ({ canvas, args }) => {
    const recent = within(canvas.getByRole('region', { name: 'Letzte Notizen' }));
    await expect(recent.getByRole('alert')).toHaveTextContent(
      'Notizen konnten nicht geladen werden.',
    );
    await userEvent.click(recent.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetryRecentNotes).toHaveBeenCalledOnce();
    const folders = within(canvas.getByRole('region', { name: 'Ordner' }));
    await userEvent.click(folders.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetryFolders).toHaveBeenCalledOnce();
  },
};

export const NotesLongNames: Story = {
  args: { ...withNotes, recentNotes: longNameNotes, folders: longNameFolders },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
      document.documentElement.clientWidth,
    );
  },
};

export const NotesLongNamesMobile: Story = {
  ...NotesLongNames,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

export const NotesEnglish: Story = {
  args: withNotes,
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    const recent = within(canvas.getByRole('region', { name: 'Recent notes' }));
    await expect(recent.getByText('Queued')).toBeVisible();
    await expect(recent.getByRole('button', { name: 'All notes' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Folders' })).toBeVisible();
  },
};
