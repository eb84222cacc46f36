import { splitLocale, type Locale, type MessageGroup, type Messages } from '@protokoll/contract';
import type { FormattedTexts } from '@protokoll/ui/format';
import { addMessages, createI18n, type I18n } from '@protokoll/ui/i18n';
import { fetchMessages } from './messages.ts';

/*
 * The app's translators and the message groups each has (docs/i18n.md#message-groups). Every
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

/** What a translator has of each group: loading or loaded, by `locale:group`. */
interface Groups {
  loading: Map<string, Promise<void>>;
  loaded: Set<string>;
}
const groupsOf = new WeakMap<I18n, Groups>();
const entry = (locale: Locale, group: MessageGroup) => `${locale}:${group}`;
const stateOf = (i18n: I18n): Groups => {
  let groups = groupsOf.get(i18n);
  if (!groups) groupsOf.set(i18n, (groups = { loading: new Map(), loaded: new Set() }));
  return groups;
};

/**
 * A translator for `locale` with the groups already at hand: one per render outside the browser
 * (each render has its own, docs/architecture.md#prerendered-pages).
 */
export function createAppI18n(
  locale: Locale,
  groups: Partial<Record<MessageGroup, Messages>> = {},
): I18n {
  const i18n = createI18n(locale, {});
  const state = stateOf(i18n);
  for (const [group, messages] of Object.entries(groups)) {
    addMessages(i18n, locale, messages);
    state.loaded.add(entry(locale, group as MessageGroup));
    state.loading.set(entry(locale, group as MessageGroup), Promise.resolve());
  }
  return i18n;
}

/**
 * A translator of its own over `base`'s texts (i18next's `cloneInstance`: the message store is
 * shared, the instance, its language and events are the clone's), knowing the groups `base`
 * has. For renders outside the browser, whose translators never load texts: building one from
 * the bundles per render cost about 4 % of a `/notes` render (decision 002).
 */
export function cloneAppI18n(base: I18n): I18n {
  const clone = base.cloneInstance();
  const { loading, loaded } = stateOf(base);
  groupsOf.set(clone, { loading: new Map(loading), loaded: new Set(loaded) });
  return clone;
}

/** The browser's one translator (and a story's), which lazy routes load their groups into. */
let browser: I18n | undefined;

/** Creates the browser's translator (`main.tsx`, route stories). */
export function initAppI18n(
  locale: Locale,
  groups: Partial<Record<MessageGroup, Messages>> = {},
): I18n {
  browser = createAppI18n(locale, groups);
  return browser;
}

export function browserI18n(): I18n {
  if (!browser) throw new Error('initAppI18n() first');
  return browser;
}

/** The locale pages are loaded for: the address's. */
export const pageLocale = (): Locale => splitLocale(location.pathname).locale;

export function hasMessageGroups(
  i18n: I18n,
  locale: Locale,
  groups: readonly MessageGroup[],
): boolean {
  const { loaded } = stateOf(i18n);
  return ['common' as const, ...groups].every((group) => loaded.has(entry(locale, group)));
}

/** The groups of `locale` loaded so far (a language switch loads the same ones). */
export function loadedMessageGroups(i18n: I18n, locale: Locale): MessageGroup[] {
  return [...stateOf(i18n).loaded]
    .filter((key) => key.startsWith(`${locale}:`))
    .map((key) => key.slice(locale.length + 1) as MessageGroup);
}

/** Loads `common` and `groups` of `locale` from `/_i18n` (each once; a failed load is tried again later). */
export async function loadMessageGroups(
  i18n: I18n,
  locale: Locale,
  groups: readonly MessageGroup[],
): Promise<void> {
  const { loading, loaded } = stateOf(i18n);
  await Promise.all(
    [...new Set<MessageGroup>(['common', ...groups])].map((group) => {
      const key = entry(locale, group);
      let pending = loading.get(key);
      if (!pending) {
        pending = fetchMessages(locale, group).then((messages) => {
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
