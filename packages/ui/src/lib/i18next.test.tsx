import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import {
  I18nextProvider as I18nProvider,
  Trans as TypedTrans,
  useTranslation,
} from 'react-i18next';
import { addMessages, createI18n } from './i18next.ts';

// These tests use keys of their own, not of locales/en.json: translate without the key types.
type LooseT = (key: string, values?: Record<string, unknown>) => string;
const tOf = (i18n: I18n) => i18n.t.bind(i18n) as unknown as LooseT;
const Trans = TypedTrans as unknown as (props: {
  i18nKey: string;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement>;
}) => ReactNode;

const de = {
  greeting: 'Hallo {{name}}',
  nested: { deep: { key: 'Tief' } },
  notes_one: '{{count}} Notiz',
  notes_other: '{{count}} Notizen',
  notes_zero: 'Keine Notizen',
  rich: '<strong>{{used}}</strong> von {{total}} genutzt',
  onlyGerman: 'Nur deutsch',
  terms: 'Ich akzeptiere die <terms>AGB</terms> und <privacy>Datenschutz</privacy>.',
};
const en = {
  greeting: 'Hello {{name}}',
  nested: { deep: { key: 'Deep' } },
  notes_one: '{{count}} note',
  notes_other: '{{count}} notes',
  rich: '<strong>{{used}}</strong> of {{total}} used',
};

describe('createI18n', () => {
  it('looks up nested keys and interpolates values', () => {
    const i18n = createI18n('de', { de, en });
    const t = tOf(i18n);
    expect(t('nested.deep.key')).toBe('Tief');
    expect(t('greeting', { name: 'Jürgen' })).toBe('Hallo Jürgen');
    expect(t('greeting')).toBe('Hallo {{name}}');
  });

  it('chooses plural forms with Intl.PluralRules, and _zero for 0 where it exists', () => {
    const i18n = createI18n('de', { de, en });
    const t = tOf(i18n);
    expect(t('notes', { count: 1 })).toBe('1 Notiz');
    expect(t('notes', { count: 3 })).toBe('3 Notizen');
    expect(t('notes', { count: 0 })).toBe('Keine Notizen');
    void i18n.changeLanguage('en');
    expect(t('notes', { count: 0 })).toBe('0 notes');
  });

  it('falls back to German, then to the key, and says whether a key exists', () => {
    const i18n = createI18n('en', { de, en });
    const t = tOf(i18n);
    expect(t('onlyGerman')).toBe('Nur deutsch');
    expect(t('missing.key')).toBe('missing.key');
    expect(i18n.exists('nested.deep.key')).toBe(true);
    expect(i18n.exists('missing')).toBe(false);
  });

  it('adds messages of another locale and switches to them', async () => {
    const i18n = createI18n('de', { de });
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    addMessages(i18n, 'en', en);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    await i18n.changeLanguage('en');
    expect(i18n.language).toBe('en');
    expect(tOf(i18n)('greeting', { name: 'Ann' })).toBe('Hello Ann');
  });

  it('merges message groups of one locale into one tree', () => {
    const i18n = createI18n('de', { de: { a: { x: 'X' } } });
    addMessages(i18n, 'de', { a: { y: 'Y' }, b: 'B' });
    const t = tOf(i18n);
    expect([t('a.x'), t('a.y'), t('b')]).toEqual(['X', 'Y', 'B']);
  });
});

function Greeting() {
  const { i18n } = useTranslation();
  const t = tOf(i18n);
  return (
    <p>
      {t('greeting', { name: 'Eva' })} ({i18n.language})
    </p>
  );
}

describe('useTranslation and Trans', () => {
  it('re-renders on a locale change', async () => {
    const i18n = createI18n('de', { de, en });
    render(
      <I18nProvider i18n={i18n}>
        <Greeting />
      </I18nProvider>,
    );
    expect(screen.getByText('Hallo Eva (de)')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText('Hello Eva (en)')).toBeInTheDocument();
  });

  // react-i18next is patched to share its wrapper of the instance (patches/, decision 002).
  it('gives every component one wrapper of the translator until the locale changes', async () => {
    const i18n = createI18n('de', { de, en });
    const seen: I18n[] = [];
    function Wrapper() {
      const { i18n: wrapper } = useTranslation();
      seen.push(wrapper);
      return <span>{wrapper.language}</span>;
    }
    render(
      <I18nProvider i18n={i18n}>
        <Wrapper />
        <Wrapper />
      </I18nProvider>,
    );
    expect(seen[0]).toBe(seen[1]);
    expect(seen[0]).not.toBe(i18n);
    await act(() => i18n.changeLanguage('en'));
    const after = seen.slice(2);
    expect(after.length).toBeGreaterThan(0);
    expect(new Set(after).size).toBe(1);
    expect(after[0]).not.toBe(seen[0]);
    expect(screen.getAllByText('en')).toHaveLength(2);
  });

  it('renders message tags as the given elements, filling values as text only', () => {
    const i18n = createI18n('de', { de, en });
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <p data-testid="rich">
          <Trans
            i18nKey="rich"
            values={{ used: '<b>12</b>', total: '30 Minuten' }}
            components={{ strong: <strong className="x" /> }}
          />
        </p>
        <p data-testid="terms">
          <Trans
            i18nKey="terms"
            // eslint-disable-next-line jsx-a11y/anchor-has-content -- Trans gives them their text
            components={{ terms: <a href="/agb" />, privacy: <a href="/datenschutz" /> }}
          />
        </p>
      </I18nProvider>,
    );
    expect(screen.getByTestId('rich').innerHTML).toBe(
      '<strong class="x">&lt;b&gt;12&lt;/b&gt;</strong> von 30 Minuten genutzt',
    );
    expect(screen.getByRole('link', { name: 'AGB' })).toHaveAttribute('href', '/agb');
    expect(screen.getByRole('link', { name: 'Datenschutz' })).toHaveAttribute(
      'href',
      '/datenschutz',
    );
    expect(container.textContent).toContain('Ich akzeptiere die AGB und Datenschutz.');
  });
});
