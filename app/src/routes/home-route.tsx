import { HomeScreen } from '@protokoll/ui';
import { useLocation } from 'wouter';
import { useSessionState } from '../session/session-context.ts';

/** `/`: the public home page; signed-in visitors get the way to their dashboard. */
export function HomeRoute() {
  const [, navigate] = useLocation();
  const { isAuthenticated } = useSessionState();
  return (
    <HomeScreen
      signedIn={isAuthenticated}
      onPrimaryAction={() => navigate(isAuthenticated ? '/dashboard' : '/register')}
      onSignIn={() => navigate('/login')}
    />
  );
}
