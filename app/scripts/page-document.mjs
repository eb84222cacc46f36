// One prerendered page as a document: the shell index.html with the page's markup, language,
// stylesheets, preloads and inlined messages (docs/architecture.md#prerendered-pages).

/**
 * The manifest entry of a lazy component's module, named by the app's `LAZY_MODULES`
 * (`src/route-modules.ts`, from the built render module); a build without it is broken.
 */
function entryOf(manifest, component, modules) {
  const key = modules[component];
  if (!key || !manifest[key]) throw new Error(`prerender: no chunk for ${component} (${key})`);
  return key;
}

function closure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/**
 * A stylesheet inlined: its rules in `<style>`, so the page paints as soon as its HTML has arrived
 * (no request before the first paint), followed by a disabled link to the same file, which the
 * browser never fetches but Vite's loader takes as loaded when a chunk that imports it arrives.
 */
const inlineStylesheet = (file, css) =>
  `<style>${css.replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" href="/${file}" disabled>`;

/** The session chunk's files beyond those the entry loads anyway. */
function sessionFiles(manifest, loaded) {
  const session = Object.keys(manifest).find((id) => id.endsWith('/app-session.ts'));
  return [...closure(manifest, session)]
    .filter((key) => !loaded.has(key))
    .map((key) => manifest[key].file);
}

/**
 * `modules`: each lazy component's module (`LAZY_MODULES`); `readAsset(file)`: the text of a built file (`assets/x.css`), for the stylesheets the page
 * inlines; `scriptJson(value)`: JSON safe inside `<script>` (the app's `lib/script-json.ts`);
 * `boot`: the script loader (`BOOT_SCRIPT`, the id of its module list and the attribute
 * that keeps the web font out of the first paint, `FONTS_LATER_ATTRIBUTE`), inlined at the
 * end of `<body>`, which asks for the page's modules once it has painted, and, for a signed-in
 * page's frame (`page.signedIn`), the check for a stored session (`SIGNED_IN_SCRIPT`), inlined
 * first in `<head>`.
 */
export function pageDocument(
  shell,
  manifest,
  page,
  { modules: lazyModules, readAsset, scriptJson, boot },
) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const loaded = closure(manifest, entryKey);
  const css = new Set();
  const preload = new Set();
  for (const component of page.messages.components) {
    for (const key of closure(manifest, entryOf(manifest, component, lazyModules))) {
      for (const file of manifest[key].css ?? []) css.add(file);
      if (!loaded.has(key)) preload.add(manifest[key].file);
    }
  }
  for (const key of loaded) for (const file of manifest[key].css ?? []) css.delete(file);
  // No font preload: in Chromium a preloaded font held the first paint back until it had
  // arrived, while `font-display: swap` with the metric-matched "Inter Fallback" paints the text
  // at once and swaps without a shift (docs/architecture.md#prerendered-pages).
  // The entry and its imports (the shell's script and module preloads), then the page's chunks:
  // the loader asks for them after the first paint, instead of the browser while it parses.
  const modules = [];
  const withoutModules = shell
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src) => {
      modules.unshift(src);
      return '';
    })
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href) => {
      if (!modules.includes(href)) modules.push(href);
      return '';
    });
  for (const file of preload) if (!modules.includes(`/${file}`)) modules.push(`/${file}`);
  // A signed-in page's frame needs the session (API client, schemas) for its data right after
  // hydrating: its chunk comes with the page's (docs/architecture.md#signed-in-frames).
  if (page.signedIn) {
    for (const file of sessionFiles(manifest, loaded)) {
      if (!modules.includes(`/${file}`)) modules.push(`/${file}`);
    }
  }
  // A public page inlines its stylesheets: a first visit paints without another request. A
  // signed-in page links them: its visitor has been here before, and the hashed files are cached
  // for good (docs/architecture.md#signed-in-frames).
  const stylesheet = page.signedIn
    ? (file) => `<link rel="stylesheet" crossorigin href="/${file}">`
    : (file) => inlineStylesheet(file, readAsset(file));
  let head = [...css].map(stylesheet).join('\n    ');
  const escape = (text) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  if (page.head?.description) {
    head = `<meta name="description" content="${escape(page.head.description)}">\n    ${head}`;
  }
  const title = page.head?.title
    ? `<title>${escape(page.head.title)}</title>`
    : '<title>Protokoll</title>';
  const document = withoutModules
    // The entry's stylesheet (every page's first-paint CSS) is inlined too.
    .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g, (_, file) => stylesheet(file))
    .replace(/<title>[^<]*<\/title>/, title)
    .replace(/<html lang="[^"]*">/, `<html lang="${page.locale}" ${boot.fontsLater}>`)
    .replace('</head>', () => `  ${head}\n  </head>`)
    // Before anything else of the page: a visitor without a stored session goes on to /login
    // before the frame could paint.
    .replace(/<meta charset="UTF-8" \/>/, (meta) =>
      page.signedIn ? `${meta}\n    <script>${boot.signedIn}</script>` : meta,
    )
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div>\n    <script id="messages" type="application/json">${scriptJson(page.messages)}</script>` +
        `\n    <script id="${boot.id}" type="application/json">${scriptJson(modules)}</script>` +
        `\n    <script>${boot.script}</script>`,
    );
  if (!document.includes(page.html)) throw new Error(`prerender: no #root in index.html`);
  return document;
}

/**
 * The shell for a page the browser renders (docs/architecture.md#route-prefetch): no markup, but
 * its message files as fetch preloads, and its route's and layout's chunks as module preloads and
 * their stylesheets as links, so they load together with the entry instead of after it has run.
 * A signed-in page's session chunk follows at low priority: the page paints without it, and
 * over HTTP/1.1 a free connection goes to the most urgent waiting request, so it takes the line
 * only once what the first render needs has it; on a page whose largest first content is its data
 * (`dataFirst`: the notes list) at the page's own priority, as its API client parses that data.
 * `modules` as for `pageDocument`. `fontsLater` (`FONTS_LATER_ATTRIBUTE`) on a signed-in page's `<html>` holds the web font back
 * until the page has its first data (docs/architecture.md#the-web-font).
 */
export function shellDocument(shell, manifest, page, { modules, fontsLater }) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const loaded = closure(manifest, entryKey);
  const keys = page.components.map((component) => entryOf(manifest, component, modules));
  const css = new Set();
  const preload = new Set();
  for (const key of keys) {
    for (const dependency of closure(manifest, key)) {
      for (const file of manifest[dependency].css ?? []) css.add(file);
      if (!loaded.has(dependency)) preload.add(manifest[dependency].file);
    }
  }
  for (const key of loaded) for (const file of manifest[key].css ?? []) css.delete(file);
  const later = new Set();
  if (page.signedIn) {
    for (const file of sessionFiles(manifest, loaded)) if (!preload.has(file)) later.add(file);
  }
  const head = [
    // `crossorigin` as `fetch()` asks for them (same-origin credentials), so the fetch finds them.
    ...page.messages.map((href) => `<link rel="preload" as="fetch" crossorigin href="${href}">`),
    ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...preload].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...[...later].map(
      (file) =>
        `<link rel="modulepreload" crossorigin${page.dataFirst ? '' : ' fetchpriority="low"'} href="/${file}">`,
    ),
  ].join('\n    ');
  const escape = (text) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const document = shell
    .replace(/<title>[^<]*<\/title>/, () =>
      page.title ? `<title>${escape(page.title)}</title>` : '<title>Protokoll</title>',
    )
    .replace('</head>', () => `  ${head}\n  </head>`);
  return page.signedIn && fontsLater
    ? document.replace(/<html lang="([^"]*)">/, `<html lang="$1" ${fontsLater}>`)
    : document;
}
