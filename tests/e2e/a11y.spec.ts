import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated, signUpInUi, uniqueEmail } from './support/accounts.ts';
import { seedNote } from './support/notes.ts';

// The axe sweep of the built app: every screen a person reaches, in the light and in the dark
// theme (docs/architecture.md#colour-theme), with the WCAG 2.1 A and AA rules.

const PUBLIC_PAGES = ['/', '/login', '/en/register', '/forgot-password', '/agb'];
const SIGNED_IN_PAGES = [
  '/dashboard',
  '/protocol',
  '/notes',
  '/saved-notes',
  '/support',
  '/team',
  '/buy',
  '/settings/profile',
  '/en/settings/subscription',
];

async function violationsOf(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Loaded data, not skeletons: nothing of the page is still busy.
  await expect(page.locator('[aria-busy=true], [data-slot=skeleton]')).toHaveCount(0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map(
    (violation) =>
      `${path}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`the ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('axe finds no violations on the app screens', async ({ page, request }) => {
      test.setTimeout(240_000);
      const violations: string[] = [];
      for (const path of PUBLIC_PAGES) violations.push(...(await violationsOf(page, path)));

      await signUpInUi(page, 'de', {
        email: uniqueEmail(`axe-${colorScheme}`),
        password: 'Axe-Pruefung-21',
      });
      await expect(page.locator('html')).toHaveClass(
        colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
      );
      const note = await seedNote(page, request, { name: 'Barrierefreiheit' });
      for (const path of [...SIGNED_IN_PAGES, `/notes?note=${note.id}`]) {
        violations.push(...(await violationsOf(page, path)));
      }

      // The open user menu with its language link and theme choice.
      await gotoHydrated(page, '/dashboard');
      await page.getByRole('button', { name: /Benutzermenü für/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      const menu = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      violations.push(...menu.violations.map((violation) => `user menu: ${violation.id}`));

      expect(violations).toEqual([]);
    });
  });
}
