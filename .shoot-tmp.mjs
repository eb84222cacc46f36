import { chromium } from 'playwright';
const shots = JSON.parse(process.argv[2]);
const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium', args: ['--no-sandbox','--disable-gpu','--disable-dev-shm-usage'] });
for (const s of shots) {
  const [w, h] = s.size ?? [1280, 800];
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  const g = s.globals ? `&globals=${s.globals}` : '';
  await page.goto(`http://localhost:6107/iframe.html?id=${s.id}&viewMode=story${g}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(s.wait ?? 3000);
  if (s.click) { await page.getByRole('button', { name: s.click }).click(); await page.waitForTimeout(500); }
  if (s.tab) { await page.keyboard.press('Tab'); await page.waitForTimeout(200); }
  await page.screenshot({ path: `/tmp/shots/${s.name}.png`, fullPage: s.full ?? true });
  await page.close();
}
await browser.close();
