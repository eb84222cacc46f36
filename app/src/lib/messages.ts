import {
  LOCALE_CACHE_MS,
  type Locale,
  type MessageGroup,
  type Messages,
} from '@protokoll/contract';

interface CachedMessages {
  savedAt: number;
  messages: Messages;
}

/** One group's file (`auth`) or the whole set (`messages`). */
export type MessageFile = MessageGroup | 'messages';

const cacheKey = (locale: Locale, file: MessageFile) => `i18n:${__BUILD_ID__}:${locale}:${file}`;

/** A nested tree of strings, checked by hand: zod would add ~26 KiB to every page's first paint. */
export function isMessages(value: unknown): value is Messages {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).every((entry) => typeof entry === 'string' || isMessages(entry));
}

/**
 * Messages of one locale from `/_i18n/{locale}/{group}.json` (or the whole set from
 * `messages.json`), cached in localStorage for 24 h (docs/i18n.md#loading-and-caching). The cache key carries the build id, so a deploy
 * never shows stale texts.
 */
export async function fetchMessages(
  locale: Locale,
  file: MessageFile = 'messages',
  {
    baseUrl = import.meta.env.VITE_API_BASE ?? '',
    now = Date.now(),
    storage = globalThis.localStorage as Storage | undefined,
    fetch: doFetch = fetch,
  } = {},
): Promise<Messages> {
  try {
    const raw = storage?.getItem(cacheKey(locale, file));
    if (raw) {
      const cached = JSON.parse(raw) as CachedMessages;
      if (now - cached.savedAt < LOCALE_CACHE_MS && isMessages(cached.messages))
        return cached.messages;
    }
  } catch {
    // A broken cache entry is simply refetched.
  }
  const response = await doFetch(`${baseUrl}/_i18n/${locale}/${file}.json`);
  const messages: unknown = response.ok ? await response.json() : undefined;
  if (!isMessages(messages))
    throw new Error(`Messages for ${locale} could not be loaded (${response.status})`);
  try {
    storage?.setItem(
      cacheKey(locale, file),
      JSON.stringify({ savedAt: now, messages } satisfies CachedMessages),
    );
  } catch {
    // Storage full or disabled: the texts still work, just uncached.
  }
  return messages;
}
