import { LOCALES, type Locale } from '@protokoll/contract';
import { SiteFooter } from '@protokoll/ui';
import { useLocation } from 'wouter';
import { localizedCounterpart } from '../lib/content.ts';
import { useLocale } from '../lib/use-locale.ts';

/**
 * The site footer of every page (docs/product.md#layouts), wired for the active locale: the
 * default layout and the auth pages both put it under the page. Its links prefetch as the page's
 * links do (docs/architecture.md#route-prefetch).
 * `languageLinks`: visitors have the language links in the header; signed-in people in the user
 * menu and here (docs/i18n.md#language-switch).
 */
export function AppSiteFooter({ languageLinks = false }: { languageLinks?: boolean }) {
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
      languageHrefs={
        languageLinks
          ? (Object.fromEntries(
              LOCALES.map((option) => [option, localizedCounterpart(locale, path, option)]),
            ) as Record<Locale, string>)
          : undefined
      }
      onLocaleChange={switchLocale}
      year={new Date().getFullYear()}
    />
  );
}
