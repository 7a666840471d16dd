// temporary: screenshots of what the offline branch changed (not committed)
import fs from 'node:fs';
import { serveFolder } from '../tests/support/server.mjs';
import { launchChromium, openPage } from '../tests/support/browser.mjs';
const out = '/tmp/offline-shots';
const server = await serveFolder('site');
const browser = await launchChromium({ serviceWorkers: 'allow' });
try {
  for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    for (const scheme of ['light', 'dark']) {
      const { page, problems } = await openPage(browser.context, `${server.url}table/`, viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await page.locator('.offline-note').waitFor({ timeout: 30000 });
      await page.locator('.demo[data-instance="lab"] button.reset').focus();
      for (let k = 0; k < 10; ++k) { await page.keyboard.press('Tab'); if (await page.evaluate(() => !!document.activeElement.closest('svg.table-top'))) break; }
      await page.keyboard.press('ArrowRight'); await page.keyboard.press('n');
      await page.waitForTimeout(300);
      await page.locator('figure.table-lab').screenshot({ path: `${out}/lab-${name}-${scheme}.png` });
      await page.locator('figure.table-attention').screenshot({ path: `${out}/layers-${name}-${scheme}.png` });
      await page.locator('footer.site').screenshot({ path: `${out}/footer-${name}-${scheme}.png` });
      console.log(name, scheme, problems, await page.locator('.demo[data-instance="lab"] .announce').textContent());
      await page.close();
      const r = await openPage(browser.context, `${server.url}robot/`, viewport);
      await r.page.emulateMedia({ colorScheme: scheme });
      await r.page.locator('.robot').focus(); await r.page.keyboard.press('ArrowLeft'); await r.page.waitForTimeout(300);
      await r.page.locator('figure.bugbot').screenshot({ path: `${out}/robot-${name}-${scheme}.png` });
      await r.page.close();
    }
  }
} finally { await browser.close(); server.close(); }
