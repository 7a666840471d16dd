// Each page loads only its own WebAssembly module (web/modules.json): the one the build chose for it,
// fetched once (the <head>'s preload is the request the loader uses), compiled as it arrives, and holding
// every demo the page shows. An embed page loads its lesson's module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { builtLessons, useSite } from '../support/site.mjs';
import { ROOT } from '../support/core.mjs';
import { openPage } from '../support/browser.mjs';

const site = useSite();
const SITE = path.join(ROOT, 'site');
const lessons = builtLessons(); // not the class page, which has no demo
const firstEmbed = (slug) => fs.readdirSync(path.join(SITE, slug)).find((f) => f.startsWith('embed-'));
const pages = lessons.flatMap((slug) => [`${slug}/`, `${slug}/${firstEmbed(slug)}`]);

/** Opens a page recording every request for a module's files, with each request's and response's details. */
async function openCounting(relative) {
  const requests = [];
  const listen = (page) => page.on('request', (r) => { if (/\/core-[\w-]+\.(js|wasm)$/.test(r.url())) requests.push(r); });
  site.browser.context.on('page', listen);
  try {
    const opened = await openPage(site.browser.context, `${site.server.url}${relative}`);
    return { ...opened, requests };
  } finally {
    site.browser.context.off('page', listen);
  }
}

for (const relative of pages) {
  test(`modules: ${relative} fetches its own module's two files once each and no other module`, async () => {
    const { page, problems, requests } = await openCounting(relative);
    // One module, or for a page mixing lessons' demos the module of each (docs/lesson-format.md).
    const names = (await page.evaluate(() => document.querySelector('main').dataset.core)).split(' ').filter(Boolean);
    assert.ok(names.length, 'the page names its module');
    assert.deepEqual(requests.map((r) => r.url().replace(/.*\//, '')).sort(), names.flatMap((n) => [`core-${n}.js`, `core-${n}.wasm`]).sort());
    assert.deepEqual(problems, [], 'no console error or warning (an unused or refetched preload is a warning)');
    await page.close();
  });

  test(`modules: every demo on ${relative} is in the module it loads`, async () => {
    const { page } = await openCounting(relative);
    const missing = await page.evaluate(() => [...document.querySelectorAll('.demo[data-demo]')]
      .map((d) => d.dataset.demo).filter((id) => !window.attnLesson.core.demos.has(id)));
    assert.deepEqual(missing, []);
    assert.ok(await page.locator('.demo.ready').count() > 0, 'its demos are live');
    await page.close();
  });
}

test('modules: the loader compiles the module while it downloads, from the preloaded response', async () => {
  const { page, problems } = await openCounting('attention/');
  // Emscripten's loader warns "wasm streaming compile failed" and "falling back to ArrayBuffer
  // instantiation" when the server's type is not application/wasm; openPage records warnings.
  const wasm = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.wasm'))
    .map((e) => ({ name: e.name.replace(/.*\//, ''), initiator: e.initiatorType })));
  assert.deepEqual(problems, [], `console: ${JSON.stringify(problems)}; .wasm requests: ${JSON.stringify(wasm)}`);
  assert.deepEqual(wasm, [{ name: 'core-attention.wasm', initiator: 'link' }], 'one request, made by the preload');
  await page.close();
});
