import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

/**
 * Every story in the built Storybook, screenshotted after its play function ran, and compared
 * pixel for pixel with the committed baseline. Story ids are public API: renaming one breaks
 * its baseline on purpose. Ids containing "mobile"/"tablet" get that viewport. One page per
 * worker switches stories through Storybook's channel instead of reloading the preview each time.
 * The tests are independent: a failed screenshot ends its worker, and Playwright goes on with
 * the next story in a fresh one (no serial mode, which would skip every later story).
 */
interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
  tags?: string[];
}

interface PreviewWindow {
  __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string; phase?: string } };
  __STORYBOOK_ADDONS_CHANNEL__?: { emit: (event: string, payload: unknown) => void };
}

const index = JSON.parse(readFileSync('storybook-static/index.json', 'utf8')) as {
  entries: Record<string, IndexEntry>;
};
// `no-visual`: stories whose pixels the browser does not hold still (native media controls
// painting a seek in flight); their behaviour is still tested by their play functions.
const stories = Object.values(index.entries).filter(
  (entry) => entry.type === 'story' && !entry.tags?.includes('no-visual'),
);

function viewportFor(id: string) {
  if (/mobile/i.test(id)) return { width: 375, height: 740 };
  if (/tablet/i.test(id)) return { width: 834, height: 1112 };
  return { width: 1280, height: 800 };
}

/** The worker's one Storybook page, opened on the first story. */
const test = base.extend<object, { storyPage: Page }>({
  storyPage: [
    async ({ browser }, use, workerInfo) => {
      // axe needs a page from an explicit context; the base URL comes from the project.
      const context = await browser.newContext({
        baseURL: workerInfo.project.use.baseURL,
      });
      const storyPage = await context.newPage();
      await storyPage.goto(`/iframe.html?id=${stories[0]!.id}&viewMode=story`);
      await waitForStory(storyPage, stories[0]!.id);
      await use(storyPage);
      await context.close();
    },
    { scope: 'worker' },
  ],
});

async function waitForStory(page: Page, id: string) {
  await page.waitForFunction((storyId) => {
    const render = (window as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender;
    return (
      render?.id === storyId &&
      (render.phase === 'completed' || render.phase === 'finished' || render.phase === 'errored')
    );
  }, id);
  const phase = await page.evaluate(
    () => (window as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender?.phase,
  );
  expect(phase, `${id} rendered without error`).not.toBe('errored');
  await page.evaluate(() => document.fonts.ready);
}

async function showStory(page: Page, id: string, theme: 'light' | 'dark' = 'light') {
  await page.setViewportSize(viewportFor(id));
  await page.evaluate(
    ({ storyId, theme }) => {
      const channel = (window as PreviewWindow).__STORYBOOK_ADDONS_CHANNEL__!;
      channel.emit('updateGlobals', { globals: { theme } });
      channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
    },
    { storyId: id, theme },
  );
  await waitForStory(page, id);
}

for (const story of stories) {
  test(`${story.title} › ${story.name}`, async ({ storyPage: page }) => {
    await showStory(page, story.id);
    await expect(page).toHaveScreenshot(`${story.id}.png`, { fullPage: true });
  });
}

test('axe finds no violations in the dark theme of every Catalog story', async ({
  storyPage: page,
}) => {
  test.setTimeout(120_000);
  const violations: string[] = [];
  for (const story of stories.filter((s) => s.name === 'Catalog')) {
    await showStory(page, story.id, 'dark');
    const results = await new AxeBuilder({ page }).include('#storybook-root').analyze();
    violations.push(...results.violations.map((v) => `${story.id}: ${v.id}`));
  }
  await showStory(page, stories[0]!.id, 'light');
  expect(violations).toEqual([]);
});
