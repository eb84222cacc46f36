import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale, type Messages } from '@protokoll/contract';

/**
 * Creates an i18next instance bound to React. Components only call `useTranslation()`;
 * who loads the messages (the app over HTTP, Storybook from the files) is the caller's business.
 */
export function createI18n(locale: Locale, messages: Partial<Record<Locale, Messages>>): i18n {
  const resources: Resource = {};
  for (const [lng, translation] of Object.entries(messages)) {
    resources[lng] = { translation: translation as Record<string, unknown> };
  }
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
