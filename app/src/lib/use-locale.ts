import { createContext, useContext } from 'react';
import type { Locale } from '@protokoll/contract';

export interface LocaleContextValue {
  locale: Locale;
  /** Switches language and stays on the same page (`/x` ⇄ `/en/x`). */
  switchLocale: (next: Locale) => void;
  /** An absolute link in the current locale for a German-form path. */
  href: (path: string) => string;
}

export const LocaleContext = createContext<LocaleContextValue | null>(null);

export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale needs <LocaleContext.Provider>');
  return value;
}
