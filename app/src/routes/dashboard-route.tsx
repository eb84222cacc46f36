import { DashboardScreen, RECENT_NOTES_COUNT } from '@protokoll/ui';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useFolders } from '../api/folders.ts';
import { useNotes } from '../api/notes.ts';
import { loadSession, useSessionState } from '../session/session-context.ts';

/**
 * `/dashboard`: greeting, minutes and plan, the most recent notes (live while they process) and
 * the folders. Minutes and plan are reloaded on every visit (SPEC §4 keeps them in the session);
 * a failed minutes load shows zero minutes, a failed plan load no plan.
 */
export function DashboardRoute() {
  const [, navigate] = useLocation();
  const { user, minutes, currentPlan, planLoading } = useSessionState();
  const recentNotes = useNotes({ page: 1, page_size: RECENT_NOTES_COUNT });
  const folders = useFolders();

  const reloadMinutes = () => void loadSession().then(({ session }) => session.loadMinutes());
  const reloadPlan = () => void loadSession().then(({ session }) => session.loadPlan());
  useEffect(() => {
    void loadSession().then(({ session }) =>
      Promise.all([session.loadMinutes(), session.loadPlan()]),
    );
  }, []);

  if (!user) return null;
  return (
    <DashboardScreen
      user={user}
      minutes={minutes ?? undefined}
      minutesStatus={minutes ? 'ready' : 'loading'}
      onRetryMinutes={reloadMinutes}
      plan={currentPlan}
      planStatus={planLoading ? 'loading' : 'ready'}
      onRetryPlan={reloadPlan}
      onNewNote={() => navigate('/protocol')}
      // SPEC §7: a failed list load clears the list.
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
