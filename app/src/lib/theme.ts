import { isThemeChoice, THEME_STORAGE_KEY, type ThemeChoice } from '@protokoll/contract';
import { useSyncExternalStore } from 'react';

/*
 * The colour theme (docs/architecture.md#colour-theme): the person's choice lives in
 * localStorage, `.dark` on <html> follows it (or the system's preference for `system`). The
 * inline theme script sets the class before the first paint; this module keeps it right
 * afterwards: on a choice, when the system preference changes, and when another tab chooses.
 */

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function readChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : 'system';
  } catch {
    // Storage can be off (private modes, policies): the system decides.
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

/** Puts `.dark` on <html> as the choice (and the system) says. */
function apply(choice: ThemeChoice) {
  const dark = choice === 'dark' || (choice === 'system' && systemPrefersDark());
  document.documentElement.classList.toggle('dark', dark);
}

let current: ThemeChoice | null = null;
let watching = false;

function update() {
  current = readChoice();
  apply(current);
  for (const listener of listeners) listener();
}

/** Follows the system and other tabs from now on, on every page (main.tsx calls it). */
export function watchTheme() {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  if (typeof matchMedia === 'function') matchMedia(DARK_QUERY).addEventListener('change', update);
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) update();
  });
}

function subscribe(listener: () => void) {
  watchTheme();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): ThemeChoice {
  current ??= readChoice();
  return current;
}

/** Remembers the choice and applies it at once. */
export function setThemeChoice(choice: ThemeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Not remembered, but still applied to this page.
  }
  current = choice;
  apply(choice);
  for (const listener of listeners) listener();
}

/** The chosen theme (`system` unless the person chose one); the server render sees `system`. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, snapshot, () => 'system');
}
