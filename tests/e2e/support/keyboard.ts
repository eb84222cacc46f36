import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab (or Shift+Tab, `back`) until `target` has the focus: a keyboard user's way there. */
export async function tabTo(page: Page, target: Locator, back = false, max = 120) {
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}
