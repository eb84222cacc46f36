import { HomeScreen } from '@protokoll/ui';
import { useLocation } from 'wouter';

/** `/`: the public home page. Sign-up and sign-in pages arrive with the accounts issue. */
export function HomeRoute() {
  const [, navigate] = useLocation();
  return (
    <HomeScreen
      signedIn={false}
      onPrimaryAction={() => navigate('/register')}
      onSignIn={() => navigate('/login')}
    />
  );
}
