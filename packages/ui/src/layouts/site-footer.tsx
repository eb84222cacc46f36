import type { Locale } from '@protokoll/contract';
import { useTranslation } from 'react-i18next';
import { LanguageLinks } from '../components/language-links.tsx';
import { linkVariants } from '../components/link.tsx';
import { cn } from '../lib/cn.ts';
import { ItemLink, type LinkItem } from '../lib/render-link.tsx';

/** The footer's links, each resolved by the app for the active locale. */
export interface SiteFooterHrefs {
  impressum: string;
  privacy: string;
  terms: string;
  help: string;
  support: string;
}

const ORDER = ['impressum', 'privacy', 'terms', 'help', 'support'] as const;

export interface SiteFooterProps extends Omit<React.ComponentProps<'footer'>, 'children'> {
  hrefs: SiteFooterHrefs;
  /**
   * The current page in each language (a content page's counterpart: `/agb`, `/en/terms`).
   * Without it the footer shows no language links (the header already does).
   */
  languageHrefs?: Record<Locale, string> | undefined;
  /** A language was chosen. */
  onLocaleChange: (locale: Locale) => void;
  /** The year of the copyright line; given by the app so stories and tests stay stable. */
  year: number;
}

/**
 * The footer of every page (docs/product.md#layouts): Impressum, privacy, terms, help, support
 * and the language switch as plain links.
 */
export function SiteFooter({
  hrefs,
  languageHrefs,
  onLocaleChange,
  year,
  className,
  ...props
}: SiteFooterProps) {
  const { t } = useTranslation();
  const items: LinkItem[] = ORDER.map((key) => ({
    key,
    label: t(`footer.${key}`),
    href: hrefs[key],
  }));
  return (
    <footer
      data-slot="site-footer"
      className={cn('border-t border-border bg-surface text-sm text-muted-foreground', className)}
      {...props}
    >
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <nav aria-label={t('footer.label')}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {items.map((item) => (
              <li key={item.key}>
                <ItemLink item={item} className={linkVariants({ variant: 'muted' })}>
                  {item.label}
                </ItemLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-5">
          {languageHrefs ? (
            <LanguageLinks hrefs={languageHrefs} onLocaleChange={onLocaleChange} />
          ) : null}
          <span>{t('footer.copyright', { year })}</span>
        </div>
      </div>
    </footer>
  );
}
