import { LOCALES, type Locale } from '@protokoll/contract';
import { ChevronDown, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { Button } from './button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from './dropdown-menu.tsx';

function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

export interface LanguageSwitchProps extends Omit<
  React.ComponentProps<'button'>,
  'children' | 'onChange'
> {
  /** The active interface language. */
  locale: Locale;
  /** Another language was chosen; the app switches the route prefix and the messages. */
  onLocaleChange: (locale: Locale) => void;
  /** Show only the short code ("DE") next to the globe, for tight headers. */
  compact?: boolean;
  /** Which edge of the trigger the menu lines up with. */
  align?: 'start' | 'center' | 'end';
}

/**
 * Language menu: the trigger shows the current language, the menu offers every language
 * in its own name (Deutsch, English), so people find theirs whatever the page is in.
 */
export function LanguageSwitch({
  locale,
  onLocaleChange,
  compact = false,
  align = 'end',
  className,
  ...props
}: LanguageSwitchProps) {
  const { t } = useTranslation();
  const current = t(`language.${locale}`);
  const code = locale.toUpperCase();
  const name = t('language.current', { language: current });
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          data-slot="language-switch"
          // The visible text must start the accessible name (WCAG 2.5.3), so speech users can say it.
          aria-label={compact ? `${code} – ${name}` : name}
          className={cn('gap-1.5 px-2.5', className)}
          {...props}
        >
          <Globe aria-hidden />
          <span lang={locale}>{compact ? code : current}</span>
          <ChevronDown aria-hidden className="text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align={align} className="min-w-40">
        <DropdownMenuLabel>{t('language.label')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={locale}
          onValueChange={(value) => {
            if (isLocale(value) && value !== locale) onLocaleChange(value);
          }}
        >
          {LOCALES.map((option) => (
            <DropdownMenuRadioItem key={option} value={option} lang={option}>
              {t(`language.${option}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
