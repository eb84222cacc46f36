import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { twMergeConfig } from './tw-merge-config.generated.ts';

/*
 * tailwind-merge with its default config cut down to the class groups this code base uses
 * (packages/ui/scripts/tw-merge-config.mjs): the same merges at a third of the weight, for the
 * sign-in page's JavaScript budget (scripts/check-bundle-budget.mjs). A test fails when the
 * generated config falls out of date.
 */
const twMerge = createTailwindMerge(() => ({ cacheSize: 500, ...twMergeConfig }));

/** Joins class names and lets later Tailwind classes (the caller's `className`) win. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
