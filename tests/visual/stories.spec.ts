import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';

/**
 * Every story in the built Storybook, screenshotted after its play function ran, and compared
 * pixel for pixel with the committed baseline. Story ids are public API: renaming one breaks
 * its baseline on purpose. Export names containing "Mobile"/"Tablet" get that viewport,
 * names containing "Dark" the dark theme.
 */
interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
}

const index = JSON.parse(readFileSync('storybook-static/index.json', 'utf8')) as {
  entries: Record<string, IndexEntry>;
};
const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');

function viewportFor(story: IndexEntry) {
  if (/mobile/i.test(story.id)) return { width: 375, height: 740 };
  if (/tablet/i.test(story.id)) return { width: 834, height: 1112 };
  return { width: 1280, height: 800 };
}

async function waitForStory(page: Page) {
  await page.waitForFunction(() => {
    const preview = (window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } })
      .__STORYBOOK_PREVIEW__;
    const phase = preview?.currentRender?.phase;
    return phase === 'completed' || phase === 'finished' || phase === 'errored';
  });
  const phase = await page.evaluate(
    () => (window as unknown as { __STORYBOOK_PREVIEW__: { currentRender: { phase: string } } }).__STORYBOOK_PREVIEW__.currentRender.phase,
  );
  expect(phase, 'story rendered without error').not.toBe('errored');
  await page.evaluate(() => document.fonts.ready);
}

for (const story of stories) {
  test(`${story.title} › ${story.name}`, async ({ page }) => {
    await page.setViewportSize(viewportFor(story));
    const theme = /dark/i.test(story.id) ? '&globals=theme:dark' : '';
    await page.goto(`/iframe.html?id=${story.id}&viewMode=story${theme}`);
    await waitForStory(page);
    await expect(page).toHaveScreenshot(`${story.id}.png`, { fullPage: true });
  });
}

test('axe finds no violations in the dark theme of every Catalog story', async ({ page }) => {
  for (const story of stories.filter((s) => s.name === 'Catalog')) {
    await page.goto(`/iframe.html?id=${story.id}&viewMode=story&globals=theme:dark`);
    await waitForStory(page);
    const results = await new AxeBuilder({ page }).include('#storybook-root').analyze();
    expect(results.violations.map((v) => `${story.id}: ${v.id}`)).toEqual([]);
  }
});
