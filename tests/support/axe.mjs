// axe-core (npm) put into a page. Evaluated through the browser's protocol rather than added as a
// <script>: the site's Content-Security-Policy allows no inline script, and the tests run under it.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const AXE_SOURCE = fs.readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js'), 'utf8');

/** Makes window.axe available in the page (once). */
export async function injectAxe(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
}
