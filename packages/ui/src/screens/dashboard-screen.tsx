import type { Folder, Minutes, Note, Plan, User } from '@protokoll/contract';
import { FilePlus2, Mic, Upload } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/button.tsx';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '../components/card.tsx';
import { cn } from '../lib/cn.ts';
import { MinutesMeter } from '../widgets/minutes-meter.tsx';
import { PlanCard } from '../widgets/plan-card.tsx';
import { FolderShortcuts, RecentNotes } from '../widgets/recent-notes.tsx';
import { PageHeader } from '../components/page-header.tsx';

type WidgetStatus = 'loading' | 'error' | 'ready';
type DayPeriod = 'morning' | 'day' | 'evening' | 'night';

/** Part of the day for the greeting, by the local hour. */
function dayPeriod(date: Date): DayPeriod {
  const hour = date.getHours();
  if (hour >= 5 && hour < 11) return 'morning';
  if (hour >= 11 && hour < 18) return 'day';
  if (hour >= 18 && hour < 23) return 'evening';
  return 'night';
}

export interface DashboardScreenProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /**
   * The signed-in user; the greeting uses the first name (or none when it is empty). `null` while
   * the account is not known yet (a prerendered frame: docs/architecture.md#signed-in-frames):
   * a placeholder of one line holds the greeting's place.
   */
  user: Pick<User, 'firstName'> | null;
  /** The moment the greeting is chosen for (morning, day, evening); defaults to now. */
  now?: Date;

  /** Minutes balance for the minutes widget; while `minutesStatus` is `error`, the last known. */
  minutes?: Minutes | undefined;
  /** Load state of the minutes, independent of the plan's. */
  minutesStatus: WidgetStatus;
  /** When the last known balance was answered (ISO), while `minutesStatus` is `error`. */
  minutesAsOf?: string | undefined;
  /** "Retry" in the minutes widget was pressed. */
  onRetryMinutes?: (() => void) | undefined;
  /** The minutes load again after a failure: the widget's retry button spins. */
  minutesRetrying?: boolean | undefined;
  /** The buy page: the minutes widget links there when few minutes are left. */
  buyMinutesHref?: string | undefined;

  /** The current plan, or `null` when there is none; while `planStatus` is `error`, the last known. */
  plan?: Plan | null | undefined;
  /** Load state of the plan, independent of the minutes'. */
  planStatus: WidgetStatus;
  /** When the last known plan was answered (ISO), while `planStatus` is `error`. */
  planAsOf?: string | undefined;
  /** "Retry" in the plan widget was pressed. */
  onRetryPlan?: (() => void) | undefined;
  /** The plan loads again after a failure: the widget's retry button spins. */
  planRetrying?: boolean | undefined;
  /** "Upgrade" (free plan) or "Choose a plan" (no plan) was pressed. */
  onUpgrade?: (() => void) | undefined;
  /** "Manage subscription" was pressed (premium plan). */
  onManagePlan?: (() => void) | undefined;
  /** Checkout or portal is opening: the plan widget's action spins. */
  planActionPending?: boolean;

  /** "Upload recording" in the new-note card was pressed. */
  onNewNote: () => void;
  /**
   * "Aufnehmen" in the new-note card: on a phone the card's main button (recording is what a
   * phone is for), above the upload.
   */
  onRecord?: (() => void) | undefined;

  /** The newest notes (the first five show), with live status and progress. */
  recentNotes?: Note[] | undefined;
  /** Load state of the recent notes; without it the section is left out. */
  recentNotesStatus?: WidgetStatus | undefined;
  /** "Retry" in the recent notes was pressed. */
  onRetryRecentNotes?: (() => void) | undefined;
  /** A recent note was clicked. */
  onOpenNote?: ((note: Note) => void) | undefined;
  /** "All notes" beside the recent notes was pressed. */
  onShowAllNotes?: (() => void) | undefined;

  /** The person's folders. */
  folders?: Folder[] | undefined;
  /** Load state of the folders; without it the section is left out. */
  foldersStatus?: WidgetStatus | undefined;
  /** "Retry" in the folders was pressed. */
  onRetryFolders?: (() => void) | undefined;
  /** A folder was picked (the app shows its notes). */
  onOpenFolder?: ((folder: Folder) => void) | undefined;

  /** Below the notes and folders: anything else the app adds. */
  children?: React.ReactNode;
}

/**
 * `/dashboard`: a greeting by time of day, the new-note card, the minutes and plan widgets, the
 * five most recent notes with live status and the folders (each with its own load state).
 */
export function DashboardScreen({
  user,
  now,
  minutes,
  minutesStatus,
  minutesAsOf,
  onRetryMinutes,
  minutesRetrying,
  buyMinutesHref,
  plan,
  planStatus,
  planAsOf,
  onRetryPlan,
  planRetrying,
  onUpgrade,
  onManagePlan,
  planActionPending = false,
  onNewNote,
  onRecord,
  recentNotes = [],
  recentNotesStatus,
  onRetryRecentNotes,
  onOpenNote,
  onShowAllNotes,
  folders = [],
  foldersStatus,
  onRetryFolders,
  onOpenFolder,
  children,
  className,
  ...props
}: DashboardScreenProps) {
  const { t } = useTranslation();
  const newNoteTitleId = useId();
  const period = dayPeriod(now ?? new Date());
  const name = user?.firstName.trim();
  const greeting = name
    ? t(`dashboard.greeting.${period}`, { name })
    : t(`dashboard.greetingNoName.${period}`);

  return (
    <div
      data-slot="dashboard-screen"
      className={cn('mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10', className)}
      {...props}
    >
      <PageHeader
        title={
          user ? (
            greeting
          ) : (
            <>
              <span
                aria-hidden
                className="inline-block h-[1lh] w-72 max-w-full animate-pulse rounded-md bg-muted align-top"
              />
              <span className="sr-only">{t('common.loading')}</span>
            </>
          )
        }
        description={t('dashboard.subtitle')}
      />

      <div className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <Card
          data-slot="new-note-card"
          role="region"
          aria-labelledby={newNoteTitleId}
          className="gap-5 border-primary/30 bg-accent/40 md:col-span-2 xl:col-span-1"
        >
          <CardHeader>
            <span
              aria-hidden
              className="mb-2 flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground"
            >
              <FilePlus2 className="size-5" />
            </span>
            <CardTitle asChild>
              <h2 id={newNoteTitleId}>{t('dashboard.newNote.title')}</h2>
            </CardTitle>
            <CardDescription>{t('dashboard.newNote.description')}</CardDescription>
          </CardHeader>
          <CardFooter className="mt-auto max-sm:grid">
            {onRecord ? (
              <Button size="lg" className="sm:hidden" onClick={onRecord}>
                <Mic aria-hidden />
                {t('dashboard.newNote.record')}
              </Button>
            ) : null}
            {/* Beside "Aufnehmen" on a phone the upload is the second action: the outline look. */}
            <Button
              onClick={onNewNote}
              className={cn(
                onRecord &&
                  'max-sm:border max-sm:border-input max-sm:bg-surface max-sm:text-foreground max-sm:hover:bg-muted',
              )}
            >
              <Upload aria-hidden />
              {t('dashboard.newNote.action')}
            </Button>
          </CardFooter>
        </Card>
        <MinutesMeter
          minutes={minutes}
          status={minutesStatus}
          asOf={minutesAsOf}
          onRetry={onRetryMinutes}
          retrying={minutesRetrying}
          buyHref={buyMinutesHref}
        />
        <PlanCard
          plan={plan}
          status={planStatus}
          asOf={planAsOf}
          onRetry={onRetryPlan}
          retrying={planRetrying}
          onUpgrade={onUpgrade}
          onManage={onManagePlan}
          pending={planActionPending}
        />
      </div>

      {recentNotesStatus || foldersStatus || children ? (
        <div data-slot="dashboard-content" className="mt-10 grid min-w-0 gap-6">
          {recentNotesStatus || foldersStatus ? (
            <div className="grid min-w-0 items-start gap-6 xl:grid-cols-3">
              {recentNotesStatus ? (
                <RecentNotes
                  notes={recentNotes}
                  status={recentNotesStatus}
                  onRetry={onRetryRecentNotes}
                  onOpenNote={(note) => onOpenNote?.(note)}
                  onShowAll={onShowAllNotes}
                  folders={folders}
                  className={foldersStatus ? 'xl:col-span-2' : 'xl:col-span-3'}
                />
              ) : null}
              {foldersStatus ? (
                <FolderShortcuts
                  folders={folders}
                  status={foldersStatus}
                  onRetry={onRetryFolders}
                  onOpenFolder={(folder) => onOpenFolder?.(folder)}
                  className={recentNotesStatus ? undefined : 'xl:col-span-3'}
                />
              ) : null}
            </div>
          ) : null}
          {children}
        </div>
      ) : null}
    </div>
  );
}
