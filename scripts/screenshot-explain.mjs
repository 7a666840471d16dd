// Screenshots of the explain panel open (docs/explain.md), at phone and desktop width, light and dark:
// for each listed demo instance, its first explainable table cell is clicked and the demo with its
// panel is captured, to look at what a learner sees.
//   node scripts/screenshot-explain.mjs [out-dir] [page instance ...]
//   node scripts/screenshot-explain.mjs /tmp/shots attention/ causal block/ stack
import fs from 'node:fs';
import path from 'node:path';
import { serveFolder } from '../tests/support/server.mjs';
import { launchChromium, openPage } from '../tests/support/browser.mjs';

const [out = '/tmp/screenshots', ...pairs] = process.argv.slice(2);
const targets = [];
for (let k = 0; k + 1 < pairs.length; k += 2) targets.push([pairs[k], pairs[k + 1]]);
if (!targets.length) targets.push(['attention/', 'causal'], ['attention/', 'heads'], ['block/', 'stack']);
const VIEWPORTS = [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]];
fs.mkdirSync(out, { recursive: true });
const server = await serveFolder('site');
const browser = await launchChromium();
try {
  for (const [relative, instance] of targets) {
    for (const [name, viewport] of VIEWPORTS) {
      for (const scheme of ['light', 'dark']) {
        const { page, problems } = await openPage(browser.context, `${server.url}${relative}`, viewport);
        await page.emulateMedia({ colorScheme: scheme });
        const demo = page.locator(`.demo[data-instance="${instance}"]`);
        const target = demo.locator('td.explainable:visible, [data-num].explainable:visible').first(); // not one in a closed table
        const opened = (await target.count()) > 0;
        if (opened) {
          await target.click();
          await demo.locator('.explain-panel[data-state]:not([data-state="loading"])').waitFor();
        }
        const file = path.join(out, `${relative.replace(/\W/g, '')}-${instance}-${name}-${scheme}.png`);
        await demo.screenshot({ path: file });
        console.log(file, opened ? '' : '(nothing explainable)', problems.length ? `PROBLEMS: ${problems.join(' | ')}` : '(no console errors)');
        await page.close();
      }
    }
  }
} finally {
  await browser.close();
  server.close();
}
