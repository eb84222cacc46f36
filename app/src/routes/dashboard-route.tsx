import { DashboardScreen, RECENT_NOTES_COUNT } from '@protokoll/ui';
import { useLocation } from 'wouter';
import { useOpenPortal } from '../api/billing/portal.ts';
import { useFolders } from '../api/folders/list.ts';
import { useMinutes } from '../api/user/minutes.ts';
import { useNotes } from '../api/notes/list.ts';
import { usePlan } from '../api/user/plan.ts';
import { useUser } from '../api/user/user.ts';
import { toFailureText } from '../lib/failure.ts';
import { useHydrated } from '../lib/hydrated.ts';
import { notify } from '../lib/notify.ts';
import { useLocale } from '../lib/use-locale.ts';

/**
 * `/dashboard`: greeting, minutes and plan, the most recent notes (live while they process) and
 * the folders. Minutes and plan load again on every visit; a failed load of either shows its
 * widget's error with retry and the last known value, never zero minutes or "Free"
 * (docs/minutes.md#when-loading-fails).
 */
export function DashboardRoute() {
  const [, navigate] = useLocation();
  const { locale, href } = useLocale();
  const { data: user } = useUser();
  const minutes = useMinutes();
  const plan = usePlan();
  const recentNotes = useNotes({ page: 1, page_size: RECENT_NOTES_COUNT });
  const folders = useFolders();
  const portal = useOpenPortal();
  // Prerendered as a frame: the greeting waits for the account (docs/architecture.md#signed-in-frames).
  const hydrated = useHydrated();

  return (
    <DashboardScreen
      user={hydrated && user ? user : null}
      minutes={minutes.view.data}
      minutesStatus={minutes.view.status}
      minutesAsOf={minutes.view.asOf}
      onRetryMinutes={() => void minutes.refetch()}
      minutesRetrying={minutes.view.retrying}
      buyMinutesHref={href('/buy')}
      plan={plan.view.data}
      planStatus={plan.view.status}
      planAsOf={plan.view.asOf}
      onRetryPlan={() => void plan.refetch()}
      planRetrying={plan.view.retrying}
      onUpgrade={() => navigate('/buy')}
      onManagePlan={() =>
        user &&
        portal.mutate(
          { userId: user.id, locale },
          { onError: (error) => notify({ text: toFailureText(error, 'portal') }) },
        )
      }
      // Stripe's page is loading once the session exists: the button keeps spinning.
      planActionPending={portal.isPending || portal.isSuccess}
      onNewNote={() => navigate('/protocol')}
      // The new-note page starts recording at once (RECORD_PARAM of the recorder).
      onRecord={() => navigate('/protocol?record=1')}
      // A failed list load clears the list.
      recentNotes={recentNotes.isError ? [] : (recentNotes.data ?? [])}
      recentNotesStatus={recentNotes.isError ? 'error' : recentNotes.data ? 'ready' : 'loading'}
      onRetryRecentNotes={() => void recentNotes.refetch()}
      onOpenNote={(note) => navigate(`/notes?note=${note.id}`)}
      onShowAllNotes={() => navigate('/notes')}
      folders={folders.data ?? []}
      foldersStatus={folders.data ? 'ready' : folders.isError ? 'error' : 'loading'}
      onRetryFolders={() => void folders.refetch()}
      onOpenFolder={(folder) => navigate(`/notes?folder_id=${folder.id}`)}
    />
  );
}
