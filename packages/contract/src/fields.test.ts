import { describe, expect, it } from 'vitest';
import { PersonName, textField } from './fields.ts';
import { SupportBody } from './support.ts';

const controls = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).concat(
  '\u007f',
);

describe('textField', () => {
  it('refuses every C0 control character and DEL on one line, with its own message', () => {
    for (const c of controls) {
      const result = PersonName.safeParse(`An${c}na`);
      expect(result.success, JSON.stringify(c)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('validation.controlCharacters');
    }
  });

  it('allows tab and line breaks in multi-line text, nothing else', () => {
    const message = textField('validation.required', { multiline: true });
    expect(message.parse('Zeile 1\r\nZeile 2\n\tEingerückt')).toBe(
      'Zeile 1\r\nZeile 2\n\tEingerückt',
    );
    for (const c of controls.filter((c) => !'\t\n\r'.includes(c))) {
      expect(message.safeParse(`a${c}b`).success, JSON.stringify(c)).toBe(false);
    }
    expect(
      SupportBody.safeParse({ category: 'account', subject: 'Hallo', message: 'a\nb' }).success,
    ).toBe(true);
    expect(
      SupportBody.safeParse({ category: 'account', subject: 'Hal\nlo', message: 'a' }).success,
    ).toBe(false);
  });

  it('trims first, so surrounding line breaks of a pasted name do not count', () => {
    expect(PersonName.parse('\n Anna \t\n')).toBe('Anna');
    expect(textField('validation.required', { trim: false }).safeParse(' a\n').success).toBe(false);
  });

  it('keeps unicode: umlauts, emoji, CJK, right-to-left', () => {
    for (const name of ['Zoë Ærø', '🗓️ Sitzung', '日本語', 'שלום', 'a\u00a0b']) {
      expect(PersonName.parse(name)).toBe(name);
    }
  });
});
