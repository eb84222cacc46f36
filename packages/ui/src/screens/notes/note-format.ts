import { useMemo } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';

/** A calendar day as the contract writes it (`YYYY-MM-DD`). */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface NoteFormat {
  /** Date and time of a timestamp, e.g. "25.02.2026, 16:30" / "Feb 25, 2026, 4:30 PM". */
  dateTime: (iso: string) => string;
  /** A calendar day (`YYYY-MM-DD`), e.g. "20.03.2026"; any other text is returned unchanged. */
  day: (value: string) => string;
  /** A recording's length in words, e.g. "45 Min." or "1 Std. 29 Min." / "1 hr 29 min". */
  duration: (seconds: number) => string;
  /** A position in the recording as on a player's clock: "0:14", "10:12", "1:02:03". */
  clock: (seconds: number) => string;
}

/** Formatters for notes in `locale`, all through `Intl` so both languages read naturally. */
export function createNoteFormat(locale: string): NoteFormat {
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const unit = (name: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' });
  const hours = unit('hour');
  const minutes = unit('minute');
  const seconds = unit('second');

  return {
    dateTime: (iso) => dateTime.format(new Date(iso)),
    // Local midnight, so the day never shifts with the time zone.
    day: (value) => (CALENDAR_DAY.test(value) ? day.format(new Date(`${value}T00:00:00`)) : value),
    duration: (total) => {
      if (total < 60) return seconds.format(Math.max(0, Math.round(total)));
      const rounded = Math.round(total / 60);
      const h = Math.floor(rounded / 60);
      const m = rounded % 60;
      if (h === 0) return minutes.format(m);
      return m === 0 ? hours.format(h) : `${hours.format(h)} ${minutes.format(m)}`;
    },
    clock: (total) => {
      const whole = Math.max(0, Math.floor(total));
      const h = Math.floor(whole / 3600);
      const m = Math.floor((whole % 3600) / 60);
      const s = String(whole % 60).padStart(2, '0');
      return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
    },
  };
}

/** The note formatters of the active interface language. */
export function useNoteFormat(): NoteFormat {
  const { i18n } = useTranslation();
  return useMemo(() => createNoteFormat(i18n.language), [i18n.language]);
}
