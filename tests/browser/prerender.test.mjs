// Readable before the module arrives (issue 14): every demo's output at its preset is
// in the page as built (scripts/prerender.mjs), equal to what the module computes there,
// and the live demo takes over when the module is ready.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../support/core.mjs';
import { builtLessons, useSite } from '../support/site.mjs';
import { heatMapsAsDrawn, sameMaps } from '../support/heat-maps.mjs';

const site = useSite();
const PAGES = builtLessons();
const MODULE = '**/core-*.wasm';

/** What each demo shows that a reader reads: printed lines, table and chart-data text, live numbers. */
const readable = (page) => page.evaluate(() => ({
  demos: [...document.querySelectorAll('.demo[data-demo]')].map((d) => ({
    instance: d.dataset.instance || d.dataset.demo,
    printed: d.querySelector('pre.printed')?.textContent ?? null,
    tables: [...d.querySelectorAll('.output table')].map((t) => t.textContent),
  })),
  numbers: [...document.querySelectorAll('[data-num]')].map((n) => n.textContent),
}));

/** Opens `slug` with the module's request held (never answered) or refused; records console errors. */
async function openWithoutModule(slug, how) {
  const page = await site.browser.context.newPage();
  const errors = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(`exception: ${err.message}`));
  await page.route(MODULE, (route) => (how === 'refused' ? route.abort() : undefined)); // held: never continued
  await page.goto(`${site.server.url}${slug}/`, { waitUntil: 'domcontentloaded' });
  return { page, errors };
}

for (const slug of PAGES) {
  test(`prerender: ${slug} shows every demo's preset output while the module is still loading`, async () => {
    const { page, errors } = await openWithoutModule(slug, 'held');
    const shown = await readable(page);
    for (const d of shown.demos) {
      assert.ok(d.printed?.trim() || d.tables.length, `${d.instance}: prints or tabulates its preset`);
    }
    assert.equal(await page.locator('.demo.prerendered:not(.ready) .controls :disabled').count() > 0, true, 'controls wait for the module');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`prerender: ${slug}'s prerendered output equals what the module computes at the preset`, async () => {
    const { page: before } = await openWithoutModule(slug, 'held');
    const prerendered = await readable(before);
    await before.waitForLoadState('load');  // the style sheet, which colours the prerendered maps' cells
    const prerenderedMaps = await heatMapsAsDrawn(before, '.demo');
    await before.close();
    const { page, problems } = await site.open(`${slug}/`);
    assert.deepEqual(await readable(page), prerendered);
    // Each heat map's label, columns and every cell's colour: cells drawn in the page as built, painted once live.
    assert.ok(sameMaps(await heatMapsAsDrawn(page, '.demo'), prerenderedMaps), 'the heat maps show what the page as built shows');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test(`prerender: ${slug} keeps the preset output when the module cannot load, with no other console error`, async () => {
    const { page, errors } = await openWithoutModule(slug, 'refused');
    await page.locator('.demo .problem').first().waitFor({ timeout: 20000 });
    const shown = await readable(page);
    for (const d of shown.demos) assert.ok(d.printed?.trim() || d.tables.length, `${d.instance}: still shows its preset`);
    const others = errors.filter((e) => !/core-[\w-]+\.wasm|Failed to load resource|prepare wasm|Aborted\(/.test(e));
    assert.deepEqual(others, []);
    await page.close();
  });
}

test('prerender: the first edit works once the module arrives', async () => {
  const { page, problems } = await site.open('attention/');
  assert.equal(await page.locator('.demo.prerendered:not(.ready)').count(), 0, 'every demo is live');
  const scaling = page.locator('.demo[data-instance="scaling"]');
  const before = await scaling.locator('pre.printed').textContent();
  await scaling.locator('input.num[id^="scale-"]').fill('7');
  await page.waitForFunction((old) => document.querySelector('.demo[data-instance="scaling"] pre.printed').textContent !== old, before);
  assert.equal(await page.evaluate(() => window.attnLesson.demos.get('scaling').state.values.scale), 7);
  assert.deepEqual(problems, []);
  await page.close();
});

test('prerender: the charts a script made (the table lesson\'s rate sweep, the lm lesson\'s scale sweep) are in the page as built, and the page\'s scripts draw the same', async () => {
  // Each sweep's charts: one per network of the rate sweep, two for the scale sweep (lessons/*/data/*_sweep.json).
  const sweeps = [['table', '.rate-sweep', 'data/rate_sweep.json', (s) => s.models.length], ['lm', '.scale-sweep', 'data/scale_sweep.json', () => 2]];
  const shown = (page, selector) => page.locator(`${selector} figure.chart`).evaluateAll((figures) => figures.map((f) => [
    f.querySelector('figcaption').textContent, f.querySelectorAll('svg path').length]));
  for (const [slug, selector, file, charts] of sweeps) {
    const data = JSON.parse(fs.readFileSync(path.join(ROOT, 'lessons', slug, file), 'utf8'));
    const noScripts = await site.browser.context.browser().newContext({ javaScriptEnabled: false });
    const page = await noScripts.newPage();
    await page.goto(`${site.server.url}${slug}/`);
    const built = await shown(page, selector);
    await noScripts.close();
    assert.equal(built.length, charts(data), `${slug}: every chart of ${file}, before any script`);
    assert.ok(built.every(([caption, paths]) => caption.trim() && paths > 1), `${slug}: each with its title and its lines`);
    const { page: live, problems } = await site.open(`${slug}/`);
    assert.deepEqual(await shown(live, selector), built, `${slug}: the live charts have the same titles, legends and lines`);
    assert.deepEqual(problems, []);
    await live.close();
  }
});

test('prerender: when a sweep\'s data file cannot load, the charts the build drew stay and the page says why after them', async () => {
  for (const [slug, selector, file, message] of [['table', '.rate-sweep', 'rate_sweep.json', /^The rate chart's data could not load/], ['lm', '.scale-sweep', 'scale_sweep.json', /^The scale chart's data could not load/]]) {
    const page = await site.browser.context.newPage();
    await page.route(`**/data/${file}`, (route) => route.abort());
    await page.goto(`${site.server.url}${slug}/`);
    const problem = page.locator(`${selector} > p.problem`);
    await problem.waitFor();
    assert.match(await problem.innerText(), message);
    assert.ok(await page.locator(`${selector} figure.chart`).count() >= 2, `${slug}: the built charts are still there`);
    assert.equal(await page.locator(`${selector} > :last-child`).evaluate((e) => e.classList.contains('problem')), true, 'said after them');
    await page.close();
  }
});
