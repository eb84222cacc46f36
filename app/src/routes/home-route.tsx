import { DEFAULT_PLAN_OFFERS } from '@protokoll/contract';
import { HomeScreen } from '@protokoll/ui';
import { useLocation } from 'wouter';
import { localizedCounterpart } from '../lib/content.ts';
import { useLocale } from '../lib/use-locale.ts';
import { useSessionState } from '../session/session-context.ts';

/**
 * `/`: the public home page; signed-in visitors get the way to their dashboard. The plans are
 * the contract's catalogue, as on the pricing page, so the page is prerendered with them.
 */
export function HomeRoute() {
  const [, navigate] = useLocation();
  const { isAuthenticated } = useSessionState();
  const { locale } = useLocale();
  return (
    <HomeScreen
      signedIn={isAuthenticated}
      onPrimaryAction={() => navigate(isAuthenticated ? '/dashboard' : '/register')}
      onSignIn={() => navigate('/login')}
      plans={DEFAULT_PLAN_OFFERS}
      // Signed out, buying starts with an account; the buy page then shows the same plans.
      onChoosePlan={() => navigate(isAuthenticated ? '/buy' : '/register')}
      pricingHref={localizedCounterpart('de', '/preise', locale)}
    />
  );
}
