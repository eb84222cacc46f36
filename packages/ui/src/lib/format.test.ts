import { describe, expect, it, vi } from 'vitest';
import {
  formatBytes,
  formatClock,
  formatDate,
  formatDateTime,
  formatDay,
  formatDuration,
  formatMinutes,
  formatMoney,
  formatNumber,
  formatPercent,
  formatTimeLeft,
  createFormat,
} from './format.ts';

// Intl puts a narrow no-break space in some units; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatBytes', () => {
  it('uses binary units with one decimal, and bytes below a kilobyte', () => {
    expect(plain(formatBytes(48 * 1024 ** 2, 'de'))).toBe('48,0 MB');
    expect(plain(formatBytes(48 * 1024 ** 2, 'en'))).toBe('48.0 MB');
    expect(plain(formatBytes(1024 ** 3, 'de'))).toBe('1,0 GB');
    expect(plain(formatBytes(512, 'en'))).toBe('512 byte');
    expect(plain(formatBytes(-5, 'en'))).toBe('0 byte');
  });

  it('takes the unit of `scale`, so a part and its whole read alike', () => {
    expect(plain(formatBytes(300 * 1024, 'de', 48 * 1024 ** 2))).toBe('0,3 MB');
  });
});

describe('formatDuration', () => {
  it('names only the units that are not zero, in full, seconds only under a minute or when set', () => {
    expect(formatDuration(3725, 'de')).toBe('1 Stunde 2 Minuten 5 Sekunden');
    expect(formatDuration(754, 'en')).toBe('12 minutes 34 seconds');
    expect(formatDuration(3600, 'en')).toBe('1 hour');
    expect(formatDuration(70, 'de')).toBe('1 Minute 10 Sekunden');
    expect(formatDuration(0, 'de')).toBe('0 Sekunden');
    expect(formatDuration(-3, 'de')).toBe('0 Sekunden');
  });

  it('never ends in an abbreviation dot, so a sentence ending with it has one full stop', () => {
    for (const seconds of [1, 45, 60, 754, 2400, 3600, 3725, 5340]) {
      for (const locale of ['de', 'en']) {
        expect(formatDuration(seconds, locale)).not.toMatch(/\.$/);
      }
    }
  });
});

describe('formatTimeLeft', () => {
  it('words a wait in one unit, in full: seconds, started minutes, hours to a tenth', () => {
    expect(formatTimeLeft(42.4, 'de')).toBe('42 Sekunden');
    expect(formatTimeLeft(150, 'de')).toBe('3 Minuten');
    expect(formatTimeLeft(150, 'en')).toBe('3 minutes');
    expect(formatTimeLeft(5400, 'de')).toBe('1,5 Stunden');
    expect(formatTimeLeft(3600, 'en')).toBe('1 hour');
    expect(formatTimeLeft(-1, 'en')).toBe('0 seconds');
  });
});

describe('formatClock', () => {
  it("reads like a player's clock", () => {
    expect(formatClock(14.9)).toBe('0:14');
    expect(formatClock(612)).toBe('10:12');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(-1)).toBe('0:00');
  });
});

describe('dates', () => {
  it('formats a timestamp with date and time, a calendar day without shifting it', () => {
    expect(formatDateTime('2026-02-25T15:30:00Z', 'de')).toMatch(/^25\.02\.2026, \d\d:30$/);
    expect(formatDay('2026-03-20', 'de')).toBe('20.03.2026');
    expect(formatDay('2026-03-20', 'en')).toBe('Mar 20, 2026');
    expect(formatDay('nächste Woche', 'de')).toBe('nächste Woche');
    expect(formatDate('2027-03-14T09:30:00Z', 'de')).toBe('14. März 2027');
    expect(formatDate('2027-03-14T09:30:00Z', 'en')).toBe('March 14, 2027');
  });

  it('shows timestamps in a given time zone', () => {
    const late = '2026-02-25T23:30:00Z';
    expect(formatDateTime(late, 'de', 'Europe/Berlin')).toBe('26.02.2026, 00:30');
    expect(formatDateTime(late, 'de', 'America/New_York')).toBe('25.02.2026, 18:30');
    expect(formatDate(late, 'en', 'Asia/Tokyo')).toBe('February 26, 2026');
    expect(createFormat('de', 'UTC').time(late)).toBe('23:30');
  });
});

describe('formatMoney', () => {
  it('shows whole amounts without cents and others with two digits, in the locale', () => {
    expect(plain(formatMoney(2_900, 'EUR', 'de'))).toBe('29 €');
    expect(formatMoney(2_900, 'EUR', 'en')).toBe('€29');
    expect(plain(formatMoney(2_417, 'EUR', 'de'))).toBe('24,17 €');
    expect(formatMoney(750, 'EUR', 'en')).toBe('€7.50');
    expect(plain(formatMoney(99_000, 'EUR', 'de'))).toBe('990 €');
    expect(plain(formatMoney(0, 'EUR', 'de'))).toBe('0 €');
  });
});

describe('numbers', () => {
  it('groups, shows percent and minutes in the locale', () => {
    expect(formatNumber(1234, 'de')).toBe('1.234');
    expect(plain(formatPercent(0.42, 'de'))).toBe('42 %');
    expect(formatPercent(0.426, 'en')).toBe('43%');
    expect(formatMinutes(25, 'de')).toBe('25 Minuten');
    expect(formatMinutes(1, 'en')).toBe('1 minute');
  });

  it('binds every formatter to one locale', () => {
    const format = createFormat('en');
    expect(format.minutes(2)).toBe('2 minutes');
    expect(plain(format.bytes(2048))).toBe('2.0 kB');
    expect(format.clock(61)).toBe('1:01');
  });
});

describe('texts formatted ahead of time', () => {
  it('are recorded where a page is rendered and used where it is hydrated, without an Intl formatter', async () => {
    const record = new Map<string, string>();
    const format = createFormat('fr', undefined, record);
    const percent = format.percent(0.37);
    const day = format.day('2026-02-27');
    // A format outside the render records nothing there.
    formatPercent(0.5, 'fr');
    const texts = Object.fromEntries(record);
    expect(Object.values(texts)).toEqual([percent, day]);
    // The browser: a fresh module, as on a page load.
    vi.resetModules();
    const browser = await import('./format.ts');
    const created: string[] = [];
    const count = <T extends object>(name: string, constructor: T) =>
      new Proxy(constructor, {
        construct(target, args) {
          created.push(name);
          return Reflect.construct(target as new (...a: unknown[]) => object, args) as object;
        },
      });
    const { NumberFormat, DateTimeFormat } = Intl;
    Intl.NumberFormat = count('NumberFormat', NumberFormat);
    Intl.DateTimeFormat = count('DateTimeFormat', DateTimeFormat);
    try {
      browser.seedFormats(texts);
      expect(browser.formatPercent(0.37, 'fr')).toBe(percent);
      expect(browser.formatDay('2026-02-27', 'fr')).toBe(day);
      expect(created).toEqual([]);
      // A value the page did not show is formatted as ever.
      expect(plain(browser.formatPercent(0.5, 'fr'))).toBe('50 %');
      expect(created).toEqual(['NumberFormat']);
    } finally {
      Intl.NumberFormat = NumberFormat;
      Intl.DateTimeFormat = DateTimeFormat;
    }
  });

  it('are recorded by each render into its own record', () => {
    const first = new Map<string, string>();
    const second = new Map<string, string>();
    createFormat('de', undefined, first).percent(0.11);
    createFormat('en', undefined, second).percent(0.12);
    formatPercent(0.13, 'de');
    expect([...first.values()]).toEqual([formatPercent(0.11, 'de')]);
    expect([...second.values()]).toEqual([formatPercent(0.12, 'en')]);
  });
});
