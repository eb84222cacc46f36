import { endpoints, LOCALE_CACHE_MS, type Locale, type Messages } from '@protokoll/contract';
import type { ApiClient } from '../lib/http.ts';

interface CachedMessages {
  savedAt: number;
  messages: Messages;
}

const cacheKey = (locale: Locale) => `i18n:${__BUILD_ID__}:${locale}`;

/**
 * Messages of one locale from `/_i18n/{locale}/messages.json`, cached in localStorage for 24 h
 * (SPEC §9). The cache key carries the build id, so a new deploy never shows stale texts.
 */
export async function fetchMessages(
  client: ApiClient,
  locale: Locale,
  now = Date.now(),
  storage: Storage | undefined = globalThis.localStorage,
): Promise<Messages> {
  try {
    const raw = storage?.getItem(cacheKey(locale));
    if (raw) {
      const cached = JSON.parse(raw) as CachedMessages;
      if (now - cached.savedAt < LOCALE_CACHE_MS) return cached.messages;
    }
  } catch {
    // A broken cache entry is simply refetched.
  }
  const messages = await client.call(endpoints.i18nMessages, { params: { locale } });
  try {
    storage?.setItem(cacheKey(locale), JSON.stringify({ savedAt: now, messages } satisfies CachedMessages));
  } catch {
    // Storage full or disabled: the texts still work, just uncached.
  }
  return messages;
}
