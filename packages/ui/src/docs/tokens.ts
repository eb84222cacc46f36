/*
 * The design tokens as the Foundations pages show them (docs/storybook.md#foundations): read from
 * theme.css's source at build time, so a changed token shows up there without editing a page.
 */

/** One custom property of a block: `--primary: var(--color-brand-600)`. */
export interface Token {
  name: string;
  value: string;
}

/** The declarations of the first block whose selector matches `selector` (`@theme`, `:root`). */
export function blockTokens(css: string, selector: string): Token[] {
  const source = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const start = source.search(new RegExp(`(^|\\n)${escape(selector)}\\s*\\{`));
  if (start < 0) return [];
  const open = source.indexOf('{', start);
  const close = source.indexOf('}', open);
  const body = source.slice(open + 1, close);
  return [...body.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => ({
    name: name!,
    value: value!.trim(),
  }));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Tokens of `block` whose name starts with `prefix`. */
export const withPrefix = (tokens: Token[], prefix: string) =>
  tokens.filter((token) => token.name.startsWith(prefix));

/** The design system's tokens, parsed from theme.css. */
export function parseTheme(css: string) {
  const theme = blockTokens(css, '@theme');
  return {
    brand: withPrefix(theme, '--color-brand-'),
    text: withPrefix(theme, '--text-'),
    radius: withPrefix(theme, '--radius-'),
    shadow: withPrefix(theme, '--shadow-'),
    fonts: withPrefix(theme, '--font-'),
    light: blockTokens(css, ':root'),
    dark: blockTokens(css, '.dark'),
  };
}

export type Rgb = [number, number, number];

/** WCAG 2.2 relative luminance of an sRGB colour (0–255 channels). */
export function luminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2.2 contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/**
 * The pairs the contrast table checks: each `-foreground` role on its own role, and the text
 * roles on the page and surfaces.
 */
export function contrastPairs(names: string[]): [foreground: string, background: string][] {
  const pairs: [string, string][] = [];
  for (const name of names) {
    if (!name.endsWith('-foreground')) continue;
    const base = name.slice(0, -'-foreground'.length);
    if (base === '--muted') {
      pairs.push([name, '--background'], [name, '--surface'], [name, '--muted']);
    } else if (names.includes(base)) {
      pairs.push([name, base]);
    }
  }
  if (names.includes('--foreground')) {
    pairs.unshift(['--foreground', '--background'], ['--foreground', '--surface-raised']);
  }
  return pairs;
}
