import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Language names in the interface language, capitalised ("Deutsch", "Englisch"). */
export function useLanguageName(): (code: string) => string {
  const { i18n } = useTranslation();
  const names = useMemo(
    () => new Intl.DisplayNames([i18n.language], { type: 'language', fallback: 'code' }),
    [i18n.language],
  );
  return (code) => {
    const name = names.of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(i18n.language) + name.slice(1);
  };
}
