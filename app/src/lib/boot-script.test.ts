import { AUTH_STORAGE_KEY, STORED_SESSION_MAX_AGE_MS } from '@protokoll/contract';
import {
  BOOT_MODULES_ID,
  BOOT_SCRIPT,
  FONTS_LATER_ATTRIBUTE,
  SIGNED_IN_SCRIPT,
  WEB_FONT,
  WEB_FONT_STORAGE_KEY,
} from './boot-scripts.ts';
import { readStoredSession } from '../session/stored-session.ts';
import { replayClicks, takeHeldClicks } from './held-clicks.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The prerendered pages' script loader (docs/architecture.md#prerendered-pages).

const MODULES = [
  '/assets/index.js',
  ...['react', 'i18n', 'public', 'layout', 'login-route', 'icons', 'form'].map(
    (name) => `/assets/${name}.js`,
  ),
];

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
  // Each run of the script holds clicks until they are taken.
  takeHeldClicks();
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
    // The entry at once and alone, then the preloads four to a task (each append costs the
    // main thread).
    expect(requested()).toEqual({ preloads: [], entry: [MODULES[0]] });
    vi.advanceTimersToNextTimer();
    expect(requested()).toEqual({ preloads: MODULES.slice(1, 5), entry: [MODULES[0]] });
    vi.advanceTimersToNextTimer();
    expect(requested()).toEqual({ preloads: MODULES.slice(1), entry: [MODULES[0]] });
    expect(PaintObserver.last!.disconnected).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(requested()).toEqual({ preloads: MODULES.slice(1), entry: [MODULES[0]] });
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
      // Last, after the modules were asked for: the font serves the pages that follow.
      vi.advanceTimersToNextTimer();
      vi.advanceTimersToNextTimer();
      expect(asked).toEqual([]);
      vi.advanceTimersToNextTimer();
      expect(requested().preloads).toEqual(MODULES.slice(1));
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
    vi.runAllTimers();
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
    vi.runAllTimers();
    expect(requested()).toEqual({ preloads: MODULES.slice(1), entry: [MODULES[0]] });
  });

  it('is inlined as it is: no `<` that could end its script element', () => {
    expect(BOOT_SCRIPT).not.toMatch(/</);
  });
});

// Until the app has hydrated, a click on a button and a form's submission are held for it.
describe('held clicks', () => {
  /** The page's root with a form (a field, a submit button), a button, a link; a button outside. */
  function page() {
    document.body.insertAdjacentHTML(
      'beforeend',
      `<div id="root"><form id="form"><input name="e"><button id="send">Senden</button></form>` +
        `<button type="button" id="folder"><svg id="icon"></svg>Neuer Ordner</button>` +
        `<a id="link" href="#preise">Preise</a></div><button type="button" id="outside">x</button>`,
    );
    const byId = (id: string) => document.getElementById(id)!;
    return {
      byId,
      click: (id: string) =>
        byId(id).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })),
    };
  }

  it('holds clicks on the page’s buttons, each once at its latest place, and no others', () => {
    const { byId, click } = page();
    new Function(BOOT_SCRIPT)();
    const reached = vi.fn();
    byId('folder').addEventListener('click', reached);

    expect(click('icon')).toBe(false); // inside the button: held, its default prevented
    expect(click('send')).toBe(false);
    expect(click('folder')).toBe(false);
    expect(reached).not.toHaveBeenCalled();
    expect(click('link')).toBe(true);
    expect(click('outside')).toBe(true);

    expect(takeHeldClicks()).toEqual([byId('send'), byId('folder')]);
  });

  it('holds a form sent without a click (Enter in a form without a button)', () => {
    const { byId } = page();
    new Function(BOOT_SCRIPT)();
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    expect(byId('form').dispatchEvent(submit)).toBe(false);
    expect(takeHeldClicks()).toEqual([byId('form')]);
  });

  it('stops holding once taken, and hands over nothing twice', () => {
    const { byId, click } = page();
    new Function(BOOT_SCRIPT)();
    click('folder');
    expect(takeHeldClicks()).toEqual([byId('folder')]);
    const reached = vi.fn();
    byId('folder').addEventListener('click', reached);
    expect(click('folder')).toBe(true);
    expect(reached).toHaveBeenCalledOnce();
    expect(takeHeldClicks()).toEqual([]);
  });

  it('carries out the held clicks in order, dropping those whose element left the page', () => {
    const { byId } = page();
    const done: string[] = [];
    byId('folder').addEventListener('click', () => done.push('folder'));
    byId('form').addEventListener('submit', (event) => {
      event.preventDefault();
      done.push('form');
    });
    const gone = document.createElement('button');
    gone.addEventListener('click', () => done.push('gone'));
    replayClicks([byId('form'), gone, byId('folder')]);
    expect(done).toEqual(['form', 'folder']);
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
