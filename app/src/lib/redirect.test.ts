import { describe, expect, it } from 'vitest';
import { loginRedirect, safeRedirect } from './redirect.ts';

describe('safeRedirect', () => {
  it('follows paths of this app, with their query', () => {
    expect(safeRedirect('?redirect=%2Fsettings%2Fprofile')).toBe('/settings/profile');
    expect(safeRedirect('redirect=%2Fnotes%3Fpage%3D2')).toBe('/notes?page=2');
  });

  it('ignores everything that could leave the site, and a missing parameter', () => {
    for (const search of [
      '',
      '?redirect=',
      '?redirect=https%3A%2F%2Fevil.example',
      '?redirect=%2F%2Fevil.example',
      '?redirect=%2F%5Cevil.example',
      '?redirect=javascript%3Aalert(1)',
      '?redirect=dashboard',
    ]) {
      expect(safeRedirect(search), search).toBeNull();
    }
  });
});

describe('loginRedirect', () => {
  it('carries the page and its query to /login and back', () => {
    const target = loginRedirect('/notes', '?page=2&folder_id=3');
    expect(target).toBe('/login?redirect=%2Fnotes%3Fpage%3D2%26folder_id%3D3');
    expect(safeRedirect(target.split('?')[1]!)).toBe('/notes?page=2&folder_id=3');
    expect(loginRedirect('/dashboard', '')).toBe('/login?redirect=%2Fdashboard');
  });
});
