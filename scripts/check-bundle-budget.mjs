#!/usr/bin/env node
// First-paint weight of each page: the entry chunk, the page's chunk, its layout's chunk,
// everything they import statically, and their CSS, gzipped. The sign-in page must stay
// ≤ 100 KiB (brief) and fails the run above it; the other pages are reported for comparison.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BUDGET_KIB = 100;
const dist = fileURLToPath(new URL('../app/dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
const LAYOUT = 'src/routes/default-layout.tsx';
const pages = [
  { page: 'src/routes/auth/login-route.tsx', layout: null, enforced: true },
  { page: 'src/routes/auth/register-route.tsx', layout: null, enforced: false },
  { page: 'src/routes/dashboard-route.tsx', layout: LAYOUT, enforced: false },
  { page: 'src/routes/notes/notes-route.tsx', layout: LAYOUT, enforced: false },
  { page: 'src/routes/protocol-route.tsx', layout: LAYOUT, enforced: false },
  { page: 'src/routes/home-route.tsx', layout: LAYOUT, enforced: false },
  { page: 'src/routes/not-found-route.tsx', layout: LAYOUT, enforced: false },
];

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const gz = (file) => gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length;
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
let failed = false;
console.log('page'.padEnd(36), 'js KiB'.padStart(8), 'css KiB'.padStart(8), 'total'.padStart(8));
for (const { page, layout, enforced } of pages.filter((p) => manifest[p.page])) {
  const files = new Set();
  const keys = [...closure(entryKey), ...closure(page), ...(layout ? closure(layout) : [])];
  for (const key of new Set(keys)) {
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  let js = 0;
  let css = 0;
  for (const file of files) {
    if (file.endsWith('.css')) css += gz(file);
    else if (file.endsWith('.js')) js += gz(file);
  }
  const total = (js + css) / 1024;
  const over = enforced && total > BUDGET_KIB;
  failed ||= over;
  console.log(
    `${page}${enforced ? ' *' : ''}`.padEnd(36),
    (js / 1024).toFixed(1).padStart(8),
    (css / 1024).toFixed(1).padStart(8),
    `${total.toFixed(1)}${over ? ' ✗' : ''}`.padStart(8),
  );
}
console.log(`* held to the ${BUDGET_KIB} KiB budget`);
if (failed) {
  console.error(`over the ${BUDGET_KIB} KiB first-paint budget`);
  process.exit(1);
}
