import { DEFAULT_LOCALE, LOCALES } from './constants.ts';

// Without zod: the translator's setup and the message groups load with every page's first paint.

/** A nested message tree (`Messages` in the contract's API). */
export type MessageTree = { [key: string]: string | MessageTree };

/**
 * The names of the message groups, on their own: every page's first script needs them (the
 * group call's parameter), and not which areas each group holds (`MESSAGE_GROUPS`), which only
 * the server and the build read.
 */
export const MESSAGE_GROUP_NAMES = [
  'common',
  'home',
  'auth',
  'notes',
  'reader',
  'noteTools',
  'approval',
  'glossary',
  'share',
  'upload',
  'billing',
  'offers',
  'settings',
  'mail',
] as const;
export type MessageGroup = (typeof MESSAGE_GROUP_NAMES)[number];

/**
 * The message groups (docs/i18n.md#message-groups): the top-level areas of the locale files,
 * served together so a page loads only the texts of its area. `common` holds what every page may
 * show (layouts, error texts, validation, toasts); every area appears in exactly one group.
 */
export const MESSAGE_GROUPS = {
  common: [
    'app',
    'common',
    'errors',
    'errorPage',
    'shell',
    'language',
    'toast',
    'pagination',
    'validation',
    'uploads',
    'footer',
    'content',
  ],
  home: ['home'],
  auth: ['auth'],
  notes: ['notes', 'folders', 'downloads', 'dashboard'],
  // The note's reader and the plan catalogue's cards: their own groups, as the home page shows
  // both without the rest of their areas (docs/i18n.md#message-groups).
  reader: ['reader'],
  // What a signed-in reader adds to the note (editing, summarising again, versions, details):
  // loaded by the notes pages only, not by the home page's example note.
  noteTools: ['noteTools'],
  // Approval and signature of formal minutes: the reader's panel and the signing page, loaded
  // with them (docs/formal-minutes.md#approval-and-signature).
  approval: ['approval'],
  // The glossary's editor (the settings page and a folder's dialog, loaded on first use): not
  // inlined into the notes pages, which show only its corrections and suggestions.
  glossary: ['glossary'],
  // A note's share dialog, loaded when it opens (docs/sharing.md); the share page's own texts
  // are the server's (`exports.sharePage`).
  share: ['share'],
  upload: ['protocol', 'processing'],
  billing: ['plan', 'minutes', 'purchase', 'subscription', 'support', 'team'],
  offers: ['plans', 'buy'],
  settings: ['settings'],
  // What only the server writes, the account mails, the documents' export headings and the share
  // pages' texts (`exports.sharePage`): never loaded by the browser, still part of the whole set.
  mail: ['mail', 'exports'],
} as const satisfies Record<MessageGroup, readonly string[]>;

/** The part of a message tree that belongs to one group. */
export function pickMessageGroup(messages: MessageTree, group: MessageGroup): MessageTree {
  const picked: MessageTree = {};
  for (const area of MESSAGE_GROUPS[group]) {
    const node = messages[area];
    if (node !== undefined) picked[area] = node;
  }
  return picked;
}

/** `auth.json`: the file name of a group at /_i18n/{locale}/. */
export const messageGroupFile = (group: MessageGroup) => `${group}.json` as const;

/**
 * i18next's options shared by every translator, the browser's and the server's (one engine, one
 * format: docs/i18n.md#message-files). Plain data, so the contract stays free of i18next itself.
 */
export const I18N_OPTIONS = {
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  // React (and the mail and PDF writers) escape what they output; escaping here too shows `&amp;`.
  // A placeholder without a value stays as written (`{{name}}`), as it always did here.
  interpolation: {
    escapeValue: false,
    missingInterpolationHandler: (_text: string, match: RegExpExecArray) => match[0],
  },
  // Resources are given up front or added synchronously: no async init, no Suspense.
  initAsync: false,
  showSupportNotice: false,
};
