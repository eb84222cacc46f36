// The legal pages ship as templates with sample company data (content/de/impressum.md and its
// counterparts). A production server still serving them says so in its log at start
// (docs/product.md#own-content-pages): the operator supplies their own with CONTENT_DIR.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../lib/logger.ts';

/**
 * The served legal pages (prerendered, `APP_DIST/pages/…`), the repository's template of each
 * and what marks a page as that template.
 */
export const LEGAL_PAGES: readonly {
  path: string;
  template: string;
  markers: readonly string[];
}[] = [
  // The sample company data of the templates.
  {
    path: '/impressum',
    template: 'content/de/impressum.md',
    markers: ['Musterstraße 1', 'HRB 000000', 'DE000000000'],
  },
  {
    path: '/en/legal-notice',
    template: 'content/en/legal-notice.md',
    markers: ['Musterstraße 1', 'HRB 000000', 'DE000000000'],
  },
  // The templates' notes for the operator.
  { path: '/datenschutz', template: 'content/de/datenschutz.md', markers: ['Platzhalter:'] },
  { path: '/en/privacy', template: 'content/en/privacy.md', markers: ['Placeholder:'] },
  { path: '/agb', template: 'content/de/agb.md', markers: ['Platzhalter:'] },
  { path: '/en/terms', template: 'content/en/terms.md', markers: ['Placeholder:'] },
];

/** The legal pages in `appDist` that still hold the templates' placeholders. */
export async function placeholderPages(appDist: string): Promise<string[]> {
  const found: string[] = [];
  for (const { path, markers } of LEGAL_PAGES) {
    const html = await readFile(join(appDist, 'pages', `${path.slice(1)}.html`), 'utf8').catch(
      () => undefined,
    );
    if (html !== undefined && markers.some((marker) => html.includes(marker))) found.push(path);
  }
  return found;
}

/** Logs a warning when the served Impressum (or another legal page) is still the template. */
export async function warnAboutPlaceholderPages(appDist: string, logger: Logger): Promise<void> {
  const pages = await placeholderPages(appDist);
  if (pages.length === 0) return;
  logger.warn('legal pages still show the placeholders of the templates', {
    pages,
    hint: 'put your own impressum.md, datenschutz.md, agb.md (and en/…) in a folder, set CONTENT_DIR to it and build the app again (docs/product.md#own-content-pages)',
  });
}
