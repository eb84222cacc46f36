import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider as I18nProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../lib/i18next.ts';
import { Input } from './input.tsx';

afterEach(cleanup);

const i18n = createI18n('de', {});
const renderInput = (input: React.ReactElement) =>
  render(<I18nProvider i18n={i18n}>{input}</I18nProvider>);

describe('an email input', () => {
  it('is typed as it is: email keyboard, no capital first letter, no correction', () => {
    renderInput(<Input type="email" aria-label="E-Mail" />);
    const input = screen.getByRole('textbox', { name: 'E-Mail' });
    expect(input).toHaveAttribute('inputmode', 'email');
    expect(input).toHaveAttribute('autocapitalize', 'none');
    expect(input).toHaveAttribute('spellcheck', 'false');
  });

  it('takes what it is given instead', () => {
    renderInput(<Input type="email" aria-label="E-Mail" spellCheck autoCapitalize="words" />);
    const input = screen.getByRole('textbox', { name: 'E-Mail' });
    expect(input).toHaveAttribute('spellcheck', 'true');
    expect(input).toHaveAttribute('autocapitalize', 'words');
  });

  it('and no other input gets them', () => {
    renderInput(<Input aria-label="Name" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    for (const attribute of ['inputmode', 'autocapitalize', 'spellcheck'])
      expect(input).not.toHaveAttribute(attribute);
  });
});
