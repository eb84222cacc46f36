import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The repository explains itself: comments cite `docs/<file>.md#<anchor>`, and the docs link to
 * each other. These tests keep every such link pointing at a page and heading that exist, and
 * keep citations of texts outside the repository from coming back.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'storybook-static', 'test-results']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|css|ya?ml|json|md|html)$/;

function textFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Dot folders hold tooling state (.git, .data), except the two that are ours.
    if (entry.name.startsWith('.') && !['.storybook', '.ci'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) textFiles(path, out);
    } else if (TEXT_FILE.test(entry.name) && entry.name !== 'pnpm-lock.yaml') {
      out.push(path);
    }
  }
  return out;
}

/** GitHub's heading anchors: lower case, no punctuation, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const files = textFiles(root).map((path) => ({
  path,
  name: relative(root, path),
  text: readFileSync(path, 'utf8'),
}));
const anchorCache = new Map<string, Set<string> | null>();

/** Why `target` (an absolute path) with `anchor` is broken, or undefined when it is fine. */
function brokenLink(target: string, anchor: string | undefined): string | undefined {
  if (!anchorCache.has(target)) {
    anchorCache.set(target, existsSync(target) ? anchorsOf(readFileSync(target, 'utf8')) : null);
  }
  const anchors = anchorCache.get(target);
  if (anchors === null) return 'no such file';
  if (anchor && target.endsWith('.md') && !anchors!.has(anchor)) return `no heading #${anchor}`;
  return undefined;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

describe('docs links', () => {
  it('name a docs page and heading that exist, wherever the tree cites docs/…', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const { name, text } of files) {
      for (const match of text.matchAll(/\bdocs\/([\w-]+\.md)(?:#([\w-]+))?/g)) {
        checked++;
        const why = brokenLink(join(root, 'docs', match[1]!), match[2]);
        if (why) broken.push(`${name}:${lineOf(text, match.index)} ${match[0]}: ${why}`);
      }
    }
    expect(broken).toEqual([]);
    // The comments cite the docs a few hundred times; none found means the search broke.
    expect(checked).toBeGreaterThan(100);
  });

  it('between Markdown files lead to a file and heading that exist', () => {
    const broken: string[] = [];
    let checked = 0;
    // content/ holds the site's pages: their links are site addresses, which
    // app/src/content.test.ts checks.
    const docs = files.filter(
      (file) => file.name.endsWith('.md') && !file.name.startsWith('content/'),
    );
    for (const { path, name, text } of docs) {
      for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const href = match[1]!;
        if (/^[a-z]+:/i.test(href)) continue;
        checked++;
        const [file = '', anchor] = href.split('#');
        const why = brokenLink(file ? join(dirname(path), file) : path, anchor);
        if (why) broken.push(`${name}:${lineOf(text, match.index)} ${href}: ${why}`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });

  it('replace every citation of texts outside the repository', () => {
    // Spelled in pieces, so this file does not find itself.
    const outside = new RegExp(
      ['SP' + 'EC §', '\\bPRODUCT\\.md\\b', '\\bCONVENTIONS\\.md\\b', '/work/' + 'shared'].join(
        '|',
      ),
      'g',
    );
    const found = files.flatMap(({ name, text }) =>
      [...text.matchAll(outside)].map((match) => `${name}:${lineOf(text, match.index)}`),
    );
    expect(found).toEqual([]);
  });
});
