import { DashboardScreen } from '@protokoll/ui';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { loadSession, useSessionState } from '../session/session-context.ts';

/**
 * `/dashboard`: greeting, minutes and plan. Both are reloaded on every visit (SPEC §4 keeps
 * them in the session); a failed minutes load shows zero minutes, a failed plan load no plan.
 */
export function DashboardRoute() {
  const [, navigate] = useLocation();
  const { user, minutes, currentPlan, planLoading } = useSessionState();

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
    />
  );
}
