import * as Lucide from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import themeCss from '../theme.css?raw';
import { contrastPairs, contrastRatio, parseTheme, type Rgb, type Token } from './tokens.ts';

/*
 * The Foundations pages' blocks (docs/storybook.md#foundations). Everything shown comes from
 * theme.css as the build read it, and from the sources of packages/ui for the icons. Inline
 * styles only: these pages are documentation, and their classes must not reach the app's CSS.
 */

const theme = parseTheme(themeCss);

const cell: CSSProperties = {
  padding: '6px 10px',
  borderBottom: '1px solid #e2e8f0',
  textAlign: 'left',
  verticalAlign: 'middle',
};
const code: CSSProperties = { fontFamily: 'ui-monospace, monospace', fontSize: 12 };

function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 14 }}>
      <thead>
        <tr>
          {head.map((title) => (
            <th key={title} style={{ ...cell, fontWeight: 600 }}>
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A token's value with every `var(--x)` replaced by what the page's stylesheet defines. */
function resolve(value: string, depth = 0): string {
  if (depth > 5) return value;
  return value.replace(/var\((--[\w-]+)\)/g, (_, name: string) => {
    const own = [...theme.light].find((token) => token.name === name)?.value;
    const defined = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
    return resolve(own ?? defined, depth + 1);
  });
}

let canvas: CanvasRenderingContext2D | null = null;

/** A CSS colour as 8-bit sRGB, as the browser paints it. */
function toRgb(color: string): Rgb {
  canvas ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!canvas) return [0, 0, 0];
  canvas.clearRect(0, 0, 1, 1);
  canvas.fillStyle = '#000';
  canvas.fillStyle = color;
  canvas.fillRect(0, 0, 1, 1);
  const [r = 0, g = 0, b = 0] = canvas.getImageData(0, 0, 1, 1).data;
  return [r, g, b];
}

const hex = ([r, g, b]: Rgb) =>
  `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

function Swatch({ color, label }: { color: string; label?: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <span
        aria-hidden
        style={{
          width: 28,
          height: 28,
          borderRadius: 6,
          background: color,
          border: '1px solid rgb(0 0 0 / 0.12)',
          flex: 'none',
        }}
      />
      {label ? <span style={code}>{label}</span> : null}
    </span>
  );
}

/** The brand scale of `@theme`, 50 to 950. */
export function BrandScale() {
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(90px, 1fr))',
        gap: 12,
      }}
    >
      {theme.brand.map((token) => (
        <figure key={token.name} style={{ margin: 0 }}>
          <div style={{ height: 56, borderRadius: 8, background: token.value }} />
          <figcaption style={{ ...code, marginTop: 4 }}>
            {token.name.replace('--color-', '')}
            <br />
            {hex(toRgb(token.value))}
          </figcaption>
        </figure>
      ))}
    </div>
  );
}

const valueOf = (tokens: Token[], name: string) => tokens.find((t) => t.name === name)?.value;

/** Every semantic colour role in light and dark, with what it resolves to. */
export function ColorRoles() {
  return (
    <Table head={['Role', 'Light', 'Dark']}>
      {theme.light
        .filter((token) => token.name !== 'color-scheme')
        .map(({ name, value }) => {
          const dark = valueOf(theme.dark, name) ?? value;
          const light = resolve(value);
          const darkValue = resolve(dark);
          return (
            <tr key={name}>
              <td style={{ ...cell, ...code }}>{name}</td>
              <td style={cell}>
                <Swatch color={light} label={`${value} · ${hex(toRgb(light))}`} />
              </td>
              <td style={cell}>
                <Swatch color={darkValue} label={`${dark} · ${hex(toRgb(darkValue))}`} />
              </td>
            </tr>
          );
        })}
    </Table>
  );
}

function Ratio({ foreground, background }: { foreground: string; background: string }) {
  const ratio = contrastRatio(toRgb(foreground), toRgb(background));
  const passes = ratio >= 4.5;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <span
        style={{
          background,
          color: foreground,
          padding: '2px 8px',
          borderRadius: 4,
          border: '1px solid rgb(0 0 0 / 0.12)',
        }}
      >
        Aa
      </span>
      <span style={code}>
        {ratio.toFixed(2)}:1 {passes ? 'AA' : ratio >= 3 ? 'AA large only' : 'fails'}
      </span>
    </span>
  );
}

/** WCAG contrast of each text role on its background, light and dark. */
export function ContrastTable() {
  const names = theme.light.map((token) => token.name);
  const resolved = (tokens: Token[], name: string) =>
    resolve(valueOf(tokens, name) ?? valueOf(theme.light, name) ?? 'transparent');
  return (
    <Table head={['Text', 'On', 'Light', 'Dark']}>
      {contrastPairs(names).map(([foreground, background]) => (
        <tr key={`${foreground} ${background}`}>
          <td style={{ ...cell, ...code }}>{foreground}</td>
          <td style={{ ...cell, ...code }}>{background}</td>
          <td style={cell}>
            <Ratio
              foreground={resolved(theme.light, foreground)}
              background={resolved(theme.light, background)}
            />
          </td>
          <td style={cell}>
            <Ratio
              foreground={resolved(theme.dark, foreground)}
              background={resolved(theme.dark, background)}
            />
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** The type scale of `@theme`, each size set in the product's font. */
export function TypeScale() {
  return (
    <Table head={['Token', 'Size', 'Sample']}>
      {theme.text.map(({ name, value }) => (
        <tr key={name}>
          <td style={{ ...cell, ...code }}>{name}</td>
          <td style={{ ...cell, ...code }}>{value}</td>
          <td style={{ ...cell, fontFamily: 'var(--font-sans)', fontSize: value }}>
            Protokoll der Sitzung
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** The font families of `@theme`. */
export function Fonts() {
  return (
    <Table head={['Token', 'Stack', 'Sample']}>
      {theme.fonts.map(({ name, value }) => (
        <tr key={name}>
          <td style={{ ...cell, ...code }}>{name}</td>
          <td style={{ ...cell, ...code }}>{value}</td>
          <td style={{ ...cell, fontFamily: value, fontSize: 18 }}>
            Äußerst präzise Übersicht 0123
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** Steps of Tailwind's spacing scale the screens use, from the `--spacing` unit. */
const SPACING_STEPS = [0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 16];

/** The spacing scale: multiples of the `--spacing` unit the stylesheet defines. */
export function SpacingScale() {
  const unit = getComputedStyle(document.documentElement).getPropertyValue('--spacing').trim();
  return (
    <Table head={['Class step', 'Size', 'Sample']}>
      {SPACING_STEPS.map((step) => (
        <tr key={step}>
          <td style={{ ...cell, ...code }}>{`p-${step} / gap-${step}`}</td>
          <td style={{ ...cell, ...code }}>{`${step} × ${unit || '0.25rem'}`}</td>
          <td style={cell}>
            <span
              style={{
                display: 'block',
                height: 12,
                width: `calc(${step} * ${unit || '0.25rem'})`,
                background: 'var(--primary)',
                borderRadius: 2,
              }}
            />
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** The radii of `@theme`. */
export function Radii() {
  return (
    <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
      {theme.radius.map(({ name, value }) => (
        <figure key={name} style={{ margin: 0 }}>
          <div
            style={{
              width: 96,
              height: 64,
              borderRadius: value,
              border: '2px solid var(--primary)',
            }}
          />
          <figcaption style={{ ...code, marginTop: 4 }}>
            {name} · {value}
          </figcaption>
        </figure>
      ))}
    </div>
  );
}

/** The shadows of `@theme`. */
export function Shadows() {
  return (
    <div style={{ display: 'flex', gap: 32, flexWrap: 'wrap', padding: 16 }}>
      {theme.shadow.map(({ name, value }) => (
        <figure key={name} style={{ margin: 0 }}>
          <div
            style={{
              width: 120,
              height: 72,
              borderRadius: 8,
              background: 'var(--surface)',
              boxShadow: value,
            }}
          />
          <figcaption style={{ ...code, marginTop: 8 }}>{name}</figcaption>
        </figure>
      ))}
    </div>
  );
}

/** The sources of packages/ui, read at build time for the icons they import. */
const sources = import.meta.glob(['../**/*.tsx', '!../**/*.stories.tsx', '!../docs/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** Every lucide icon the design system imports, by name, with the files using it. */
export function usedIcons(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const [file, text] of Object.entries(sources)) {
    for (const [, names] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'lucide-react'/g)) {
      for (const raw of names!.split(',')) {
        const name = raw
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!;
        if (!name || name.endsWith('Props') || name === 'LucideIcon') continue;
        used.set(name, [...(used.get(name) ?? []), file.replace(/^\.\.\//, '')]);
      }
    }
  }
  return new Map([...used].sort(([a], [b]) => a.localeCompare(b)));
}

const icons = Lucide as unknown as Record<string, Lucide.LucideIcon | undefined>;

/** The icons in use (lucide-react), each with where it is used. */
export function Icons() {
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
        gap: 12,
      }}
    >
      {[...usedIcons()].map(([name, files]) => {
        const Icon = icons[name];
        return (
          <figure
            key={name}
            title={files.join('\n')}
            style={{ margin: 0, padding: 12, border: '1px solid #e2e8f0', borderRadius: 8 }}
          >
            {Icon ? <Icon aria-hidden size={24} /> : null}
            <figcaption style={{ ...code, marginTop: 6 }}>{name}</figcaption>
            <span style={{ ...code, color: '#64748b' }}>
              {files.length} {files.length === 1 ? 'file' : 'files'}
            </span>
          </figure>
        );
      })}
    </div>
  );
}
