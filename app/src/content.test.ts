import { isKnownPage, localizePath, splitLocale } from '@protokoll/contract';
import { describe, expect, it } from 'vitest';
import { contentRoots, loadContent, plansTable, slugify } from '../content.ts';
import de from '../../locales/de.json' with { type: 'json' };

// The content build (docs/product.md#content-pages): every page of content/{locale}/ rendered.
const pages = loadContent();
const byPath = new Map(pages.map((page) => [page.path, page]));

describe('content pages', () => {
  it('has the required pages in both languages', () => {
    for (const path of [
      '/impressum',
      '/datenschutz',
      '/agb',
      '/ueber-uns',
      '/preise',
      '/hilfe',
      '/hilfe/aufnahmen-hochladen',
      '/en/legal-notice',
      '/en/privacy',
      '/en/terms',
      '/en/about',
      '/en/pricing',
      '/en/help',
      '/en/help/uploading-recordings',
    ]) {
      expect(byPath.has(path), path).toBe(true);
    }
  });

  it('reads title, description and counterpart from the front matter', () => {
    const terms = byPath.get('/agb')!;
    expect(terms.title).toBe('Allgemeine Geschäftsbedingungen');
    expect(terms.description).toMatch(/Bedingungen/);
    expect(terms.counterpart).toBe('/terms');
    expect(terms.html).not.toMatch(/^---/);
  });

  it('links every page to a counterpart that links back', () => {
    for (const page of pages) {
      const other = page.locale === 'de' ? 'en' : 'de';
      const counterpart = byPath.get(localizePath(page.counterpart, other));
      expect(counterpart, `${page.path} → ${page.counterpart}`).toBeDefined();
      expect(counterpart!.counterpart, page.path).toBe(page.slug);
    }
  });

  it('never collides with a page of the app', () => {
    for (const page of pages) expect(isKnownPage(page.slug), page.slug).toBe(false);
  });

  it('links only to pages that exist, in the page’s own language', () => {
    for (const page of pages) {
      for (const link of page.links) {
        const { locale, path } = splitLocale(link);
        expect(locale, `${page.path} links to ${link}`).toBe(page.locale);
        // /support is the app's support page (built in its own issue).
        const resolves = byPath.has(link) || isKnownPage(path) || path === '/support';
        expect(resolves, `${page.path} links to ${link}`).toBe(true);
      }
    }
  });

  it('renders headings with anchors and a table of contents for long pages', () => {
    const privacy = byPath.get('/datenschutz')!;
    expect(privacy.html).toContain('<h2 id="welche-daten-wir-verarbeiten"');
    expect(privacy.html).toContain('href="#welche-daten-wir-verarbeiten"');
    expect(privacy.toc[0]).toEqual({
      id: 'welche-daten-wir-verarbeiten',
      text: 'Welche Daten wir verarbeiten',
    });
    expect(byPath.get('/hilfe')!.toc).toEqual([]);
  });

  it('marks the Impressum’s company data as placeholders', () => {
    expect(byPath.get('/impressum')!.html).toContain('Platzhalter');
  });

  it('injects the plan catalogue into the pricing pages', () => {
    const pricing = byPath.get('/preise')!.html;
    expect(pricing).not.toContain('{{plans}}');
    expect(pricing).toContain('<table>');
    expect(pricing).toContain('Starter');
    expect(pricing).toMatch(/9,00\s€/);
    expect(byPath.get('/en/pricing')!.html).toContain('€9.00');
    // Consumers' prices: the table says they include VAT.
    expect(pricing).toContain('Monatlich (inkl. MwSt.)');
    expect(byPath.get('/en/pricing')!.html).toContain('Monthly (incl. VAT)');
  });

  it('builds the plans table from the offers it is given', () => {
    const table = plansTable('de', de, [
      {
        id: 'x',
        name: 'Probe',
        type: 'paid',
        features: [],
        minutes_per_month: null,
        max_file_minutes: 45,
        price_month: 1234,
        price_year: null,
        currency: 'EUR',
      },
    ]);
    expect(table.split('\n')[2]).toMatch(
      /^\| Probe \| unbegrenzt \| 45 Minuten \| 12,34\s€ \| – \|$/,
    );
  });

  it('slugifies German headings readably', () => {
    expect(slugify('Über uns & Kontakt')).toBe('ueber-uns-kontakt');
    expect(slugify('Angaben gemäß § 5 DDG')).toBe('angaben-gemaess-5-ddg');
  });
});

describe("the operator's own pages (CONTENT_DIR)", () => {
  it('replace the pages of the same path and add new ones; the rest stays', async () => {
    const { mkdtemp, mkdir, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const own = await mkdtemp(join(tmpdir(), 'protokoll-content-'));
    await mkdir(join(own, 'de'), { recursive: true });
    await writeFile(
      join(own, 'de', 'impressum.md'),
      '---\ntitle: Impressum\ndescription: Anbieterkennzeichnung.\ncounterpart: /legal-notice\n---\n\nBeispiel AG, Hauptstraße 5, 80331 München, HRB 123456\n',
    );
    const roots = contentRoots({ CONTENT_DIR: own });
    const merged = new Map(loadContent(roots).map((page) => [page.path, page]));
    expect(merged.get('/impressum')!.html).toContain('Hauptstraße 5');
    expect(merged.get('/impressum')!.html).not.toContain('Musterstraße');
    // Not supplied: the repository's page.
    expect(merged.get('/en/legal-notice')!.html).toContain('Musterstraße');
    expect(merged.get('/agb')!.title).toBe('Allgemeine Geschäftsbedingungen');
    expect(merged.size).toBe(pages.length);
  });

  it('refuses a CONTENT_DIR that is no folder, and without one reads the repository only', () => {
    expect(() => contentRoots({ CONTENT_DIR: '/no/such/folder' })).toThrow(/CONTENT_DIR/);
    expect(contentRoots({})).toHaveLength(1);
  });
});
