import { LOCALES, type Locale } from '@protokoll/contract';
import { Globe } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { useTranslation } from 'react-i18next';
import { useUi } from '../lib/ui-provider.tsx';
import { linkVariants } from './link.tsx';

export interface LanguageLinksProps extends Omit<React.ComponentProps<'nav'>, 'children'> {
  /** The current page in each language (`/login`, `/en/login`). */
  hrefs: Record<Locale, string>;
  /** A language was chosen; the app switches prefix and messages without a reload. */
  onLocaleChange: (locale: Locale) => void;
}

/**
 * The other languages as plain links in their own names ("English" on German pages): the
 * lightweight switch of the public pages, which have no room for the menu's Radix code.
 * Real links, so they also work before the app has loaded and can be opened in a new tab.
 */
export function LanguageLinks({ hrefs, onLocaleChange, className, ...props }: LanguageLinksProps) {
  const { locale } = useUi();
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('language.label')}
      data-slot="language-links"
      className={cn('flex items-center gap-3 text-sm', className)}
      {...props}
    >
      <Globe aria-hidden className="size-4 text-muted-foreground" />
      {LOCALES.filter((option) => option !== locale).map((option) => (
        <a
          key={option}
          href={hrefs[option]}
          lang={option}
          hrefLang={option}
          className={linkVariants()}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            onLocaleChange(option);
          }}
        >
          {t(`language.${option}`)}
        </a>
      ))}
    </nav>
  );
}
