#!/usr/bin/env node
// The build's budgets (docs/architecture.md#budgets), gzipped:
//  - first paint of each prerendered page: its HTML (markup, inlined messages and stylesheets)
//    and every stylesheet it still links; no script is needed to paint it; the same for the
//    templates of the pages rendered with data (docs/architecture.md#pages-rendered-with-data),
//    which the account's data then fills;
//  - JavaScript per route: the entry, the route's chunk, its layout's chunk and everything they
//    import statically, in bytes and in files (over HTTP/1.1 every file is a round trip on one
//    of 6 connections; docs/architecture.md#chunks); CSS is listed beside it.
// A page or route over its budget fails the run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../app/dist/', import.meta.url));
const KiB = 1024;

/** First paint (HTML + CSS) of every prerendered page. */
const FIRST_PAINT_KIB = 32;
/**
 * The home page paints more: an example note (summary beside transcript), the plans and the FAQ
 * with their texts inlined, on the default layout's full stylesheet. So does the dashboard's
 * frame (docs/architecture.md#signed-in-frames): its five cards' texts and skeletons, with the
 * message groups of what it shows once the account's data is in (billing, offers). Since the
 * widgets tell a failed load from zero (with the last known value), the shell shows a connection
 * banner and a phone leads with recording, the frame carries their texts: 36 KiB (was 34). Its
 * stylesheets are linked, no longer inlined (docs/architecture.md#signed-in-frames): compressed
 * on their own they count 0.1 KiB more, and after the first visit they come from the cache.
 * The notes pages' server-rendered frame carries the summary templates' texts (the reader's
 * notice of sections an own template could not get, a chosen template that is gone): 32.5
 * (32.1 measured). Formal minutes' texts (the head's fields, votes, "ohne Beleg", the head's
 * form; in `noteTools`, never on the home page): 33 (32.6 measured).
 */
const FIRST_PAINT_KIB_OF = {
  'pages/index.html': 34,
  'pages/en.html': 34,
  'pages/dashboard.html': 36.5,
  'pages/en/dashboard.html': 36.5,
  '.ssr/templates/notes.html': 33,
  '.ssr/templates/en/notes.html': 33,
};
/** JavaScript per route: the public pages are held tighter than the signed-in ones. */
const LAYOUT = 'src/routes/default-layout.tsx';
const routes = [
  { page: 'src/routes/home-route.tsx', layout: LAYOUT, budget: 178 },
  // The sign-in form is react-hook-form like every form (~14 KiB); 130 KiB is the page's ceiling.
  { page: 'src/routes/auth/login-route.tsx', layout: null, budget: 130 },
  { page: 'src/routes/auth/register-route.tsx', layout: null, budget: 150 },
  { page: 'src/routes/dashboard-route.tsx', layout: LAYOUT, budget: 194 },
  // The notes pages carry the reader's working tools since issue 37 (editing the transcript,
  // find and replace, history, summarising again, versions, removed passages): 262 KiB (was 245;
  // 260.8 measured). They load with the page, not on first use; splitting them off is the way
  // back under 245 (decision 016). The new-note page shares their contract chunk: 259 (was 258).
  // The glossary's corrections in the transcript and a folder's glossary entry: 263 (262.3).
  // Summary templates (a summary in an own template's order and headings, the re-summary's
  // choice of template): 264 (263.7); the new-note page's choice of template: 260 (259.1).
  // Formal minutes' part of the summary's schema (head, agenda items, resolutions, citations; the
  // reader's view of them loads only for such a note): 265 (264.7); the head's change by hand
  // (its schema among the summary's changes): 266 (265.1). The reader's "Teilen" button and the
  // share dialog's loader (the dialog, its calls and texts load on first use, docs/sharing.md):
  // 267 (266.2).
  { page: 'src/routes/notes/notes-route.tsx', layout: LAYOUT, budget: 267 },
  // A formal meeting's agenda field (the textarea, the agenda's rule): 261 (260.2). The signed-in
  // pages' icon chunk, which it loads too, carries the reader's share icon: 262 (261.0).
  { page: 'src/routes/protocol-route.tsx', layout: LAYOUT, budget: 262 },
  { page: 'src/routes/settings/settings-route.tsx', layout: LAYOUT, budget: 170 },
  { page: 'src/routes/not-found-route.tsx', layout: LAYOUT, budget: 172 },
];

/** The most JavaScript files one route may load (entry, route, layout and their imports). */
const MAX_JS_FILES = 56;

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kib = (bytes) => (bytes / KiB).toFixed(1);
const failures = [];

// First paint of the prerendered pages.
const pagesDir = join(dist, 'pages');
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
const htmlIn = (dir) => (existsSync(dir) ? walk(dir).filter((file) => file.endsWith('.html')) : []);
const pages = htmlIn(pagesDir);
if (pages.length === 0) failures.push('no prerendered pages in app/dist/pages');
const templates = htmlIn(join(dist, '.ssr/templates'));
if (templates.length === 0) failures.push('no templates of pages with data in app/dist/.ssr');
pages.push(...templates);
console.log('first paint'.padEnd(40), 'html'.padStart(7), 'css'.padStart(7), 'total'.padStart(9));
for (const file of pages.sort()) {
  const html = readFileSync(file, 'utf8');
  const htmlBytes = gzipSync(html, { level: 9 }).length;
  // Inlined stylesheets count with the HTML; their disabled links are never fetched.
  const cssBytes = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g)]
    .filter((match) => !/\sdisabled[\s>]/.test(match[0]))
    .map((match) => gz(match[1]))
    .reduce((sum, bytes) => sum + bytes, 0);
  const total = htmlBytes + cssBytes;
  const budget = FIRST_PAINT_KIB_OF[relative(dist, file)] ?? FIRST_PAINT_KIB;
  const over = total > budget * KiB;
  if (over) failures.push(`${relative(dist, file)}: first paint ${kib(total)} KiB`);
  console.log(
    relative(dist, file).padEnd(40),
    kib(htmlBytes).padStart(7),
    kib(cssBytes).padStart(7),
    `${kib(total)}${over ? ' ✗' : ''}`.padStart(9),
    `(≤ ${budget})`,
  );
}

// JavaScript per route.
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
console.log(
  '\nroute'.padEnd(41),
  'js'.padStart(7),
  'css'.padStart(7),
  'budget'.padStart(9),
  'files'.padStart(7),
);
for (const { page, layout, budget } of routes) {
  if (!manifest[page]) {
    failures.push(`${page}: not in the build`);
    continue;
  }
  const files = new Set();
  for (const key of new Set([
    ...closure(entryKey),
    ...closure(page),
    ...(layout ? closure(layout) : []),
  ])) {
    files.add(manifest[key].file);
    for (const css of manifest[key].css ?? []) files.add(css);
  }
  let js = 0;
  let css = 0;
  for (const file of files) {
    if (file.endsWith('.css')) css += gz(file);
    else if (file.endsWith('.js')) js += gz(file);
  }
  const over = js > budget * KiB;
  if (over) failures.push(`${page}: ${kib(js)} KiB of JavaScript`);
  const count = [...files].filter((file) => file.endsWith('.js')).length;
  const tooMany = count > MAX_JS_FILES;
  if (tooMany) failures.push(`${page}: ${count} JavaScript files (≤ ${MAX_JS_FILES})`);
  console.log(
    page.padEnd(40),
    `${kib(js)}${over ? ' ✗' : ''}`.padStart(7),
    kib(css).padStart(7),
    `≤ ${budget}`.padStart(9),
    `${count}${tooMany ? ' ✗' : ''}`.padStart(7),
  );
}

if (failures.length > 0) {
  console.error(`\nover budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
