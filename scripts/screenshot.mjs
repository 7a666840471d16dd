// Full-page screenshots of the list of lessons and every lesson, at desktop and
// phone width, in the light and the dark theme (as the system setting), and as
// printed, to look at what a learner sees:
//   node scripts/screenshot.mjs [out-dir] [query-string] [--open]
// ATTN_SHOT_PAGES=attention-fr,index: only those pages (index: the list of lessons).
// --open: every panel (<details>) opened first, as a learner who opened them all sees the page.
import fs from 'node:fs';
import path from 'node:path';
import { serveFolder } from '../tests/support/server.mjs';
import { launchChromium, openPage } from '../tests/support/browser.mjs';

const args = process.argv.slice(2).filter((a) => a !== '--open');
const openPanels = process.argv.includes('--open');
const out = args[0] ?? '/tmp/screenshots';
const query = args[1] ?? '';
const VIEWPORTS = [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]];
const LOOKS = [['light', { colorScheme: 'light' }], ['dark', { colorScheme: 'dark' }], ['print', { media: 'print' }]];
fs.mkdirSync(out, { recursive: true });
const server = await serveFolder('site');
const browser = await launchChromium();
try {
  const lessons = fs.readdirSync('site').filter((d) => fs.existsSync(path.join('site', d, 'index.html')));
  const only = process.env.ATTN_SHOT_PAGES?.split(',');
  for (const slug of ['', ...lessons].filter((s) => !only || only.includes(s || 'index'))) {
    for (const [name, viewport] of VIEWPORTS) {
      for (const [look, media] of LOOKS) {
        if (look === 'print' && name === 'phone') continue; // a printed page has one width
        const { page, problems } = await openPage(browser.context, `${server.url}${slug ? `${slug}/` : ''}${query}`, viewport);
        await page.emulateMedia(media);
        if (openPanels) {
          await page.evaluate(() => document.querySelectorAll('details:not([open]) > summary').forEach((s) => s.click()));
          await page.waitForLoadState('networkidle');
        }
        const file = path.join(out, `${slug || 'index'}-${name}-${look}${openPanels ? '-open' : ''}.png`);
        await page.screenshot({ path: file, fullPage: true, timeout: 180_000 }); // the table page with every panel open is tall
        console.log(file, problems.length ? `PROBLEMS: ${problems.join(' | ')}` : '(no console errors)');
        await page.close();
      }
    }
  }
} finally {
  await browser.close();
  server.close();
}
