import type { Page } from '@playwright/test';

/**
 * Every console error or warning and every uncaught error of the page from now on: a hydration
 * that did not match its markup is one of them.
 */
export function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
