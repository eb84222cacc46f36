import { THEME_STORAGE_KEY } from '@protokoll/contract';
import { FONTS_LATER_ATTRIBUTE, HEAD_SCRIPT, WEB_FONT_STORAGE_KEY } from './boot-scripts.ts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setThemeChoice, useThemeChoice } from './theme.ts';

let systemDark = false;
const changeListeners = new Set<() => void>();

beforeEach(() => {
  systemDark = false;
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' && systemDark;
    },
    addEventListener: (_: string, listener: () => void) => changeListeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => changeListeners.delete(listener),
  }));
});
afterEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove('dark');
  vi.unstubAllGlobals();
});

const isDark = () => document.documentElement.classList.contains('dark');
/** What the inline script in <head> does before the first paint. */
const runInlineScript = () => new Function(HEAD_SCRIPT)();

describe('the inline head script', () => {
  it('follows the system when nothing was chosen', () => {
    systemDark = true;
    runInlineScript();
    expect(isDark()).toBe(true);
    systemDark = false;
    runInlineScript();
    expect(isDark()).toBe(false);
  });

  it('keeps a chosen theme whatever the system prefers', () => {
    systemDark = true;
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    runInlineScript();
    expect(isDark()).toBe(false);
    systemDark = false;
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    runInlineScript();
    expect(isDark()).toBe(true);
  });

  it('lets the page use the web font from the first paint where the browser has fetched it', () => {
    const html = document.documentElement;
    try {
      html.setAttribute(FONTS_LATER_ATTRIBUTE, '');
      runInlineScript();
      expect(html.hasAttribute(FONTS_LATER_ATTRIBUTE)).toBe(true);
      localStorage.setItem(WEB_FONT_STORAGE_KEY, '1');
      runInlineScript();
      expect(html.hasAttribute(FONTS_LATER_ATTRIBUTE)).toBe(false);
    } finally {
      html.removeAttribute(FONTS_LATER_ATTRIBUTE);
    }
  });

  it('is short and safe to inline', () => {
    expect(HEAD_SCRIPT.length).toBeLessThan(400);
    expect(HEAD_SCRIPT).not.toMatch(/</);
  });
});

describe('the theme choice', () => {
  it('is remembered, applied at once and follows the system for "system"', () => {
    const { result } = renderHook(() => useThemeChoice());
    expect(result.current).toBe('system');

    act(() => setThemeChoice('dark'));
    expect(result.current).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(isDark()).toBe(true);

    act(() => setThemeChoice('system'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(isDark()).toBe(false);

    // The system turns dark while the page is open.
    systemDark = true;
    act(() => changeListeners.forEach((listener) => listener()));
    expect(isDark()).toBe(true);

    act(() => setThemeChoice('light'));
    expect(isDark()).toBe(false);
    expect(result.current).toBe('light');
  });
});
