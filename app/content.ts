import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
// Relative, zod-free modules of the contract: the Vite config loads this file with Node.
import { LOCALES, type Locale } from '../packages/contract/src/constants.ts';
import { DEFAULT_PLAN_OFFERS } from '../packages/contract/src/plan-offers.ts';
import { localizePath } from '../packages/contract/src/routes.ts';
import type { PlanOffer } from '../packages/contract/src/user.ts';
import matter from 'gray-matter';
import MarkdownIt from 'markdown-it';
import anchor from 'markdown-it-anchor';
import type { Plugin } from 'vite';

/*
 * Content pages (docs/product.md#content-pages): Markdown files under content/{locale}/ rendered
 * to HTML at build time, so neither the Markdown library nor the sources reach the browser. The
 * Vite plugin below hands the app an index of slugs and one lazily loaded module per page.
 */

const HERE = dirname(fileURLToPath(import.meta.url));
export const CONTENT_ROOT = join(HERE, '..', 'content');

/**
 * The operator's own pages (docs/product.md#own-content-pages): `CONTENT_DIR` names a folder laid
 * out like `content/` (`de/impressum.md`, `en/legal-notice.md`, …); each file there replaces the
 * repository's file of the same path, and a new one adds a page. Relative paths count from the
 * repository root. Read by the build, since every page is prerendered and ships as a chunk.
 * @throws when CONTENT_DIR names no folder: a build must not quietly ship the placeholders.
 */
export function contentRoots(env: NodeJS.ProcessEnv = process.env): string[] {
  const own = env.CONTENT_DIR?.trim();
  if (!own) return [CONTENT_ROOT];
  const dir = resolve(HERE, '..', own);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new Error(`content: CONTENT_DIR ${dir} is not a folder`);
  }
  return [CONTENT_ROOT, dir];
}

/** A heading of the table of contents: its anchor and its text. */
export interface TocEntry {
  id: string;
  text: string;
}

export interface ContentPageData {
  locale: Locale;
  /** German-form path inside its locale: `/agb`, `/hilfe/aufnahmen-hochladen`, `/terms`. */
  slug: string;
  /** The address in the browser: `/agb`, `/en/terms`. */
  path: string;
  title: string;
  description: string;
  /** The slug of the same page in the other locale. */
  counterpart: string;
  html: string;
  /** The second-level headings; shown as a table of contents on long pages. */
  toc: TocEntry[];
  /** Every address the page links to inside the site (without anchors). */
  links: string[];
}

/** Pages with at least this many sections get a table of contents. */
export const TOC_MIN_SECTIONS = 3;

const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** `Über uns & Kontakt` → `ueber-uns-kontakt`: readable anchors without percent escapes. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[äöüß]/g, (char) => UMLAUTS[char] ?? char)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

type Messages = { [key: string]: string | Messages };

function message(messages: Messages, key: string): string {
  const value = key
    .split('.')
    .reduce<string | Messages | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      messages,
    );
  if (typeof value !== 'string') throw new Error(`content: no message ${key}`);
  return value;
}

function readMessages(locale: Locale): Messages {
  return JSON.parse(
    readFileSync(join(HERE, '..', 'locales', `${locale}.json`), 'utf8'),
  ) as Messages;
}

/**
 * The `{{plans}}` placeholder: the plan catalogue of the contract as a Markdown table, prices
 * formatted for the locale, so the pricing page never repeats a number by hand.
 */
export function plansTable(
  locale: Locale,
  messages: Messages,
  offers: readonly PlanOffer[] = DEFAULT_PLAN_OFFERS,
): string {
  const t = (key: string) => message(messages, `content.plans.${key}`);
  const price = (cents: number | null, currency: string) =>
    cents === null
      ? '–'
      : new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
  const number = new Intl.NumberFormat(locale);
  const rows = offers.map((offer) =>
    [
      offer.name,
      offer.minutes_per_month === null ? t('unlimited') : number.format(offer.minutes_per_month),
      offer.max_file_minutes === null
        ? t('noLimit')
        : `${number.format(offer.max_file_minutes)} ${t('minutes')}`,
      price(offer.price_month, offer.currency),
      price(offer.price_year, offer.currency),
    ].join(' | '),
  );
  const head = [t('plan'), t('minutesPerMonth'), t('longestRecording'), t('monthly'), t('yearly')];
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

function markdown() {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  md.use(anchor, {
    level: [2, 3],
    slugify,
    // The heading itself links to its anchor: no extra, unlabeled "#" link for screen readers.
    permalink: anchor.permalink.headerLink({ class: 'heading-anchor' }),
  });
  return md;
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** `content/de/hilfe/index.md` → `/hilfe`; `content/en/terms.md` → `/terms`. */
function slugOf(localeDir: string, file: string): string {
  const parts = relative(localeDir, file).replace(/\.md$/, '').split(sep);
  if (parts.at(-1) === 'index') parts.pop();
  return `/${parts.join('/')}`;
}

/**
 * The Markdown files of one locale, by slug: a later root's file replaces an earlier one's of the
 * same slug.
 */
function localeFiles(roots: readonly string[], locale: Locale): Map<string, string> {
  const files = new Map<string, string>();
  for (const root of roots) {
    const localeDir = join(root, locale);
    if (!existsSync(localeDir)) continue;
    for (const file of markdownFiles(localeDir)) files.set(slugOf(localeDir, file), file);
  }
  return files;
}

/**
 * Reads and renders every content page of every locale, from the repository's `content/` and,
 * when given, the operator's folder over it (`contentRoots`).
 */
export function loadContent(roots: string | readonly string[] = contentRoots()): ContentPageData[] {
  const md = markdown();
  const all = typeof roots === 'string' ? [roots] : roots;
  return LOCALES.flatMap((locale) => {
    const messages = readMessages(locale);
    return [...localeFiles(all, locale)]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([slug, file]) => {
        const { data, content } = matter(readFileSync(file, 'utf8'));
        for (const key of ['title', 'description', 'counterpart'] as const) {
          if (typeof data[key] !== 'string' || !data[key]) {
            throw new Error(`content: ${file} lacks "${key}" in its front matter`);
          }
        }
        const source = content.replace(/^\{\{plans\}\}$/m, () => plansTable(locale, messages));
        const tokens = md.parse(source, {});
        const toc: TocEntry[] = [];
        const links = new Set<string>();
        tokens.forEach((token, index) => {
          if (token.type === 'heading_open' && token.tag === 'h2') {
            toc.push({
              id: String(token.attrGet('id') ?? ''),
              text: tokens[index + 1]?.content ?? '',
            });
          }
          for (const child of token.children ?? []) {
            const href = child.type === 'link_open' ? String(child.attrGet('href') ?? '') : '';
            if (href.startsWith('/')) links.add(href.replace(/#.*$/, ''));
          }
        });
        return {
          locale,
          slug,
          path: localizePath(slug, locale),
          title: String(data.title),
          description: String(data.description),
          counterpart: String(data.counterpart),
          html: md.renderer.render(tokens, md.options, {}),
          toc: toc.length >= TOC_MIN_SECTIONS ? toc : [],
          links: [...links],
        };
      });
  });
}

const INDEX_ID = 'virtual:content';
const PAGE_PREFIX = 'virtual:content-page/';

/**
 * `virtual:content`: `contentPages[locale][slug] = { counterpart, load }`, the index the router
 * needs; `load()` imports `virtual:content-page/{locale}{slug}`, one chunk per page with its
 * title, description, table of contents and HTML.
 */
export function contentPlugin(roots: readonly string[] = contentRoots()): Plugin {
  let pages: ContentPageData[] | undefined;
  const all = () => (pages ??= loadContent(roots));
  return {
    name: 'protokoll-content',
    resolveId(id) {
      if (id === INDEX_ID || id.startsWith(PAGE_PREFIX)) return `\0${id}`;
      return undefined;
    },
    load(id) {
      if (!id.startsWith('\0virtual:content')) return undefined;
      for (const root of roots) for (const file of markdownFiles(root)) this.addWatchFile(file);
      if (id === `\0${INDEX_ID}`) {
        const index: Record<string, string[]> = Object.fromEntries(
          LOCALES.map((locale) => [locale, []]),
        );
        for (const page of all()) {
          index[page.locale]!.push(
            `${JSON.stringify(page.slug)}: { counterpart: ${JSON.stringify(page.counterpart)}, load: () => import(${JSON.stringify(`${PAGE_PREFIX}${page.locale}${page.slug}`)}) }`,
          );
        }
        return `export const contentPages = {\n${Object.entries(index)
          .map(([locale, entries]) => `  ${locale}: {\n    ${entries.join(',\n    ')}\n  }`)
          .join(',\n')}\n};\n`;
      }
      const key = id.slice(`\0${PAGE_PREFIX}`.length);
      const page = all().find((candidate) => `${candidate.locale}${candidate.slug}` === key);
      if (!page) throw new Error(`content: no page ${key}`);
      const { title, description, counterpart, html, toc } = page;
      return `export default ${JSON.stringify({ title, description, counterpart, html, toc })};\n`;
    },
    handleHotUpdate({ file, server }) {
      if (!roots.some((root) => file.startsWith(root)) || !file.endsWith('.md')) return undefined;
      pages = undefined;
      for (const module of server.moduleGraph.idToModuleMap.values()) {
        if (module.id?.startsWith('\0virtual:content')) server.moduleGraph.invalidateModule(module);
      }
      server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}
