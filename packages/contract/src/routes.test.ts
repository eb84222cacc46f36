import { describe, expect, it } from 'vitest';
import { ID_MAX } from './constants.ts';
import { pageParamsValid } from './routes.ts';

describe('pageParamsValid', () => {
  it('accepts pages without id parameters and well-formed ids', () => {
    expect(pageParamsValid('/', '?note=abc')).toBe(true);
    expect(pageParamsValid('/notes', '')).toBe(true);
    expect(pageParamsValid('/notes', '?note=12&folder_id=3&page=x')).toBe(true);
    expect(pageParamsValid('/saved-notes/', `?note=${ID_MAX}`)).toBe(true);
  });

  it('refuses an id parameter that is no id', () => {
    for (const value of ['abc', '0', '-1', '1.5', '', ' 1', '01', String(ID_MAX + 1)]) {
      expect(pageParamsValid('/notes', `?note=${encodeURIComponent(value)}`), value).toBe(false);
    }
    expect(pageParamsValid('/saved-notes', '?folder_id=x')).toBe(false);
    expect(pageParamsValid('/notes', '?note=1&note=x')).toBe(false);
  });
});
