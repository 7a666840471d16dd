// Training as a learner starts it (figures, not pass/fail), after scripts/build.sh:
//   node scripts/bench_training_browser.mjs [--task nearest] [--model transformer-2] [--epochs N]
//                                           [--workers 1,2] [--runs 3] [--site site/] [--native build/native/attn]
//                                           [--isolated]
// The real table page in headless Chromium: press "Train in your browser" with the
// task and model in the link, and time until the panel says "Done." (the module's
// start, every step and the misses on 2,000 scenes). Each worker count is the
// page's navigator.hardwareConcurrency (the worker shares a transformer's steps
// among that many workers, at most 4); the counts take turns, run after run, so
// that a busy machine slows them alike. Then checks that the weights the page
// saves and the misses it shows are the native trainer's, to the bit, and
// reports the main thread's long tasks (over 50 ms) during training, and each later count's speed-up over
// the first (issue 22's goal: two workers 1.8x one). --isolated serves the site with COOP and COEP, as
// its service worker does from a learner's second visit on: the workers then share memory. Each run says
// how the workers passed their blocks ('shared' or 'messages'; '-' for a site that does not say).
// --split prints, for each run, where each worker's time went, from the worker's own clock
// (tests/support/worker-split.mjs: every call of the core timed, and the gaps between them).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../tests/support/core.mjs';
import { demosReady, launchChromium } from '../tests/support/browser.mjs';
import { serveFolder } from '../tests/support/server.mjs';
import { scratchDir } from './scratch-dir.mjs';
import { WATCH_EXCHANGE, exchangesSeen, withCores } from '../tests/support/exchange.mjs';
import { describeSplit, watchWorkerSplit } from '../tests/support/worker-split.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const TASK = option('task', 'nearest');
const MODEL = option('model', 'transformer-2');
const EPOCHS = Number(option('epochs', 0));  // 0: the lesson's
const WORKERS = option('workers', '1,2').split(',').map(Number);
const RUNS = Number(option('runs', 3));
const SITE = path.resolve(option('site', path.join(ROOT, 'site')));  // another built site, to compare
const NATIVE = path.resolve(option('native', path.join(ROOT, 'build/native/attn')));  // the trainer of that site
const ISOLATED = args.includes('--isolated');
const SPLIT = args.includes('--split');

function trainNative() {
  const out = path.join(scratchDir('attn-bench-'), 'weights.json');
  const flags = ['train', '--task', TASK, '--model', MODEL, '--quiet', '--out', out];
  if (EPOCHS) flags.push('--epochs', String(EPOCHS));
  const summary = JSON.parse(execFileSync(NATIVE, flags, { encoding: 'utf8' }));
  return { summary, weights: JSON.parse(fs.readFileSync(out, 'utf8')) };
}

/** One training in a new page whose navigator reports `cores`: {seconds, workers, longTasks, weights, mainBusy}. */
async function trainInPage(context, url, cores) {
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(msg.text()); });
  page.on('pageerror', (err) => problems.push(err.message));
  await page.addInitScript({ content: `${withCores(cores)}${WATCH_EXCHANGE}` });
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration)))
      .observe({ type: 'longtask' });
  });
  const splits = SPLIT ? await watchWorkerSplit(page) : null;
  await page.goto(url);
  await demosReady(page, { timeout: 30000 });
  const train = page.locator('.demo[data-instance="train"]');
  let workers = 0;
  page.on('worker', () => { workers += 1; });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const busy = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
  const busyBefore = await busy();
  // Timed in the page, from the click to the status's change, which the page itself tells Playwright (polling,
  // even every 250 ms, is work on the page's thread and in the browser that takes a core from the workers).
  await page.evaluate(() => {
    const status = document.querySelector('.demo[data-instance="train"] .train-status');
    window.trained = new Promise((resolve) => new MutationObserver(() => {
      if (/^(Done|Training stopped)/.test(status.textContent)) resolve(window.trainedAt ??= performance.now());
    }).observe(status, { childList: true, characterData: true, subtree: true }));
    window.longTasks = [];
    window.clickedAt = performance.now();
    document.querySelector('.demo[data-instance="train"] button.train').click();
  });
  await page.evaluate((ms) => Promise.race([window.trained, new Promise((_, fail) => setTimeout(() => fail(new Error(`no end in ${ms / 1000} s`)), ms))]), 300000);
  const seconds = await page.evaluate(() => (window.trainedAt - window.clickedAt) / 1000);
  const mainBusy = (await busy()) - busyBefore;  // s of main-thread tasks, the end's included
  const status = await train.locator('.train-status').innerText();
  assert.match(status, /^Done\./, status);
  const longTasks = await page.evaluate(() => window.longTasks);
  const exchange = (await exchangesSeen(page)).join(', ') || '-';
  const clicked = await page.evaluate(() => performance.timeOrigin + window.clickedAt);
  const split = splits ? (await splits()).map((record) => describeSplit(record, clicked)).join('\n') : null;
  const download = page.waitForEvent('download');
  await train.getByRole('button', { name: 'Save these weights (JSON)' }).click();
  const weights = JSON.parse(fs.readFileSync(await (await download).path(), 'utf8'));
  assert.deepEqual(problems, [], 'no console errors');
  await page.close();
  return { seconds, workers, longTasks, weights, mainBusy, exchange, split };
}

const native = trainNative();
const server = await serveFolder(SITE, { isolated: ISOLATED });
const browser = await launchChromium();
const query = new URLSearchParams({ 'train.task': JSON.stringify(TASK), 'train.model': JSON.stringify(MODEL) });
if (EPOCHS) query.set('train.epochs', String(EPOCHS));
const url = `${server.url}table/?${query}`;
const runs = Object.fromEntries(WORKERS.map((w) => [w, []]));
try {
  for (let run = 0; run < RUNS; ++run) {
    for (const cores of WORKERS) {
      const r = await trainInPage(browser.context, url, cores);
      const { misses, ...weights } = r.weights;
      assert.deepEqual(weights, native.weights, `${cores} core(s): every weight is native's`);
      assert.equal(misses['4'], native.summary.miss_cm_4);
      assert.equal(misses['6'], native.summary.miss_cm_6);
      runs[cores].push(r);
      console.error(`  run ${run + 1}, ${cores} core(s): ${r.seconds.toFixed(2)} s, ${r.workers} worker(s) (${r.exchange}), ` +
        `main thread busy ${r.mainBusy.toFixed(2)} s, longest task ${Math.max(0, ...r.longTasks).toFixed(0)} ms`);
      if (r.split) console.error(r.split);
    }
  }
} finally {
  await browser.close();
  server.close();
}

const steps = native.summary.steps;
console.log(`${TASK}/${MODEL}, ${steps} steps, in headless Chromium on ${os.cpus().length} cores (the page's own ` +
  'training, from the click to "Done.": module start, steps and misses); fastest and median of ' + `${RUNS} runs; ` +
  `served ${ISOLATED ? 'with' : 'without'} COOP/COEP`);
console.log(`${'cores'.padStart(5)} ${'workers'.padStart(7)} ${'fastest s'.padStart(9)} ${'median s'.padStart(9)} ` +
  `${'ms/step'.padStart(8)} ${'long tasks'.padStart(10)}  same bits as native  blocks passed by`);
for (const cores of WORKERS) {
  const seconds = runs[cores].map((r) => r.seconds).sort((a, b) => a - b);
  const fastest = seconds[0];
  const median = seconds[Math.floor(seconds.length / 2)];
  const longTasks = Math.max(...runs[cores].map((r) => r.longTasks.length));
  console.log(`${String(cores).padStart(5)} ${String(runs[cores][0].workers).padStart(7)} ${fastest.toFixed(2).padStart(9)} ` +
    `${median.toFixed(2).padStart(9)} ${(1000 * fastest / steps).toFixed(2).padStart(8)} ${String(longTasks).padStart(10)}  yes` +
    `                  ${[...new Set(runs[cores].map((r) => r.exchange))].join(', ')}`);
}
const median = (cores) => runs[cores].map((r) => r.seconds).sort((a, b) => a - b)[Math.floor(RUNS / 2)];
for (const cores of WORKERS.slice(1)) {
  console.log(`${cores} core(s) against ${WORKERS[0]}: ${(median(WORKERS[0]) / median(cores)).toFixed(2)}x faster (medians)`);
}
console.log(`native (${path.relative(ROOT, NATIVE)}): ${native.summary.seconds.toFixed(2)} s, ` +
  `${(1000 * native.summary.seconds / steps).toFixed(2)} ms/step`);
