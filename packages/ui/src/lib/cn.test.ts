// @vitest-environment node
import { twMerge as fullTwMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain Node script without types
import { classCandidates, generate } from '../../scripts/tw-merge-config.mjs';
import { readFileSync } from 'node:fs';
import { cn } from './cn.ts';

describe('cn', () => {
  it('uses a generated config that matches the sources (run packages/ui/scripts/tw-merge-config.mjs)', () => {
    const committed = readFileSync(
      new URL('./tw-merge-config.generated.ts', import.meta.url),
      'utf8',
    );
    expect(committed).toBe(generate());
  });

  it('lets the later class of a group win, as the full tailwind-merge does', () => {
    const cases = [
      'h-10 px-4 h-8 px-3',
      'text-lg leading-tight text-2xl',
      'px-6 px-0 sm:px-8',
      'border border-border bg-surface py-6 shadow-xs border-0 bg-transparent py-0 shadow-none',
      'text-sm text-muted-foreground text-base sm:text-sm',
      'rounded-md rounded-full',
      'min-w-48 min-w-40',
      'max-w-(--radix-dropdown-menu-content-available-width) max-w-72',
      'top-1/2 left-1/2 -translate-x-1/2 p-6 inset-0 p-4',
      'border-transparent border-border bg-muted',
      'gap-6 gap-5 border-primary/30 bg-accent/40',
      '[&_svg]:size-4 [&_svg]:size-5 h-12 px-6',
      'inline-flex py-2 text-sm flex py-3 text-base',
      'font-medium grid gap-0.5 font-normal',
    ];
    for (const classes of cases) expect(cn(classes), classes).toBe(fullTwMerge(classes));
  });

  it('merges every pair of class names in our sources exactly like the full tailwind-merge', () => {
    const words: string[] = classCandidates().filter((word: string) => /^[!-]?[a-z[]/.test(word));
    let checked = 0;
    for (let i = 0; i < words.length; i++) {
      // Each word against its neighbours in sorted order: same prefixes, the likely conflicts.
      for (let j = Math.max(0, i - 6); j < Math.min(words.length, i + 6); j++) {
        const classes = `${words[i]} ${words[j]}`;
        expect(cn(classes), classes).toBe(fullTwMerge(classes));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
