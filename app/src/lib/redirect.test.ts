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
      // The URL parser drops tabs and newlines and reads a backslash as a slash.
      '?redirect=%2F%09%2Fexample.invalid%2Fphish',
      '?redirect=%2F%0A%2Fexample.invalid',
      '?redirect=%2F%0D%2Fexample.invalid',
      '?redirect=%09%2F%2Fexample.invalid',
      '?redirect=%2F%5C%09example.invalid',
      '?redirect=%5C%2Fexample.invalid',
      '?redirect=%2F%2F%2Fexample.invalid',
      '?redirect=%2F.%2F%2Fexample.invalid',
      '?redirect=%2F%2E%2E%2F%2Fexample.invalid',
      '?redirect=http%3A%2Fexample.invalid',
      '?redirect=%2F%09%2F%09example.invalid',
    ]) {
      expect(safeRedirect(search, 'https://protokoll.test'), search).toBeNull();
    }
  });

  it("follows the path as the browser parses it, on the page's origin", () => {
    const origin = 'https://protokoll.test';
    // Still encoded once more: a harmless path of this site, not a host.
    expect(safeRedirect('?redirect=%2F%2509%2Fexample.invalid', origin)).toBe(
      '/%09/example.invalid',
    );
    expect(safeRedirect('?redirect=%2Fnotes%5Cx', origin)).toBe('/notes/x');
    expect(safeRedirect('?redirect=%2Fnotes%2F..%2Fdashboard%23top', origin)).toBe(
      '/dashboard#top',
    );
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
