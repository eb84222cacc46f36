import { describe, expect, it } from 'vitest';
import de from '../../../locales/de.json' with { type: 'json' };
import en from '../../../locales/en.json' with { type: 'json' };
import { errorKey } from './error-key.ts';
import { ErrorCode, errorCodes } from './errors.ts';
import type { Messages } from './i18n.ts';
import { recordingLength } from './minutes.ts';
import { planFeature } from './user.ts';
import { supportCategories } from './support.ts';

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const deKeys = flatten(de as Messages);
const enKeys = flatten(en as Messages);

/** The fixed English texts of docs/errors.md#error-codes, to the letter. */
const specWording: Partial<Record<ErrorCode, string>> = {
  [ErrorCode.TIMEOUT]: 'Request timed out. Please try again.',
  [ErrorCode.GOOGLE_AUTH_FAILED]: 'Google authentication failed',
  [ErrorCode.INVALID_CREDENTIALS]: 'Invalid email or password',
  [ErrorCode.TOO_MANY_ATTEMPTS]: 'Too many attempts. Please try again later.',
  [ErrorCode.SERVER]: 'Server error. Please try again later.',
  [ErrorCode.OFFLINE]: 'No internet connection. Please check your network.',
  [ErrorCode.LOGIN_FAILED]: 'Login failed',
  [ErrorCode.PLAN_NOT_FOUND]: 'Plan not found',
  [ErrorCode.AUTH_FAILED]: 'Authentication failed',
  [ErrorCode.CHECKOUT_FAILED]: 'Failed to create checkout session',
  [ErrorCode.NO_STRIPE_CUSTOMER]: 'No Stripe customer found for this user',
  [ErrorCode.PORTAL_FAILED]: 'Failed to create portal session',
  [ErrorCode.EMAIL_EXISTS]: 'Email already exists',
  [ErrorCode.INVALID_INPUT]: 'Invalid input data',
  [ErrorCode.REGISTRATION_FAILED]: 'Registration failed',
  [ErrorCode.UPLOAD_FAILED]: 'Upload failed',
  [ErrorCode.UPLOAD_REQUIRES_FORM_DATA]: "isFileUpload=true requires FormData with 'audio_file'",
  [ErrorCode.UPDATE_USER_FAILED]: 'Failed to update user Settings',
  [ErrorCode.DELETE_ACCOUNT_FAILED]: 'Failed to delete account',
  [ErrorCode.TRANSCRIPTION_FAILED]: 'Transcription failed',
  [ErrorCode.FOLDER_CREATE_FAILED]: 'Folder creation failed',
  [ErrorCode.FOLDER_UPDATE_FAILED]: 'Folder update failed',
  [ErrorCode.FOLDER_DELETE_FAILED]: 'Folder deletion failed',
  [ErrorCode.FOLDER_NAME_REQUIRED]: 'Folder name required',
  [ErrorCode.FOLDER_ID_REQUIRED]: 'Folder ID required',
  [ErrorCode.NOT_AUTHENTICATED]: 'Not authenticated',
  // "Page not found: {path}" in i18next interpolation syntax.
  [ErrorCode.PAGE_NOT_FOUND]: 'Page not found: {{path}}',
};

describe('locales', () => {
  it('have identical key sets in German and English', () => {
    const onlyDe = [...deKeys.keys()].filter((key) => !enKeys.has(key));
    const onlyEn = [...enKeys.keys()].filter((key) => !deKeys.has(key));
    expect({ onlyDe, onlyEn }).toEqual({ onlyDe: [], onlyEn: [] });
  });

  it('have no empty texts', () => {
    for (const [key, text] of [...deKeys, ...enKeys]) expect(text.trim(), key).not.toBe('');
  });

  it('translate every error code', () => {
    for (const code of errorCodes) {
      expect(deKeys.has(errorKey(code)), `de ${code}`).toBe(true);
      expect(enKeys.has(errorKey(code)), `en ${code}`).toBe(true);
    }
  });

  it('use the fixed English wording, to the letter', () => {
    for (const [code, text] of Object.entries(specWording)) {
      expect(enKeys.get(`errors.${code}`), code).toBe(text);
    }
  });

  it('translate the contract’s own keys: plan features and support categories', () => {
    for (const key of Object.values(planFeature)) {
      expect(deKeys.has(key) && enKeys.has(key), key).toBe(true);
    }
    for (const category of supportCategories) {
      expect(deKeys.has(`support.categories.${category}`), category).toBe(true);
    }
  });
});

describe('message keys written in the contract', () => {
  it('exist in both locales', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('.', import.meta.url);
    const keys = new Set<string>();
    for (const file of readdirSync(dir)) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const source = readFileSync(new URL(file, dir), 'utf8');
      for (const match of source.matchAll(/'((?:validation|errors|plans|support)\.[\w.]+)'/g)) {
        keys.add(match[1]!);
      }
    }
    expect(keys.size).toBeGreaterThan(10);
    const missing = [...keys].filter((key) => !deKeys.has(key) || !enKeys.has(key));
    expect(missing).toEqual([]);
  });
});

describe('punctuation', () => {
  // "40 Min.." came from an abbreviated length at a sentence's end; lengths and costs are now
  // written as clock and whole words (docs/i18n.md#numbers-in-sentences).
  it.each([
    ['de', deKeys],
    ['en', enKeys],
  ] as const)('%s: no text doubles a full stop, comma or space', (_locale, keys) => {
    for (const [key, text] of keys) {
      expect({ key, text: text.replace(/\.\.\./g, '…') }).not.toMatchObject({
        text: expect.stringMatching(/\.\.|,,|\s\.|\.,| {2}/) as unknown,
      });
    }
  });

  it.each(['de', 'en'])(
    '%s: recording lengths and minutes never end in an abbreviation dot',
    (locale) => {
      const words = new Intl.NumberFormat(locale, {
        style: 'unit',
        unit: 'minute',
        unitDisplay: 'long',
      });
      for (const minutes of [1, 2, 25, 40, 120]) {
        expect(words.format(minutes)).not.toMatch(/\.$/);
        expect(recordingLength(minutes * 60 + 9)).not.toMatch(/\.$/);
      }
    },
  );
});
