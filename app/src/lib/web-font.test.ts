import { FONTS_LATER_ATTRIBUTE, WEB_FONT, WEB_FONT_STORAGE_KEY } from './boot-scripts.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchWebFont, switchToWebFontIfFetched } from './web-font.ts';

// docs/architecture.md#the-web-font
const html = document.documentElement;
afterEach(() => {
  localStorage.clear();
  html.removeAttribute(FONTS_LATER_ATTRIBUTE);
});

describe('the web font', () => {
  it('is remembered once fetched, and a navigation then switches to it', async () => {
    html.setAttribute(FONTS_LATER_ATTRIBUTE, '');
    switchToWebFontIfFetched();
    expect(html.hasAttribute(FONTS_LATER_ATTRIBUTE)).toBe(true);

    const asked: string[] = [];
    await fetchWebFont({ load: async (font: string) => (asked.push(font), [{} as FontFace]) });
    expect(asked).toEqual([WEB_FONT]);
    expect(localStorage.getItem(WEB_FONT_STORAGE_KEY)).toBe('1');
    // Fetching alone does not switch: that would set the shown page anew.
    expect(html.hasAttribute(FONTS_LATER_ATTRIBUTE)).toBe(true);

    switchToWebFontIfFetched();
    expect(html.hasAttribute(FONTS_LATER_ATTRIBUTE)).toBe(false);
  });

  it('is not remembered when it did not load', async () => {
    await fetchWebFont({ load: async () => [] });
    await fetchWebFont({ load: () => Promise.reject(new Error('offline')) });
    expect(localStorage.getItem(WEB_FONT_STORAGE_KEY)).toBeNull();
    html.setAttribute(FONTS_LATER_ATTRIBUTE, '');
    switchToWebFontIfFetched();
    expect(html.hasAttribute(FONTS_LATER_ATTRIBUTE)).toBe(true);
  });
});
