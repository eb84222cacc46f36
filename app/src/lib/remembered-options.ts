import { ProtocolOptions } from '@protokoll/ui';

/*
 * The new-note form's options, remembered per person in this browser
 * (docs/uploads.md#remembered-options): what was sent last time is where the next form starts.
 * Browser storage is the person's own to change, so what is read is checked again; anything
 * unreadable counts as nothing remembered.
 */

const PREFIX = 'protokoll.protocol-options.';

/** The storage key of one person's options: two people sharing a browser keep their own. */
export const rememberedOptionsKey = (userId: number | string) => `${PREFIX}${userId}`;

/** The options last sent by this person, or undefined (none, unreadable, no storage). */
export function readRememberedOptions(
  storage: Storage | undefined,
  userId: number | string | undefined,
): ProtocolOptions | undefined {
  if (!storage || userId === undefined) return undefined;
  try {
    const stored = storage.getItem(rememberedOptionsKey(userId));
    if (!stored) return undefined;
    const parsed = ProtocolOptions.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the options just sent; a full or blocked storage forgets them quietly. */
export function rememberOptions(
  storage: Storage | undefined,
  userId: number | string | undefined,
  options: ProtocolOptions,
): void {
  if (!storage || userId === undefined) return;
  try {
    storage.setItem(rememberedOptionsKey(userId), JSON.stringify(options));
  } catch {
    // Private mode or a full storage: the next form starts from the defaults.
  }
}

/** The browser's storage, if there is one (none while prerendering). */
export const browserStorage = (): Storage | undefined =>
  typeof localStorage === 'undefined' ? undefined : localStorage;
