import { I18N_OPTIONS as SHARED_OPTIONS, type Locale, type Messages } from '@protokoll/contract';
import i18next, { type i18n as I18n, type ParseKeys } from 'i18next';

/*
 * The interface's translator: an i18next instance (docs/i18n.md#translator). Components use
 * react-i18next (`useTranslation`, `Trans`) under the `I18nextProvider` of the app or Storybook.
 * Texts live in one i18next namespace (`translation`) whose tree is filled area by area as pages
 * load their message groups, so keys read the same everywhere (`t('notes.title')`).
 */

export type { I18n };

/** A message key of `locales/en.json`; a string becomes one only after `i18n.exists` said so. */
export type MessageKey = ParseKeys;

/** The shared options, plus react-i18next's: re-render on a language change or added texts. */
const I18N_OPTIONS = {
  ...SHARED_OPTIONS,
  react: { useSuspense: false, bindI18n: 'languageChanged', bindI18nStore: 'added' },
};

/** A translator with the messages known so far, switched to `locale`. */
export function createI18n(locale: Locale, messages: Partial<Record<Locale, Messages>>): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    ...I18N_OPTIONS,
    lng: locale,
    resources: Object.fromEntries(
      Object.entries(messages).map(([lng, tree]) => [lng, { translation: tree }]),
    ),
  });
  return instance;
}

/** Adds (deep-merges) a part of one locale's message tree. */
export function addMessages(i18n: I18n, locale: Locale, messages: Messages): void {
  i18n.addResourceBundle(locale, 'translation', messages, true, true);
}
