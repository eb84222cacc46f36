import { afterEach, describe, expect, it } from 'vitest';
import {
  readRememberedOptions,
  rememberedOptionsKey,
  rememberOptions,
} from './remembered-options.ts';

afterEach(() => localStorage.clear());

const chosen = {
  language: 'en',
  summary_language: 'de',
  summary_model: 'standard',
  structure: 'detailed',
  transcribe: false,
  transcript_type: 'clean',
  speakers: 3,
  folder_id: 7,
} as const;

describe('the remembered new-note options', () => {
  it('come back as they were sent, for the same person only', () => {
    rememberOptions(localStorage, 12, chosen);
    expect(readRememberedOptions(localStorage, 12)).toEqual(chosen);
    expect(readRememberedOptions(localStorage, 13)).toBeUndefined();
    expect(readRememberedOptions(localStorage, undefined)).toBeUndefined();
  });

  it('keep what was left unset unset (automatic speakers, no folder)', () => {
    const { speakers: _speakers, folder_id: _folder, ...rest } = chosen;
    rememberOptions(localStorage, 12, { ...rest, speakers: undefined, folder_id: undefined });
    expect(readRememberedOptions(localStorage, 12)).toEqual(rest);
  });

  it('count as nothing when the stored text is not JSON or holds values the form cannot take', () => {
    localStorage.setItem(rememberedOptionsKey(12), '{not json');
    expect(readRememberedOptions(localStorage, 12)).toBeUndefined();
    localStorage.setItem(
      rememberedOptionsKey(12),
      JSON.stringify({ ...chosen, structure: 'poem', speakers: -2 }),
    );
    expect(readRememberedOptions(localStorage, 12)).toBeUndefined();
  });

  it('are forgotten quietly when the storage refuses to write', () => {
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(() => rememberOptions(full, 12, chosen)).not.toThrow();
    expect(readRememberedOptions(undefined, 12)).toBeUndefined();
  });
});
