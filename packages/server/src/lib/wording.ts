// Refusals of an upload or a retry carry numbers (the file's length, its cost, what is left)
// that the client's code-to-text table cannot know, so the server words them itself: from the
// same locales/*.json the interface uses, in the language of the request.
import { MINUTE_GRACE_SECONDS, type Locale } from '@protokoll/contract';
import type { Context } from 'hono';
import type { AppEnv } from './context.ts';
import { translatorFor, type Translate } from './locale-files.ts';
import { mailLocale } from './users.ts';

export type { Translate };

/** Texts, numbers and sizes in one locale. */
export interface Wording {
  locale: Locale;
  t: Translate;
  /** `32 Minuten` / `32 minutes`. */
  minutes(count: number): string;
  /** A length in minutes, rounded up to one decimal: `31,3 Minuten`. */
  duration(seconds: number): string;
  /** `1 GB`, `500 MB` (binary units, as MAX_UPLOAD_BYTES is written). */
  bytes(count: number): string;
}

/** The wording of `locale`; a key missing from the files comes back as the key itself. */
export async function wordingFor(localesDir: string, locale: Locale): Promise<Wording> {
  const t = await translatorFor(localesDir, locale);
  const unit = (unit: string, digits: number) =>
    new Intl.NumberFormat(locale, {
      style: 'unit',
      unit,
      unitDisplay: 'long',
      maximumFractionDigits: digits,
    });
  const wholeMinutes = unit('minute', 0);
  const fractionalMinutes = unit('minute', 1);
  return {
    locale,
    t,
    minutes: (count) => wholeMinutes.format(count),
    // Rounded up to a tenth, with the same grace as the cost, so a file over a limit never reads
    // as exactly the limit.
    duration: (seconds) =>
      fractionalMinutes.format(
        Math.max(0.1, Math.ceil((Math.max(0, seconds - MINUTE_GRACE_SECONDS) / 60) * 10) / 10),
      ),
    bytes(count) {
      const [value, name] =
        count >= 1024 ** 3
          ? [count / 1024 ** 3, 'gigabyte']
          : count >= 1024 ** 2
            ? [count / 1024 ** 2, 'megabyte']
            : [count / 1024, 'kilobyte'];
      return new Intl.NumberFormat(locale, {
        style: 'unit',
        unit: name,
        unitDisplay: 'short',
        maximumFractionDigits: 1,
      }).format(value);
    },
  };
}

/** The wording of a request: its Accept-Language, else the account's language, else German. */
export function requestWording(c: Context<AppEnv>, accountLocale?: string): Promise<Wording> {
  return wordingFor(c.var.config.localesDir, mailLocale(c, undefined, accountLocale));
}
