#!/usr/bin/env node
// Deep-merges messages into locales/de.json and locales/en.json in one quick read-modify-write,
// so several people (or agents) adding keys at once do not overwrite each other's work.
// Usage: node scripts/add-messages.mjs '{"de": {"nav": {"home": "Start"}}, "en": {"nav": {"home": "Home"}}}'
import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const input = JSON.parse(process.argv[2] ?? '{}');
const merge = (target, source) => {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      target[key] = merge(target[key] && typeof target[key] === 'object' ? target[key] : {}, value);
    } else {
      target[key] = value;
    }
  }
  return target;
};
for (const locale of Object.keys(input)) {
  const file = fileURLToPath(new URL(`../locales/${locale}.json`, import.meta.url));
  const merged = merge(JSON.parse(readFileSync(file, 'utf8')), input[locale]);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(merged, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}
