import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGE_GROUP_NAMES, MESSAGE_GROUPS } from '@protokoll/contract';
import { repoRoot } from '../lib/paths.ts';
import { noDatabase, testApp } from '../test/app.ts';

// Locale files with caching, ETags and 304s are HTTP itself: plain requests here.

describe('GET /_i18n/{locale}/messages.json', () => {
  it.each(['de', 'en'] as const)(
    'serves locales/%s.json with a day of caching and an ETag',
    async (locale) => {
      const { app } = testApp(noDatabase());
      const res = await app.request(`/_i18n/${locale}/messages.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=86400');
      expect(res.headers.get('ETag')).toMatch(/^"[^"]+"$/);
      const file = JSON.parse(await readFile(join(repoRoot, 'locales', `${locale}.json`), 'utf8'));
      expect(await res.json()).toEqual(file);
    },
  );

  it('answers a matching If-None-Match with 304', async () => {
    const { app } = testApp(noDatabase());
    const first = await app.request('/_i18n/de/messages.json');
    const etag = first.headers.get('ETag')!;
    const again = await app.request('/_i18n/de/messages.json', {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('Cache-Control')).toBe('public, max-age=86400');
  });

  it('gives German and English different ETags', async () => {
    const { app } = testApp(noDatabase());
    const de = await app.request('/_i18n/de/messages.json');
    const en = await app.request('/_i18n/en/messages.json');
    expect(de.headers.get('ETag')).not.toBe(en.headers.get('ETag'));
  });

  it.each(['fr', 'DE', 'de-DE'])(
    'answers an unknown locale (%s) with the 404 error body',
    async (locale) => {
      const { app } = testApp(noDatabase());
      const res = await app.request(`/_i18n/${locale}/messages.json`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, code: 'notFound' });
    },
  );

  it('answers other /_i18n paths with the 404 error body', async () => {
    const { app } = testApp(noDatabase());
    const res = await app.request('/_i18n/de/other.json');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'notFound' });
  });
});

describe('GET /_i18n/{locale}/{group}.json', () => {
  it('serves each group of both locales, the groups together making the whole set', async () => {
    const { app } = testApp(noDatabase());
    for (const locale of ['de', 'en'] as const) {
      const file = JSON.parse(await readFile(join(repoRoot, 'locales', `${locale}.json`), 'utf8'));
      const merged: Record<string, unknown> = {};
      for (const group of MESSAGE_GROUP_NAMES) {
        const res = await app.request(`/_i18n/${locale}/${group}.json`);
        expect(res.status).toBe(200);
        expect(res.headers.get('Cache-Control')).toBe('public, max-age=86400');
        const part = (await res.json()) as Record<string, unknown>;
        expect(Object.keys(part).sort()).toEqual([...MESSAGE_GROUPS[group]].sort());
        Object.assign(merged, part);
      }
      expect(merged).toEqual(file);
    }
  });

  it('answers an unknown group or locale with the 404 error body', async () => {
    const { app } = testApp(noDatabase());
    for (const path of ['/_i18n/de/nope.json', '/_i18n/fr/auth.json', '/_i18n/de/auth']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'notFound' });
    }
  });
});
