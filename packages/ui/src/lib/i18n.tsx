import { DEFAULT_LOCALE, type Locale, type Messages } from '@protokoll/contract';
import {
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  useContext,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';

/*
 * Translations in the i18next message format (nested keys, `{{name}}` interpolation, `_one`/
 * `_other` plural suffixes chosen by Intl.PluralRules, `<tag>…</tag>` in <Trans>) behind the
 * react-i18next API (`useTranslation`, `Trans`). i18next + react-i18next weigh ~18 KiB gzipped
 * and did not fit the sign-in page's 100 KiB first-paint budget next to React; this file is the
 * part of them the product uses, with the same message files.
 */

export type TranslateValues = Record<string, unknown> & { count?: number };
export type TFunction = (key: string, values?: TranslateValues) => string;

export interface I18n {
  /** The active locale. */
  readonly language: Locale;
  t: TFunction;
  /** The message before interpolation (plural form chosen), or undefined when there is none. */
  template(key: string, values?: TranslateValues): string | undefined;
  /** Whether the key has a text in the active locale or the fallback. */
  exists(key: string): boolean;
  hasMessages(locale: Locale): boolean;
  addMessages(locale: Locale, messages: Messages): void;
  /** Switches the locale; its messages must have been added. */
  changeLanguage(locale: Locale): Promise<void>;
  subscribe(listener: () => void): () => void;
}

function lookup(messages: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const INTERPOLATION = /\{\{\s*([\w.]+)\s*\}\}/g;

function interpolate(text: string, values: TranslateValues | undefined): string {
  if (!values) return text;
  return text.replace(INTERPOLATION, (match, name: string) =>
    name in values && values[name] !== undefined && values[name] !== null
      ? String(values[name])
      : match,
  );
}

/** Creates the translator of one app (or story) with the messages known so far. */
export function createI18n(locale: Locale, messages: Partial<Record<Locale, Messages>>): I18n {
  const bundles: Partial<Record<Locale, Messages>> = { ...messages };
  const listeners = new Set<() => void>();
  let language = locale;

  function template(key: string, values?: TranslateValues): string | undefined {
    const count = values?.count;
    const candidates =
      typeof count === 'number'
        ? [
            ...(count === 0 ? [`${key}_zero`] : []),
            `${key}_${new Intl.PluralRules(language).select(count)}`,
            key,
          ]
        : [key];
    for (const bundle of [bundles[language], bundles[DEFAULT_LOCALE]]) {
      for (const candidate of candidates) {
        const text = lookup(bundle, candidate);
        if (text !== undefined) return text;
      }
    }
    return undefined;
  }

  return {
    get language() {
      return language;
    },
    template,
    t: (key, values) => interpolate(template(key, values) ?? key, values),
    exists: (key) => template(key) !== undefined,
    hasMessages: (lng) => bundles[lng] !== undefined,
    addMessages(lng, added) {
      bundles[lng] = added;
    },
    async changeLanguage(lng) {
      if (lng === language) return;
      language = lng;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation needs an <I18nProvider>');
  return i18n;
}

/** The translator of the nearest provider; components re-render when the locale changes. */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useI18n();
  const language = useSyncExternalStore(i18n.subscribe, () => i18n.language);
  // A new `t` per locale, so memoised children that receive it re-render too.
  const t = useMemo<TFunction>(
    () => (key, values) => i18n.t(key, values),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `language` is the trigger
    [i18n, language],
  );
  return { t, i18n };
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>|<(\w+)\s*\/>/g;

/** Turns `a <strong>{{b}}</strong> c` into text and elements; values fill text, never markup. */
function renderRich(
  text: string,
  components: Record<string, ReactElement>,
  values: TranslateValues | undefined,
): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) nodes.push(interpolate(text.slice(last, match.index), values));
    const name = match[1] ?? match[3]!;
    const element = components[name];
    const inner = match[2] === undefined ? [] : renderRich(match[2], components, values);
    nodes.push(
      isValidElement(element) ? (
        cloneElement(element, { key: nodes.length }, ...(inner.length ? inner : []))
      ) : (
        <Fragment key={nodes.length}>{inner}</Fragment>
      ),
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(interpolate(text.slice(last), values));
  return nodes;
}

export interface TransProps {
  i18nKey: string;
  values?: TranslateValues;
  /** Elements for the message's `<name>…</name>` tags; the tag's text becomes their children. */
  components?: Record<string, ReactElement>;
}

/** A message with markup: `<strong>{{used}}</strong> von {{total}}` with `components={{ strong }}`. */
export function Trans({ i18nKey, values, components = {} }: TransProps) {
  const { i18n } = useTranslation();
  const text = i18n.template(i18nKey, values);
  return <>{renderRich(text ?? i18nKey, components, values)}</>;
}
