import {
  AUTH_STORAGE_KEY,
  BOOT_MODULES_ID,
  BOOT_SCRIPT,
  FONTS_LATER_ATTRIBUTE,
  SIGNED_IN_SCRIPT,
  STORED_SESSION_MAX_AGE_MS,
  WEB_FONT,
  WEB_FONT_STORAGE_KEY,
} from '@protokoll/contract';
import { readStoredSession } from '../session/stored-session.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The prerendered pages' script loader (docs/architecture.md#prerendered-pages).

const MODULES = ['/assets/index.js', '/assets/react.js', '/assets/login-route.js'];

/** A PerformanceObserver whose paint entries the test hands out. */
class PaintObserver {
  static supportedEntryTypes = ['paint'];
  static last: PaintObserver | undefined;
  disconnected = false;
  constructor(private callback: (list: unknown, observer: PaintObserver) => void) {
    PaintObserver.last = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  paint(name: string) {
    this.callback(
      { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) },
      this,
    );
  }
}

const requested = () => ({
  preloads: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  ),
  entry: [...document.head.querySelectorAll('script[type="module"]')].map((script) =>
    script.getAttribute('src'),
  ),
});

beforeEach(() => {
  vi.useFakeTimers();
  const list = document.createElement('script');
  list.id = BOOT_MODULES_ID;
  list.type = 'application/json';
  list.textContent = JSON.stringify(MODULES);
  document.body.append(list);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('BOOT_SCRIPT', () => {
  it('asks for the modules only once the page has painted content, each once', () => {
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    new Function(BOOT_SCRIPT)();
    expect(requested()).toEqual({ preloads: [], entry: [] });
    PaintObserver.last!.paint('first-paint');
    expect(requested()).toEqual({ preloads: [], entry: [] });
    PaintObserver.last!.paint('first-contentful-paint');
    expect(requested()).toEqual({ preloads: MODULES.slice(1), entry: [MODULES[0]] });
    expect(PaintObserver.last!.disconnected).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(requested().entry).toHaveLength(1);
  });

  it('fetches the web font after the first paint and remembers it, keeping this page in the fallback', async () => {
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    let loaded: (faces: unknown[]) => void = () => undefined;
    const asked: string[] = [];
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: {
        load: (font: string) => {
          asked.push(font);
          return new Promise<unknown[]>((resolve) => (loaded = resolve));
        },
      },
    });
    try {
      document.documentElement.setAttribute(FONTS_LATER_ATTRIBUTE, '');
      new Function(BOOT_SCRIPT)();
      expect(asked).toEqual([]);
      PaintObserver.last!.paint('first-contentful-paint');
      expect(asked).toEqual([WEB_FONT]);
      expect(localStorage.getItem(WEB_FONT_STORAGE_KEY)).toBeNull();
      loaded([{}]);
      await vi.waitFor(() => expect(localStorage.getItem(WEB_FONT_STORAGE_KEY)).toBe('1'));
      // Switching would set the whole page anew: the next navigation does (web-font.ts).
      expect(document.documentElement.hasAttribute(FONTS_LATER_ATTRIBUTE)).toBe(true);
    } finally {
      delete (document as { fonts?: unknown }).fonts;
      localStorage.clear();
    }
  });

  it('switches at once where the browser cannot load fonts from script', () => {
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    document.documentElement.setAttribute(FONTS_LATER_ATTRIBUTE, '');
    new Function(BOOT_SCRIPT)();
    PaintObserver.last!.paint('first-contentful-paint');
    expect(document.documentElement.hasAttribute(FONTS_LATER_ATTRIBUTE)).toBe(false);
  });

  it('loads after 5 s when no paint is reported', () => {
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    new Function(BOOT_SCRIPT)();
    vi.advanceTimersByTime(4999);
    expect(requested().entry).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(requested().entry).toEqual([MODULES[0]]);
  });

  it('loads at once where paints cannot be observed', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    new Function(BOOT_SCRIPT)();
    expect(requested()).toEqual({ preloads: MODULES.slice(1), entry: [MODULES[0]] });
  });

  it('is inlined as it is: no `<` that could end its script element', () => {
    expect(BOOT_SCRIPT).not.toMatch(/</);
  });
});

// A signed-in page's frame checks for a stored session before it paints
// (docs/architecture.md#signed-in-frames).
describe('SIGNED_IN_SCRIPT', () => {
  const NOW = Date.UTC(2026, 10, 24, 12);
  const user = { id: 1, email: 'a@example.com', firstName: 'A', lastName: 'B' };
  const session = (overrides: Record<string, unknown> = {}) => ({
    token: 'access',
    refreshToken: 'refresh',
    user,
    savedAt: NOW - 1000,
    expiresAt: NOW + 1000,
    ...overrides,
  });

  /** Runs the script at an address; returns where it sent the visitor, if anywhere. */
  function run(pathname: string, search = ''): string | undefined {
    vi.setSystemTime(NOW);
    const replace = vi.fn();
    vi.stubGlobal('location', { pathname, search, replace });
    new Function(SIGNED_IN_SCRIPT)();
    return replace.mock.calls[0]?.[0] as string | undefined;
  }

  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('lets a visitor with a stored session stay', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session()));
    expect(run('/dashboard')).toBeUndefined();
    expect(run('/en/dashboard')).toBeUndefined();
  });

  it('sends a visitor without one to the sign-in page of the same language, with the way back', () => {
    expect(run('/dashboard', '?folder_id=3')).toBe(
      `/login?redirect=${encodeURIComponent('/dashboard?folder_id=3')}`,
    );
    expect(run('/en/dashboard')).toBe(`/en/login?redirect=${encodeURIComponent('/dashboard')}`);
  });

  it('agrees with the app on which stored sessions count', () => {
    const entries = [
      'not json',
      JSON.stringify(null),
      JSON.stringify(session({ token: '' })),
      JSON.stringify(session({ expiresAt: NOW - 1 })),
      JSON.stringify(session({ savedAt: NOW - STORED_SESSION_MAX_AGE_MS - 1 })),
      JSON.stringify(session({ savedAt: undefined })),
    ];
    for (const entry of entries) {
      localStorage.setItem(AUTH_STORAGE_KEY, entry);
      expect(run('/dashboard'), entry).toBe(`/login?redirect=${encodeURIComponent('/dashboard')}`);
      localStorage.setItem(AUTH_STORAGE_KEY, entry);
      expect(readStoredSession(localStorage, NOW), entry).toBeNull();
    }
  });

  it('goes on when storage cannot be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    expect(run('/dashboard')).toBe(`/login?redirect=${encodeURIComponent('/dashboard')}`);
  });

  it('is inlined as it is: no `<` that could end its script element', () => {
    expect(SIGNED_IN_SCRIPT).not.toMatch(/</);
  });
});
