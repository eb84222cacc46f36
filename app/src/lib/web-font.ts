import { FONTS_LATER_ATTRIBUTE, WEB_FONT, WEB_FONT_STORAGE_KEY } from './boot-scripts.ts';

/*
 * The web font (docs/architecture.md#the-web-font): a page that paints in the fallback keeps it
 * for as long as it is shown, since switching sets the whole page anew; the font is fetched for
 * the pages that follow, and the next navigation, which sets a page anyway, switches.
 */

function browserHasFont(): boolean {
  try {
    return localStorage.getItem(WEB_FONT_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/** Fetches the web font without switching to it, and remembers that this browser has it. */
export async function fetchWebFont(fonts: Pick<FontFaceSet, 'load'> = document.fonts) {
  try {
    const faces = await fonts.load(WEB_FONT);
    if (faces.length > 0) localStorage.setItem(WEB_FONT_STORAGE_KEY, '1');
  } catch {
    // Not loaded or not remembered: the pages stay in the metric-matched fallback.
  }
}

/** As a navigation begins: the next page is set in the web font once this browser has it. */
export function switchToWebFontIfFetched() {
  const html = document.documentElement;
  if (html.hasAttribute(FONTS_LATER_ATTRIBUTE) && browserHasFont()) {
    html.removeAttribute(FONTS_LATER_ATTRIBUTE);
  }
}
