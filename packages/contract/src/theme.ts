// The colour theme of the web app (docs/architecture.md#colour-theme).

/** What a person can choose: a fixed theme, or whatever the system prefers. */
export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** `localStorage` key of the chosen theme; absent means `system`. */
export const THEME_STORAGE_KEY = 'protokoll.theme';

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);
}

/**
 * The inline script at the top of every page's `<head>`: it sets `.dark` on `<html>` before the
 * first paint, so no page (prerendered ones included) flashes in the wrong theme. The server
 * allows exactly this text through its hash in the content security policy, so any change here
 * changes the hash with it. Kept tiny and free of `<`, so it can be inlined as it is.
 */
export const THEME_SCRIPT =
  `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});` +
  `document.documentElement.classList.toggle('dark',t==='dark'||t!=='light'&&` +
  `matchMedia('(prefers-color-scheme: dark)').matches)}catch(e){}`;
