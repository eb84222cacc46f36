import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastPairs, contrastRatio, parseTheme } from './tokens.ts';

const css = readFileSync(join(import.meta.dirname, '../theme.css'), 'utf8');

describe('the Foundations pages’ tokens', () => {
  it('come from theme.css: scales, sizes, radii, shadows, light and dark roles', () => {
    const theme = parseTheme(css);
    expect(theme.brand.map((t) => t.name)).toContain('--color-brand-600');
    expect(theme.text.find((t) => t.name === '--text-base')?.value).toBe('1rem');
    expect(theme.radius.length).toBeGreaterThan(0);
    expect(theme.shadow.length).toBeGreaterThan(0);
    expect(theme.light.find((t) => t.name === '--primary')?.value).toBe('var(--color-brand-600)');
    expect(theme.dark.find((t) => t.name === '--primary')?.value).toBe('var(--color-brand-400)');
    // Every role has its dark counterpart.
    expect(theme.dark.map((t) => t.name).sort()).toEqual(theme.light.map((t) => t.name).sort());
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrastRatio([255, 255, 255], [255, 255, 255])).toBe(1);
    expect(contrastRatio([118, 118, 118], [255, 255, 255])).toBeCloseTo(4.54, 2);
  });

  it('pairs each -foreground role with its background', () => {
    const names = parseTheme(css).light.map((t) => t.name);
    const pairs = contrastPairs(names);
    expect(pairs).toContainEqual(['--primary-foreground', '--primary']);
    expect(pairs).toContainEqual(['--foreground', '--background']);
    expect(pairs).toContainEqual(['--muted-foreground', '--surface']);
  });
});
