// The table lesson in headless Chromium: drag an object (in the lab and in the
// layers pictures), change the request, train in the worker, cancel, load a bad
// weights file, share a link, and Plain-256's weights, which load on request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { demo, printed, useSite } from '../support/site.mjs';
import { writesDone } from '../support/browser.mjs';
import { nativeCore, ROOT } from '../support/core.mjs';
import { withCores } from '../support/exchange.mjs';
import { scratchDir } from '../../scripts/scratch-dir.mjs';

// The worker trains to the same bits as the native trainer
// (tests/wasm/training.test.mjs), so its figures print exactly as native's.

// The lab's preset in the lesson (data-params): a scene whose objects lie well apart.
const LAB_PRESET = { seed: 19 };
const site = useSite();
const lesson = (query = '', viewport, options) => site.open(`table/${query}`, viewport, options);

test('table page: the pretrained networks load and the lab prints what native prints, with no console errors', async () => {
  const { page, problems } = await lesson();
  const expected = nativeCore.run('table_lab', LAB_PRESET).result.printed.join('\n');
  assert.equal(await printed(page, 'lab'), expected);
  assert.match(await printed(page, 'compare'), /lookup\s+1442 parameters/);
  // The rate sweep shipped as data: one chart per network, one line per seed.
  await page.locator('.rate-sweep figure.chart').first().waitFor();
  assert.equal(await page.locator('.rate-sweep').first().locator('figure.chart').count(), 3);
  // Its numbers name the smallest rate as it is (a rate of "0.000" would read as none).
  const firstRates = await page.locator('.rate-sweep .chart-data').first().locator('tr td:first-child, tr th:first-child').allTextContents();
  assert.equal(firstRates[1], '0.0003', `the rates column reads ${firstRates.join(', ')}`);
  assert.deepEqual(problems, []);
});

test('table layers: the pictures\' numbers list every object\'s place, the answer and the true nearest object, as the Try-it says', async () => {
  const { page, problems } = await lesson();
  const figure = nativeCore.run('table_layers', {}).result.figures[0];
  const data = demo(page, 'layers').locator('figure.table-attention details.chart-data');
  await data.locator('summary').click();
  await writesDone(page);
  const rows = await data.locator('table').first().locator('tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  const cm = ([x, y]) => [x.toFixed(1), y.toFixed(1)];
  assert.deepEqual(rows.slice(1), [
    ...figure.objects.map((o) => [o.kind, ...cm([o.x, o.y])]),
    ['network\'s answer', ...cm(figure.answer)],
    ['true position', ...cm(figure.truth)],
  ]);
  assert.match(await page.locator('section#layers').innerText(), /tables under the pictures list every object's place in cm/);
  assert.deepEqual(problems, []);
});

test('table page: dragging an object moves its line, changes the printed weights and records the positions', async () => {
  const { page, problems } = await lesson();
  const lab = demo(page, 'lab');
  const before = await printed(page, 'lab');
  const cube = lab.locator('.object', { hasText: 'ball' }).locator('circle');
  await cube.scrollIntoViewIfNeeded();
  const box = await cube.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let k = 1; k <= 5; ++k) await page.mouse.move(box.x + box.width / 2 - 20 * k, box.y + box.height / 2 + 30 * k);
  await page.mouse.up();
  await page.waitForFunction(() => /lab\.positions=/.test(location.search));
  await page.waitForFunction(() => !window.attnLesson.addressPending()); // the URL is written once the moves pause
  assert.notEqual(await printed(page, 'lab'), before);
  const positions = JSON.parse(new URL(page.url()).searchParams.get('lab.positions'));
  assert.equal(positions.length, 4, 'one row per object');
  const expected = nativeCore.run('table_lab', { ...LAB_PRESET, positions }).result.printed.join('\n');
  assert.equal(await printed(page, 'lab'), expected);
  assert.deepEqual(problems, []);
});

/** Where each picture of a demo draws one object: its circle's centre [x, y] in svg units, one per picture. */
const drawnAt = (page, instance, kind) => demo(page, instance).locator('svg.table-top').evaluateAll((roots, kind) => roots.map((root) => {
  const circle = [...root.querySelectorAll('.object')].find((g) => g.textContent === kind).querySelector('circle');
  const { e, f } = circle.parentNode.transform.baseVal.consolidate()?.matrix ?? { e: 0, f: 0 }; // where its group is placed
  return [e + circle.cx.baseVal.value, f + circle.cy.baseVal.value];
}), kind);

/**
 * The positions behind a demo's pictures, read from the URL once it has caught
 * up with what the first picture shows (the URL is written when moves pause).
 */
async function shownPositions(page, instance) {
  const handle = await page.waitForFunction((instance) => {
    const text = new URL(window.location.href).searchParams.get(`${instance}.positions`);
    if (!text) return null;
    const positions = JSON.parse(text);
    const root = document.querySelector(`.demo[data-instance="${instance}"] svg.table-top`);
    const labels = [...root.querySelectorAll('.object')].map((g) => g.getAttribute('aria-label'));
    const agree = positions.every(([x, y], i) => labels[i].includes(`at x ${x.toFixed(1)} cm, y ${y.toFixed(1)} cm`));
    return agree ? positions : null;
  }, instance);
  return handle.jsonValue();
}

test('table page: dragging an object in the layers picture moves it in every view and changes the printed weights', async () => {
  const { page, problems } = await lesson();
  const layers = demo(page, 'layers');
  const pictures = layers.locator('svg.table-top');
  const views = await pictures.count();
  assert.equal(views, 6, 'two layers, each averaged and per head');
  const before = await printed(page, 'layers');
  const keyBefore = await drawnAt(page, 'layers', 'key');

  // Drag the key onto the cup's side, in the first picture.
  const key = pictures.first().locator('.object', { hasText: 'key' }).locator('circle');
  await key.scrollIntoViewIfNeeded();
  const from = await key.boundingBox();
  const to = await pictures.first().locator('.object', { hasText: 'cup' }).locator('circle').boundingBox();
  const [x0, y0, x1, y1] = [from.x + from.width / 2, from.y + from.height / 2, to.x + to.width * 1.5, to.y + to.height / 2];
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let k = 1; k <= 5; ++k) await page.mouse.move(x0 + (x1 - x0) * k / 5, y0 + (y1 - y0) * k / 5);
  await page.mouse.up();
  const dragged = await shownPositions(page, 'layers');
  assert.equal(dragged.length, 4, 'one row per object');
  const keyDragged = await drawnAt(page, 'layers', 'key');
  assert.notDeepEqual(keyDragged[0], keyBefore[0], 'the key moved');
  assert.deepEqual(keyDragged, Array(views).fill(keyDragged[0]), 'every view draws the key in the same new place');
  assert.notEqual(await printed(page, 'layers'), before);
  assert.equal(await printed(page, 'layers'), nativeCore.run('table_layers', { positions: dragged }).result.printed.join('\n'));

  // Then one step right with the keyboard, in the first picture (the figure's one tab stop); the key keeps the focus.
  const lastKey = pictures.first().locator('.object', { hasText: 'key' });
  await lastKey.focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((x) => document.activeElement.getAttribute('aria-label')?.startsWith(`key at x ${x.toFixed(1)} cm`),
    dragged[3][0] + 1);
  const stepped = await shownPositions(page, 'layers');
  assert.deepEqual(stepped, dragged.map((p, i) => (i === 3 ? [p[0] + 1, p[1]] : p)));
  assert.equal(await lastKey.evaluate((g) => g === document.activeElement), true, 'focus stays on the key across the redraw');
  const keyStepped = await drawnAt(page, 'layers', 'key');
  assert.ok(keyStepped[0][0] > keyDragged[0][0], 'the key moved right');
  assert.deepEqual(keyStepped, Array(views).fill(keyStepped[0]), 'every view follows the keyboard too');
  assert.equal(await printed(page, 'layers'), nativeCore.run('table_layers', { positions: stepped }).result.printed.join('\n'));
  assert.deepEqual(problems, []);
});

test('table page: changing the request moves the weight to the new kind', async () => {
  const { page } = await lesson();
  await demo(page, 'lab').getByLabel('Request', { exact: true }).selectOption('pen');
  await page.waitForFunction(() => document.querySelector('.demo[data-instance="lab"] pre.printed').innerText.includes('request: pen'));
  assert.equal(await printed(page, 'lab'), nativeCore.run('table_lab', { ...LAB_PRESET, request: 'pen' }).result.printed.join('\n'));
});

test('table page: a shared link restores the scene, the request and the object positions', async () => {
  const params = { seed: 9, request: 'ball', positions: [[10, 10], [90, 10], [50, 50], [10, 90]] };
  const valid = nativeCore.run('table_lab', params);
  if (!valid.ok) params.request = valid.error.message.match(/has: (\w+)/)?.[1] ?? 'cube';
  const query = `?lab.seed=9&lab.request=${JSON.stringify(params.request)}&lab.positions=${JSON.stringify(params.positions)}`;
  const { page, problems } = await lesson(query);
  assert.equal(await printed(page, 'lab'), nativeCore.run('table_lab', params).result.printed.join('\n'));
  assert.deepEqual(problems, []);
});

test('table page: at the Try-it\'s rate of 0.1 Lookup\'s training stops, as the lesson says, in one message that agrees with itself', async () => {
  const { page, problems } = await lesson();
  const train = demo(page, 'train');
  const compareBefore = await printed(page, 'compare');
  const rate = train.getByLabel("Learning rate (0: the lesson's choice)");
  await rate.fill('0.1');
  await rate.press('Enter');
  await train.getByRole('button', { name: 'Train in your browser' }).click();
  await page.waitForFunction(() => /stopped|Done/.test(document.querySelector('.demo[data-instance="train"] .train-status').innerText), null, { timeout: 60000 });
  const text = await train.locator('.train-status').innerText();
  // The native trainer, as the CLI runs it: a training that stops exits 1 with the core's message.
  const native = spawnSync(path.join(ROOT, 'build/native/attn'),
    ['train', '--task', 'find', '--model', 'lookup', '--lr', '0.1', '--seed', '0', '--quiet'], { encoding: 'utf8' });
  assert.equal(native.status, 1, 'the lesson says this rate fails');
  const message = native.stderr.trim().replace(/^error: /, '');
  assert.equal(text, `${message.charAt(0).toUpperCase()}${message.slice(1)} The network you had before is still the one in use.`);
  assert.match(text, /more than 100 times its first value/);
  assert.doesNotMatch(text, /weights from before the first bad step are kept/);
  assert.equal(await printed(page, 'compare'), compareBefore, 'the comparison still shows the lesson\'s network');
  assert.deepEqual(problems, []);
});

test('table page: choosing a network the lesson gave no rate asks for one by the lesson\'s name for it, and Train then trains nothing', async () => {
  const { page, problems } = await lesson();
  const train = demo(page, 'train');
  const menu = train.getByLabel('Network', { exact: true });
  assert.deepEqual(await menu.locator('option').allTextContents(), ['Lookup', 'Transformer-1', 'Transformer-2', 'Plain-16', 'Plain-256']);
  await menu.selectOption({ label: 'Transformer-1' });
  await writesDone(page);
  const rate = train.locator('.control').filter({ has: page.getByText("Learning rate (0: the lesson's choice)", { exact: true }) });
  assert.match(await rate.innerText(), /the lesson did not train Transformer-1 on "find", so it has no rate to offer: set one above 0/);
  // The plan on screen is still Lookup's, the last that worked: Train must not train it while the menu says Transformer-1.
  await train.getByRole('button', { name: 'Train in your browser' }).click();
  assert.match(await train.locator('.train-status').innerText(), /^Fix the highlighted value first/);
  assert.equal(await train.getByRole('button', { name: 'Cancel' }).isDisabled(), true, 'no training started');
  assert.deepEqual(problems, []);
});

test('table page: cancelling a training stops it and keeps the earlier weights', async () => {
  const { page, problems } = await lesson('?train.model="plain-256"');
  const train = demo(page, 'train');
  const compareBefore = await printed(page, 'compare');
  await train.getByRole('button', { name: 'Train in your browser' }).click();
  await page.waitForFunction(() => /^Epoch/.test(document.querySelector('.demo[data-instance="train"] .train-status').innerText), null, { timeout: 30000 });
  // The status text is written by the click handler itself, so it proves nothing alone:
  // the worker must end, and no progress may arrive afterwards.
  // A plain network trains in one worker: the teammates started beside it are ended once it says so
  // (train-panel.js), and the browser reports each one's end a little later.
  const deadline = Date.now() + 5000;
  while (page.workers().length > 1 && Date.now() < deadline) await page.waitForTimeout(50);
  const workers = page.workers();
  assert.equal(workers.length, 1, 'one training worker runs');
  const ended = new Promise((resolve) => workers[0].once('close', resolve));
  await train.getByRole('button', { name: 'Cancel' }).click();
  await Promise.race([ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the worker kept running')), 5000))]);
  const barAfter = await train.locator('progress').evaluate((bar) => bar.value);
  await page.waitForTimeout(1000);  // a worker still training would report several times a second
  assert.equal(await train.locator('progress').evaluate((bar) => bar.value), barAfter, 'no progress after cancelling');
  assert.match(await train.locator('.train-status').innerText(), /Cancelled/);
  assert.equal(await train.getByRole('button', { name: 'Train in your browser' }).isEnabled(), true);
  assert.equal(await printed(page, 'compare'), compareBefore);
  assert.deepEqual(problems, []);
});

/** The page as on a machine of `cores` cores (navigator.hardwareConcurrency, read by the training panel). */
const onCores = (cores) => ({ before: [{ content: withCores(cores) }] });
const TRANSFORMER = '?train.task="nearest"&train.model="transformer-2"&train.epochs=1&train.seed=4';

/** Trains in the page and returns the weights the panel saves, and how many workers trained. */
async function trainAndSave(page) {
  const train = demo(page, 'train');
  let workers = 0;
  page.on('worker', () => { workers += 1; });
  await train.getByRole('button', { name: 'Train in your browser' }).click();
  await waitForTrainingDone(page);
  const download = page.waitForEvent('download');
  await train.getByRole('button', { name: 'Save these weights (JSON)' }).click();
  const { misses, ...weights } = JSON.parse(fs.readFileSync(await (await download).path(), 'utf8'));
  return { weights, misses, workers };
}

test('table page: training Transformer-2 in two or four workers gives the same bits as in one and as native', async () => {
  const out = path.join(scratchDir('attn-train-'), 'weights.json');
  const native = JSON.parse(execFileSync(path.join(ROOT, 'build/native/attn'), ['train', '--task', 'nearest',
    '--model', 'transformer-2', '--epochs', '1', '--seed', '4', '--quiet', '--out', out], { encoding: 'utf8' }));
  const nativeWeights = JSON.parse(fs.readFileSync(out, 'utf8'));
  for (const cores of [1, 2, 4]) {  // 4 workers on this machine's 2 cores: slower, the same bits
    const { page, problems } = await lesson(TRANSFORMER, undefined, onCores(cores));
    const trained = await trainAndSave(page);
    assert.equal(trained.workers, cores, `${cores} training worker(s) on ${cores} core(s)`);
    assert.deepEqual(trained.weights, nativeWeights, `${cores} worker(s): every weight is native's`);
    assert.deepEqual(trained.misses, { 4: native.miss_cm_4, 6: native.miss_cm_6 });
    assert.deepEqual(problems, []);
  }
});

test('table page: cancelling a training in two workers ends both', async () => {
  // 20 epochs, not 1: one epoch (157 steps) can end between the first report and the click, and a finished
  // training's Cancel is disabled (the fresh clone of 2026-12-04 05:25 waited 30 s on it).
  const { page, problems } = await lesson(TRANSFORMER.replace('epochs=1', 'epochs=20'), undefined, onCores(2));
  const train = demo(page, 'train');
  const closed = [];
  page.on('worker', (worker) => closed.push(new Promise((resolve) => worker.once('close', resolve))));
  await train.getByRole('button', { name: 'Train in your browser' }).click();
  await page.waitForFunction(() => /^Epoch/.test(document.querySelector('.demo[data-instance="train"] .train-status').innerText), null, { timeout: 30000 });
  assert.equal(closed.length, 2, 'two training workers run');
  await train.getByRole('button', { name: 'Cancel' }).click();
  await Promise.race([Promise.all(closed), new Promise((_, reject) => setTimeout(() => reject(new Error('a worker kept running')), 5000))]);
  assert.match(await train.locator('.train-status').innerText(), /Cancelled/);
  assert.deepEqual(problems, []);
});

test('table page: a bad weights file gets a clear message and changes nothing', async () => {
  const { page, problems } = await lesson();
  const train = demo(page, 'train');
  const labBefore = await printed(page, 'lab');
  const file = path.join(scratchDir('weights-'), 'broken.json');
  fs.writeFileSync(file, JSON.stringify({ format: 'attn-nn-weights', version: 1, model: 'lookup', parameters: {} }));
  await train.locator('input[type=file]').setInputFiles(file);
  await page.waitForFunction(() => /weights/i.test(document.querySelector('.demo[data-instance="train"] .train-status').innerText));
  assert.doesNotMatch(await train.locator('.train-status').innerText(), /now in use/);
  assert.equal(await printed(page, 'lab'), labBefore);
  assert.deepEqual(problems, []);
});

// Every path the pages in this file fetch, from now until the returned function is called.
function watchRequests() {
  const paths = [];
  const note = (request) => paths.push(new URL(request.url()).pathname);
  site.browser.context.on('request', note);
  return () => { site.browser.context.off('request', note); return paths; };
}
const PLAIN_256_WEIGHTS = /\/table\/weights\/find-plain-256\.json$/;
const PLAIN_256_SUMMARY = /\/table\/weights\/find-plain-256\.summary\.json$/;
const RECORDED_NOTE = '* measured natively when the weights were made; the weights load on request';

/** What native prints with every weights file loaded, and what the page prints from Plain-256's summary. */
function compareTexts() {
  const native = nativeCore.run('table_compare', {}).result;
  const recorded = native.printed.map((line) => (/plain-256/.test(line) ? `${line} *` : line));
  return { native, live: native.printed.join('\n'), recorded: [...recorded, RECORDED_NOTE].join('\n') };
}

test('table page: Plain-256\'s recorded figures show at once, without fetching its weights', async () => {
  const stop = watchRequests();
  const { page, problems } = await lesson();
  const { native, recorded } = compareTexts();
  assert.equal(await printed(page, 'compare'), recorded);
  assert.equal(await page.locator('[data-num="compare.plain256_miss_6"]').innerText(), native.numbers.plain256_miss_6.toFixed(1));
  await demo(page, 'compare').getByRole('button', { name: /^Load Plain-256's weights \([\d.]+ MB\)$/ }).waitFor();
  const fetched = stop();
  assert.ok(fetched.some((p) => PLAIN_256_SUMMARY.test(p)), 'the summary is fetched');
  assert.ok(!fetched.some((p) => PLAIN_256_WEIGHTS.test(p)), 'the weights are not fetched');
  assert.deepEqual(problems, []);
});

test('table page: pressing Plain-256\'s button loads its weights and the figures stay, now from the network', async () => {
  const { page, problems } = await lesson();
  const { native, live } = compareTexts();
  const stop = watchRequests();
  await demo(page, 'compare').getByRole('button', { name: /^Load Plain-256's weights/ }).click();
  await page.waitForFunction(() => /weights are loaded/.test(document.querySelector('.demo[data-instance="compare"] .load-weights-status').innerText));
  assert.ok(stop().some((p) => PLAIN_256_WEIGHTS.test(p)), 'the weights are fetched');
  assert.equal(await printed(page, 'compare'), live, 'the same figures as native, which loads every weights file, and no note');
  assert.equal(await page.locator('[data-num="compare.plain256_miss_4"]').innerText(), native.numbers.plain256_miss_4.toFixed(1));
  assert.equal(await demo(page, 'compare').locator('button.load-weights').isVisible(), false);
  assert.deepEqual(problems, []);
});

test('table page: a failed download of Plain-256\'s weights says so, keeps the recorded figures and can be tried again', async () => {
  const { page, problems } = await lesson();
  const { live, recorded } = compareTexts();
  const compare = demo(page, 'compare');
  const status = compare.locator('.load-weights-status');
  await page.route(PLAIN_256_WEIGHTS, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await compare.getByRole('button', { name: /^Load Plain-256's weights/ }).click();
  await page.waitForFunction(() => /could not be loaded/.test(document.querySelector('.demo[data-instance="compare"] .load-weights-status').innerText));
  assert.match(await status.innerText(), /HTTP 404.*try again/);
  assert.equal(await status.evaluate((s) => s.classList.contains('problem')), true);
  assert.equal(await printed(page, 'compare'), recorded);
  assert.deepEqual(problems.filter((p) => !/404/.test(p)), []);

  await page.unroute(PLAIN_256_WEIGHTS);
  await compare.getByRole('button', { name: /^Load Plain-256's weights/ }).click();
  await page.waitForFunction(() => /weights are loaded/.test(document.querySelector('.demo[data-instance="compare"] .load-weights-status').innerText));
  assert.equal(await printed(page, 'compare'), live);
});

test('table page: saving the pretrained Plain-256 loads its weights first and saves them', async () => {
  const { page, problems } = await lesson('?train.model="plain-256"');
  const downloaded = page.waitForEvent('download');
  await demo(page, 'train').getByRole('button', { name: 'Save these weights (JSON)' }).click();
  const download = await downloaded;
  assert.equal(download.suggestedFilename(), 'find-plain-256.json');
  assert.equal(fs.readFileSync(await download.path(), 'utf8'), fs.readFileSync(path.join(ROOT, 'lessons/table/weights/find-plain-256.json'), 'utf8'));
  assert.equal(await printed(page, 'compare'), compareTexts().live, 'the loaded weights are in use on the page too');
  assert.deepEqual(problems, []);
});

test('table page: fits a phone screen', async () => {
  const { page, problems } = await lesson('', { width: 390, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
  assert.deepEqual(problems, []);
});

const comparePrinted = (page) => printed(page, 'compare');
const waitForTrainingDone = (page) => page.waitForFunction(
  () => /^Done\./.test(document.querySelector('.demo[data-instance="train"] .train-status').innerText), null, { timeout: 60000 });

// One training serves both: what the worker reaches (native's figures) and what the page then says and restores.
test('table page: a one-epoch training in the worker reaches the end, agrees with native and updates the figures; after it, every demo that reads the network says it is yours, and "Back to the lesson\'s network" restores every figure', async () => {
  const { page, problems } = await lesson('?train.epochs=1&train.seed=3');
  const before = { compare: await comparePrinted(page), lab: await printed(page, 'lab'), hand: await printed(page, 'hand') };
  const train = demo(page, 'train');
  await train.getByRole('button', { name: 'Train in your browser' }).click();
  await waitForTrainingDone(page);
  assert.equal(await train.locator('progress').evaluate((p) => p.value), 1);
  const text = await train.locator('.train-status').innerText();
  const [, miss4] = text.match(/Mean miss ([\d.]+) cm with 4/);
  const native = JSON.parse(execFileSync(path.join(ROOT, 'build/native/attn'),
    ['train', '--task', 'find', '--model', 'lookup', '--epochs', '1', '--seed', '3', '--quiet'], { encoding: 'utf8' }));
  assert.equal(miss4, native.miss_cm_4.toFixed(1), 'the status line shows native\'s miss');
  // The comparison now prints the worker's network, whose misses are native's.
  await page.waitForFunction((want) => document.querySelector('.demo[data-instance="compare"] pre.printed').innerText.includes(want),
    `miss ${native.miss_cm_4.toFixed(2)} cm with 4 objects`);
  assert.equal(await train.locator('.loss-chart svg').count(), 1, 'the loss chart is drawn');

  await page.waitForFunction((old) => document.querySelector('.demo[data-instance="lab"] pre.printed').innerText !== old, before.lab);
  for (const instance of ['lab', 'hand', 'order', 'compare']) {
    assert.match(await demo(page, instance).locator('.network-line').innerText(), /Lookup: yours, trained in this browser \(seed 3, rate the lesson's, 1 epoch\)/, instance);
  }
  // The text written for the lesson's network says it no longer describes this one.
  await writesDone(page);
  assert.equal(await page.locator('.defaults-note[data-for="lab"]:not([hidden])').count(), 1);
  await page.waitForFunction(() => !window.attnLesson.addressPending()); // the URL is written once changes pause
  assert.match(new URL(page.url()).search, /net\.find%2Flookup=|net\.find\/lookup=/);
  await demo(page, 'lab').getByRole('button', { name: 'Back to the lesson\'s network' }).click();
  await page.waitForFunction((old) => document.querySelector('.demo[data-instance="lab"] pre.printed').innerText === old, before.lab);
  assert.equal(await comparePrinted(page), before.compare);
  assert.equal(await printed(page, 'hand'), before.hand);
  assert.match(await demo(page, 'hand').locator('.network-line').innerText(), /Lookup: the lesson's network/);
  await writesDone(page);
  assert.equal(await page.locator('.defaults-note[data-for="lab"]:not([hidden])').count(), 0);
  await page.waitForFunction(() => !window.attnLesson.addressPending());
  assert.doesNotMatch(new URL(page.url()).search, /net\./);
  assert.deepEqual(problems, []);
});

test('table page: a link carrying a training\'s settings reproduces the sender\'s figures exactly once the receiver trains', async () => {
  const sender = await lesson('?train.epochs=1&train.seed=5');
  await demo(sender.page, 'train').getByRole('button', { name: 'Train in your browser' }).click();
  await waitForTrainingDone(sender.page);
  await sender.page.waitForFunction(() => !window.attnLesson.addressPending()); // the URL is written once changes pause
  const link = new URL(sender.page.url());
  const seen = { compare: await comparePrinted(sender.page), lab: await printed(sender.page, 'lab') };

  const receiver = await site.open(`table/${link.search}`);
  const line = demo(receiver.page, 'lab').locator('.network-line');
  assert.match(await line.innerText(), /The link you opened used Lookup trained with seed 5/);
  await line.getByRole('button', { name: 'Train Lookup as the link did' }).click();
  await waitForTrainingDone(receiver.page);
  await receiver.page.waitForFunction((want) => document.querySelector('.demo[data-instance="lab"] pre.printed').innerText === want, seen.lab);
  assert.equal(await comparePrinted(receiver.page), seen.compare);
  assert.deepEqual([...sender.problems, ...receiver.problems], []);
});
