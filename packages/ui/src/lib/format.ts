import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUi } from './ui-provider.tsx';

/*
 * Every number, size, length and date the interface shows, in one place and all through `Intl`,
 * so both languages read naturally ("48,0 MB" / "48.0 MB", "1 Stunde 2 Minuten" / "1 hour 2 minutes").
 * The functions take the locale; `useFormat()` binds them to the interface language.
 */

/**
 * Texts formatted ahead of time, by formatter and value: what the build or the server wrote into
 * a page it rendered (each render's own `FormatRecordContext`), handed to the browser before it hydrates the page
 * (`seedFormats`). The first `Intl` formatter a page creates makes the engine load its locale
 * data, a long task on a slow phone (27–59 ms on a 2-core machine, four times that at the phone's
 * speed Lighthouse simulates); with these, hydrating the home page's plans creates none
 * (docs/architecture.md#prerendered-pages).
 */
export type FormattedTexts = Record<string, string>;

const known = new Map<string, string>();
let recording: Map<string, string> | undefined;

/** Texts of the page being hydrated, formatted where it was rendered. */
export function seedFormats(texts: FormattedTexts | undefined): void {
  for (const [id, text] of Object.entries(texts ?? {})) known.set(id, text);
}

/**
 * Where a render outside the browser collects what it formats: one map per render, given to
 * `useFormat()` below it. Each format call records synchronously, so renders running side by side
 * keep their own (docs/architecture.md#pages-rendered-with-data).
 */
export const FormatRecordContext = createContext<Map<string, string> | undefined>(undefined);

/** `format` recording into `record` while it runs (it runs synchronously). */
function recordingInto<A extends unknown[]>(
  record: Map<string, string>,
  format: (...args: A) => string,
): (...args: A) => string {
  return (...args) => {
    const outer = recording;
    recording = record;
    try {
      return format(...args);
    } finally {
      recording = outer;
    }
  };
}

interface Formatter<T> {
  format(value: T): string;
}

const cache = new Map<string, Formatter<never>>();

/** One formatter per locale and options, created on the first value no page text covers. */
function formatter<T extends number | Date>(key: string, create: () => Formatter<T>): Formatter<T> {
  let format = cache.get(key) as Formatter<T> | undefined;
  if (format) return format;
  let real: Formatter<T> | undefined;
  format = {
    format(value) {
      const id = `${key} ${value instanceof Date ? value.getTime() : value}`;
      let text = known.get(id);
      if (text === undefined) text = (real ??= create()).format(value);
      recording?.set(id, text);
      return text;
    },
  };
  cache.set(key, format);
  return format;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Formatter<number> {
  return formatter(
    `n ${locale} ${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  );
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Formatter<Date> {
  return formatter(
    `d ${locale} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

/** A plain number with the locale's grouping: "1.234" / "1,234". */
export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale, {}).format(value);
}

/** A share of 1 as a whole percent: "42 %" / "42%". */
export function formatPercent(fraction: number, locale: string): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}

/** Minutes of the balance, in words: "25 Minuten" / "25 minutes". */
export function formatMinutes(minutes: number, locale: string): string {
  return numberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(
    minutes,
  );
}

const BINARY_UNITS = [
  [1024 ** 3, 'gigabyte'],
  [1024 ** 2, 'megabyte'],
  [1024, 'kilobyte'],
] as const;

/**
 * Bytes: "48,0 MB" / "48.0 MB", "1,0 GB", "512 byte". Multiples of 1024, as file managers show
 * them. `scale` picks the unit, so "12,3 MB von 48,0 MB" share theirs.
 */
export function formatBytes(bytes: number, locale: string, scale: number = bytes): string {
  const value = Math.max(0, bytes);
  const unit = BINARY_UNITS.find(([factor]) => Math.max(0, scale) >= factor);
  if (!unit) return numberFormat(locale, { style: 'unit', unit: 'byte' }).format(value);
  const [factor, name] = unit;
  return numberFormat(locale, {
    style: 'unit',
    unit: name,
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value / factor);
}

/**
 * Units of time are written in full everywhere ("23 Minuten" / "23 minutes", never "23 Min."): a
 * length at a sentence's end must not read "40 Min.." (docs/i18n.md#numbers-in-sentences), and a
 * list must not word a length differently from the sentences around it.
 */
const TIME_UNIT_DISPLAY = 'long';

function timeUnit(
  locale: string,
  unit: 'hour' | 'minute' | 'second',
  maximumFractionDigits = 0,
): Formatter<number> {
  return numberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: TIME_UNIT_DISPLAY,
    maximumFractionDigits,
  });
}

/**
 * A length of time in words: "45 Minuten", "1 Stunde 2 Minuten 5 Sekunden" / "1 hour 2 minutes
 * 5 seconds". Only the units that are not zero; under a minute the seconds ("0 Sekunden").
 */
export function formatDuration(seconds: number, locale: string): string {
  const total = Math.max(0, Math.round(seconds));
  const parts: [number, 'hour' | 'minute' | 'second'][] = [
    [Math.floor(total / 3600), 'hour'],
    [Math.floor((total % 3600) / 60), 'minute'],
    [total % 60, 'second'],
  ];
  return parts
    .filter(([value], index) => value > 0 || (index === 2 && total < 60))
    .map(([value, unit]) => timeUnit(locale, unit).format(value))
    .join(' ');
}

/**
 * A rough time still to wait, in one unit: "45 Sekunden", "3 Minuten" (started minutes),
 * "1,5 Stunden" / "1.5 hours" (an upload's time left).
 */
export function formatTimeLeft(seconds: number, locale: string): string {
  const value = Math.max(0, seconds);
  if (value < 60) return timeUnit(locale, 'second').format(Math.round(value));
  if (value < 3600) return timeUnit(locale, 'minute').format(Math.ceil(value / 60));
  return timeUnit(locale, 'hour', 1).format(value / 3600);
}

/** A position in a recording as on a player's clock: "0:14", "10:12", "1:02:03". */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * Timestamps are shown in `timeZone` (an IANA name), or in the browser's own when it is not
 * given: a page rendered on the server with the reader's data names the reader's zone, so that
 * its times read as the browser will show them.
 */
const inZone = (options: Intl.DateTimeFormatOptions, timeZone: string | undefined) =>
  timeZone === undefined ? options : { ...options, timeZone };

/** Date and time of a timestamp: "25.02.2026, 16:30" / "Feb 25, 2026, 4:30 PM". */
export function formatDateTime(iso: string, locale: string, timeZone?: string): string {
  return dateFormat(locale, inZone({ dateStyle: 'medium', timeStyle: 'short' }, timeZone)).format(
    new Date(iso),
  );
}

/** The time of day of a timestamp: "14:32" / "2:32 PM" (when something happens next). */
export function formatTime(iso: string, locale: string, timeZone?: string): string {
  return dateFormat(locale, inZone({ timeStyle: 'short' }, timeZone)).format(new Date(iso));
}

/** The day of a timestamp, in words: "14. März 2027" / "March 14, 2027" (a renewal date). */
export function formatDate(iso: string, locale: string, timeZone?: string): string {
  return dateFormat(locale, inZone({ dateStyle: 'long' }, timeZone)).format(new Date(iso));
}

/**
 * An amount of money in cents: "29 €" / "€29" for whole amounts, "24,17 €" / "€24.17" otherwise
 * (prices, as the plan catalogue states them).
 */
export function formatMoney(cents: number, currency: string, locale: string): string {
  const digits = cents % 100 === 0 ? 0 : 2;
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(cents / 100);
}

/** A calendar day as the contract writes it (`YYYY-MM-DD`). */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day (`YYYY-MM-DD`): "20.03.2026" / "Mar 20, 2026"; any other text unchanged. */
export function formatDay(value: string, locale: string): string {
  if (!CALENDAR_DAY.test(value)) return value;
  // Local midnight, so the day never shifts with the time zone.
  return dateFormat(locale, { dateStyle: 'medium' }).format(new Date(`${value}T00:00:00`));
}

/** The formatters above, bound to a locale. */
export interface Format {
  number: (value: number) => string;
  percent: (fraction: number) => string;
  minutes: (minutes: number) => string;
  bytes: (bytes: number, scale?: number) => string;
  duration: (seconds: number) => string;
  timeLeft: (seconds: number) => string;
  clock: (seconds: number) => string;
  dateTime: (iso: string) => string;
  time: (iso: string) => string;
  date: (iso: string) => string;
  day: (value: string) => string;
  money: (cents: number, currency: string) => string;
}

/**
 * The formatters for `locale`, with timestamps in `timeZone` (the browser's when not given),
 * recording into `record` when given.
 */
export function createFormat(
  locale: string,
  timeZone?: string,
  record?: Map<string, string>,
): Format {
  const format: Format = {
    number: (value) => formatNumber(value, locale),
    percent: (fraction) => formatPercent(fraction, locale),
    minutes: (minutes) => formatMinutes(minutes, locale),
    bytes: (bytes, scale) => formatBytes(bytes, locale, scale),
    duration: (seconds) => formatDuration(seconds, locale),
    timeLeft: (seconds) => formatTimeLeft(seconds, locale),
    clock: formatClock,
    dateTime: (iso) => formatDateTime(iso, locale, timeZone),
    time: (iso) => formatTime(iso, locale, timeZone),
    date: (iso) => formatDate(iso, locale, timeZone),
    day: (value) => formatDay(value, locale),
    money: (cents, currency) => formatMoney(cents, currency, locale),
  };
  if (!record) return format;
  return Object.fromEntries(
    Object.entries(format).map(([name, fn]) => [name, recordingInto(record, fn)]),
  ) as unknown as Format;
}

/** The formatters of the active interface language. */
export function useFormat(): Format {
  const { i18n } = useTranslation();
  const { timeZone } = useUi();
  const record = useContext(FormatRecordContext);
  return useMemo(
    () => createFormat(i18n.language, timeZone, record),
    [i18n.language, timeZone, record],
  );
}
