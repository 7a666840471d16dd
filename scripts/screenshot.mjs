// Full-page screenshots of every lesson, at desktop and phone width, to look at
// what a learner sees:  node scripts/screenshot.mjs [out-dir] [query-string]
import fs from 'node:fs';
import path from 'node:path';
import { serveFolder } from '../tests/support/server.mjs';
import { launchChromium, openPage } from '../tests/support/browser.mjs';

const out = process.argv[2] ?? '/tmp/screenshots';
const query = process.argv[3] ?? '';
fs.mkdirSync(out, { recursive: true });
const server = await serveFolder('site');
const browser = await launchChromium();
try {
  const lessons = fs.readdirSync('site').filter((d) => fs.existsSync(path.join('site', d, 'index.html')));
  for (const slug of lessons) {
    for (const [name, viewport] of [['desktop', { width: 1100, height: 900 }], ['phone', { width: 390, height: 800 }]]) {
      const { page, problems } = await openPage(browser.context, `${server.url}${slug}/${query}`, viewport);
      const file = path.join(out, `${slug}-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file, problems.length ? `PROBLEMS: ${problems.join(' | ')}` : '(no console errors)');
      await page.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
