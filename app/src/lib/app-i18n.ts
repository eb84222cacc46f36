import { splitLocale, type Locale, type MessageGroup, type Messages } from '@protokoll/contract';
import type { FormattedTexts } from '@protokoll/ui/format';
import { addMessages, createI18n, type I18n } from '@protokoll/ui/i18n';
import { fetchMessages } from './messages.ts';

/*
 * The app's one translator and the message groups it has (docs/i18n.md#message-groups). Every
 * page needs `common`; a route names the groups of its area, loaded together with its chunk. A
 * prerendered page brings its groups inlined, so it needs no request for texts at all.
 */

/**
 * What a prerendered page carries in `<script id="messages">`: its locale's groups, and the
 * numbers and dates it shows as they were formatted.
 */
export interface InlinedMessages {
  locale: Locale;
  groups: Partial<Record<MessageGroup, Messages>>;
  /** The lazy components it was rendered with, loaded before hydrating. */
  components: string[];
  /** Its numbers and dates as formatted where it was rendered (`seedFormats`). */
  formats?: FormattedTexts;
}

export const INLINED_MESSAGES_ID = 'messages';

let instance: I18n | undefined;
let source: (locale: Locale, group: MessageGroup) => Promise<Messages> = fetchMessages;

/** Where groups come from: `/_i18n` in the browser, the locale files when prerendering. */
export function setMessageSource(load: typeof source): void {
  source = load;
}
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();
const entry = (locale: Locale, group: MessageGroup) => `${locale}:${group}`;

/** Creates the translator for `locale` with the groups already at hand. */
export function initAppI18n(
  locale: Locale,
  groups: Partial<Record<MessageGroup, Messages>> = {},
): I18n {
  instance = createI18n(locale, {});
  loading.clear();
  loaded.clear();
  for (const [group, messages] of Object.entries(groups)) {
    addMessages(instance, locale, messages);
    loaded.add(entry(locale, group as MessageGroup));
    loading.set(entry(locale, group as MessageGroup), Promise.resolve());
  }
  return instance;
}

export function appI18n(): I18n {
  if (!instance) throw new Error('initAppI18n() first');
  return instance;
}

/** The locale pages are loaded for: the address's, or the translator's outside a browser. */
export function pageLocale(): Locale {
  return typeof location === 'undefined'
    ? (appI18n().language as Locale)
    : splitLocale(location.pathname).locale;
}

export function hasMessageGroups(locale: Locale, groups: readonly MessageGroup[]): boolean {
  return ['common' as const, ...groups].every((group) => loaded.has(entry(locale, group)));
}

/** The groups of `locale` loaded so far (a language switch loads the same ones). */
export function loadedMessageGroups(locale: Locale): MessageGroup[] {
  return [...loaded]
    .filter((key) => key.startsWith(`${locale}:`))
    .map((key) => key.slice(locale.length + 1) as MessageGroup);
}

/** Loads `common` and `groups` of `locale` (each once; a failed load is tried again later). */
export async function loadMessageGroups(
  locale: Locale,
  groups: readonly MessageGroup[],
): Promise<void> {
  const i18n = appI18n();
  await Promise.all(
    [...new Set<MessageGroup>(['common', ...groups])].map((group) => {
      const key = entry(locale, group);
      let pending = loading.get(key);
      if (!pending) {
        pending = source(locale, group).then((messages) => {
          addMessages(i18n, locale, messages);
          loaded.add(key);
        });
        pending.catch(() => loading.delete(key));
        loading.set(key, pending);
      }
      return pending;
    }),
  );
}
