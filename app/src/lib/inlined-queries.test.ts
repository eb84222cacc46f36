import { describe, expect, it } from 'vitest';
import { inlinedQueries, matchesBrowser, type InlinedQueries } from './inlined-queries.ts';
import { writeTimeZoneCookie } from './time-zone.ts';

// A page the server rendered with data (docs/architecture.md#pages-rendered-with-data) is
// hydrated only where the browser shows what the server wrote.

const rendered: InlinedQueries = {
  state: { mutations: [], queries: [] },
  timeZone: 'Europe/Berlin',
  userId: 7,
};

describe('a page rendered with data', () => {
  it('is hydrated by the account it was rendered for, in the zone it was rendered in', () => {
    expect(matchesBrowser(rendered, 7, 'Europe/Berlin')).toBe(true);
  });

  it.each([
    ['another account is stored here', 8, 'Europe/Berlin'],
    ['no account is stored here', undefined, 'Europe/Berlin'],
    ['the browser is in another zone', 7, 'Asia/Tokyo'],
  ])('is rendered by the browser when %s', (_case, stored, zone) => {
    expect(matchesBrowser(rendered, stored, zone)).toBe(false);
  });

  it('carries its cache in the document, and a page without one carries none', () => {
    const script = document.createElement('script');
    script.id = 'queries';
    script.type = 'application/json';
    script.textContent = JSON.stringify(rendered);
    expect(inlinedQueries()).toBeUndefined();
    document.body.append(script);
    try {
      expect(inlinedQueries()).toEqual(rendered);
    } finally {
      script.remove();
    }
  });
});

describe('the time-zone cookie', () => {
  it("holds the browser's zone for a year, for every page", () => {
    const written: string[] = [];
    const doc = {
      set cookie(value: string) {
        written.push(value);
      },
    } as Document;
    writeTimeZoneCookie('America/New_York', doc);
    expect(written).toEqual(['tz=America%2FNew_York; Max-Age=31536000; Path=/; SameSite=Lax']);
    writeTimeZoneCookie(undefined, document);
    expect(document.cookie).toContain(
      `tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`,
    );
  });
});
