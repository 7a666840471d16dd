// Any demos on any page (issue 24, item 4): a lesson may use demos of several lessons with no edit of
// web/modules.json and no WebAssembly build. The fixture lesson (tests/fixtures/mixed-lessons/mixed/, never
// shipped) mixes a demo of the attention lesson with one of the block lesson; the test builds it into a
// scratch site with the real build, and the page loads the two modules that hold its demos.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { buildLessons } from '../support/site-build.mjs';
import { serveFolder } from '../support/server.mjs';
import { launchChromium, openPage } from '../support/browser.mjs';
import { declaredModules } from '../../scripts/core-modules.mjs';
import { nativeCore, ROOT } from '../support/core.mjs';
import { demo } from '../support/site.mjs';

const FIXTURE = 'tests/fixtures/mixed-lessons';
const nativePrinted = (id, params) => nativeCore.run(id, params).result.printed.join('\n').trim();
const shown = async (page, instance) => (await demo(page, instance).locator('pre.printed').first().textContent()).trim();
const MIXED = ['worked_example', 'block_residual'];  // of the attention and the block lesson

let built;
let server;
let browser;
before(async () => {
  built = buildLessons(FIXTURE);
  if (built.status === 0) server = await serveFolder(built.site);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  server?.close();
  if (built) fs.rmSync(built.site, { recursive: true, force: true });
});

test('mixed demos: no module of web/modules.json holds both the attention and the block lesson\'s demos', () => {
  const both = [...declaredModules()].filter(([, m]) => m.lessons.includes('attention') && m.lessons.includes('block'));
  assert.deepEqual(both, [], 'the lesson below must build without such a module');
});

test('mixed demos: a lesson using attention and block demos builds, and its page names both modules', () => {
  assert.equal(built.status, 0, built.stderr);
  const page = fs.readFileSync(path.join(built.site, 'mixed/index.html'), 'utf8');
  assert.match(page, /<main id="lesson" data-core="attention block"/);
  for (const name of ['attention', 'block']) assert.match(page, new RegExp(`<link rel="preload" href="../assets/core-${name}.wasm"`));
  // An embed page loads only the module of its own demo.
  assert.match(fs.readFileSync(path.join(built.site, 'mixed/embed-residual.html'), 'utf8'), /data-core="block"/);
  assert.match(fs.readFileSync(path.join(built.site, 'mixed/embed-worked.html'), 'utf8'), /data-core="attention"/);
});

test('mixed demos: each demo computes in the page as the native core does, at its preset and after a change', async () => {
  const requests = [];
  browser.context.on('request', (r) => { if (/\/core-[\w-]+\.(js|wasm)$/.test(r.url())) requests.push(r.url().replace(/.*\//, '')); });
  const { page, problems } = await openPage(browser.context, `${server.url}mixed/`);
  assert.deepEqual(requests.sort(), ['core-attention.js', 'core-attention.wasm', 'core-block.js', 'core-block.wasm'], 'each module fetched once');
  assert.equal(await shown(page, 'worked'), nativePrinted('worked_example', {}));
  assert.equal(await shown(page, 'residual'), nativePrinted('block_residual', { residual: false }));
  // The build filled each number from the native core; the page keeps it in step from its own module.
  const number = page.locator('[data-num="residual.row0_output"]');
  const atPreset = await number.textContent();
  await demo(page, 'residual').getByLabel('Add the input back').check();
  await page.waitForFunction((before) => document.querySelector('[data-num="residual.row0_output"]').textContent !== before, atPreset);
  assert.equal(await shown(page, 'residual'), nativePrinted('block_residual', { residual: true }));
  // Each demo explains its numbers, from the explain module of its own lesson, loaded on the first click.
  for (const instance of ['worked', 'residual']) {
    await demo(page, instance).locator('td.explainable').first().click();
    await demo(page, instance).locator('.explain-panel[data-state="shown"]:not([hidden]) .explain-result').waitFor();
  }
  assert.deepEqual(requests.filter((r) => r.includes('-explain')).sort(),
    ['core-attention-explain.js', 'core-attention-explain.wasm', 'core-block-explain.js', 'core-block-explain.wasm']);
  assert.deepEqual(problems, []);
  await page.close();
});
