// Refusals of an upload or a retry carry numbers (the file's length, its cost, what is left)
// that the client's code-to-text table cannot know, so the server words them itself: from the
// same locales/*.json the interface uses, in the language of the request.
import { recordingLength, type Locale } from '@protokoll/contract';
import { translatorFor, type Translate } from './locale-files.ts';

export type { Translate };

/** Texts, numbers and sizes in one locale. */
export interface Wording {
  locale: Locale;
  t: Translate;
  /** `32 Minuten` / `32 minutes`. */
  minutes(count: number): string;
  /** A recording's length on the clock, as the form shows it: `1:09` (docs/minutes.md#cost-of-a-recording). */
  duration(seconds: number): string;
  /** `1 GB`, `500 MB` (binary units, as MAX_UPLOAD_BYTES is written). */
  bytes(count: number): string;
}

/** The wording of `locale`; a key missing from the files comes back as the key itself. */
export async function wordingFor(localesDir: string, locale: Locale): Promise<Wording> {
  const t = await translatorFor(localesDir, locale);
  const wholeMinutes = new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'minute',
    unitDisplay: 'long',
    maximumFractionDigits: 0,
  });
  return {
    locale,
    t,
    minutes: (count) => wholeMinutes.format(count),
    duration: (seconds) => recordingLength(seconds),
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
