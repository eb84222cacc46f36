// The colour theme of the web app (docs/architecture.md#colour-theme).

/** What a person can choose: a fixed theme, or whatever the system prefers. */
export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** `localStorage` key of the chosen theme; absent means `system`. */
export const THEME_STORAGE_KEY = 'protokoll.theme';

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);
}
