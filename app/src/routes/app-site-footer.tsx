import { LOCALES, type Locale } from '@protokoll/contract';
import { SiteFooter } from '@protokoll/ui';
import { useLocation } from 'wouter';
import { localizedCounterpart } from '../lib/content.ts';
import { renderIntentRouterLink, renderRouterLink } from '../lib/router-link.tsx';
import { useLocale } from '../lib/use-locale.ts';

/**
 * The site footer of every page (docs/product.md#layouts), wired for the active locale: the
 * default layout and the auth pages both put it under the page. `prefetch="intent"` (the auth
 * pages) prefetches a link's page only on hover or focus, not when it comes into view.
 */
export function AppSiteFooter({ prefetch = 'visible' }: { prefetch?: 'visible' | 'intent' }) {
  const { locale, switchLocale, href } = useLocale();
  const [path] = useLocation();
  return (
    <SiteFooter
      hrefs={{
        impressum: localizedCounterpart('de', '/impressum', locale),
        privacy: localizedCounterpart('de', '/datenschutz', locale),
        terms: localizedCounterpart('de', '/agb', locale),
        help: localizedCounterpart('de', '/hilfe', locale),
        support: href('/support'),
      }}
      renderLink={prefetch === 'intent' ? renderIntentRouterLink : renderRouterLink}
      locale={locale}
      languageHrefs={
        Object.fromEntries(
          LOCALES.map((option) => [option, localizedCounterpart(locale, path, option)]),
        ) as Record<Locale, string>
      }
      onLocaleChange={switchLocale}
      year={new Date().getFullYear()}
    />
  );
}
