// The language model trained as a learner trains it (figures, not pass/fail), after scripts/build.sh:
//   node scripts/bench_lm_browser.mjs [--workers 1,2] [--runs 1] [--steps 3000] [--words 1.9] [--site site/] [--isolated]
//     [--set layers=4,heads=4,width=64,context=64]
// The real lm page in headless Chromium, at the lesson's settings (2 blocks, 4 heads, width 32,
// context 32, batch 16, rate 0.003) on the lessons' text: choose the workers, press "Train in your
// browser", and follow the panel's status from the page (each change timed where it happens). Prints,
// for each worker count: seconds from the click to the first validation loss at or below --words
// (the loss at which the samples show words; docs/benchmarks.md), the sample shown then, the
// training's characters per second (steps x batch x context over the seconds, from the click and between
// the first report and the last), and the seconds to the end.
// With --runs N the worker counts take turns, run after run (a busy machine slows them alike), and the
// last lines give each count's fastest and median time to the end, and the median's speed-up over the first count,
// both from the click and between the first progress report and the last (the training alone: issue 22 asks
// for training tokens per second, and the module's start in each worker is not training).
// --isolated serves the site with COOP and COEP (as its service worker does from the second visit on): the
// workers then share memory; each run says how its workers passed their blocks.
// --threads prints the processor time of each kind of Chromium thread from the click to the end (Linux's /proc),
// and how long each kind waited, ready to run, while another thread held its core (on two cores, a worker's wait
// is also its teammate's).
// --split prints, for each run, where each worker's time went, from the worker's own clock
// (tests/support/worker-split.mjs: every call of the core timed, and the gaps between them).
import path from 'node:path';
import { ROOT } from '../tests/support/core.mjs';
import { demosReady, launchChromium } from '../tests/support/browser.mjs';
import { serveFolder } from '../tests/support/server.mjs';
import { WATCH_EXCHANGE, exchangesSeen } from '../tests/support/exchange.mjs';
import { describeSplit, watchWorkerSplit } from '../tests/support/worker-split.mjs';
import { watchThreadTimes } from '../tests/support/thread-times.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const WORKERS = option('workers', '1,2').split(',').map(Number);
const STEPS = Number(option('steps', 3000));
// --set layers=4,heads=4,width=64,context=64: other settings of the training (the issue's second size).
const SET = Object.fromEntries((option('set', '') || '').split(',').filter(Boolean).map((pair) => pair.split('=')));
const CHARS_PER_STEP = Number(SET.batch ?? 16) * Number(SET.context ?? 32);
const WORDS = Number(option('words', 1.9));
const SITE = path.resolve(option('site', path.join(ROOT, 'site')));
const RUNS = Number(option('runs', 1));
const ISOLATED = args.includes('--isolated');
const SPLIT = args.includes('--split');
const THREADS = args.includes('--threads');

async function run({ context, profile }, url, workers) {
  const page = await context.newPage();
  await page.addInitScript({ content: WATCH_EXCHANGE });
  const splits = SPLIT ? await watchWorkerSplit(page) : null;
  await page.goto(url);
  await demosReady(page, { timeout: 30000 });
  const panel = page.locator('.demo[data-instance="train"]');
  await panel.getByLabel('Workers').selectOption(String(workers));
  // Every change of the status, timed in the page, which also says when the training has ended (polling,
  // even every 250 ms, is work on the page's thread and in the browser that takes a core from the workers).
  await page.evaluate(() => {
    const status = document.querySelector('.demo[data-instance="train"] .train-status');
    window.benchLog = [];
    window.benchEnded = new Promise((resolve) => new MutationObserver(() => {
      window.benchLog.push([performance.now(), status.textContent, document.querySelector('.demo[data-instance="train"] .lm-sample').textContent]);
      if (/^(Done|.*stopped)/i.test(status.textContent)) resolve();
    }).observe(status, { childList: true, characterData: true, subtree: true }));
    document.querySelector('.demo[data-instance="train"] button.train').addEventListener('click', () => { window.benchStart = performance.now(); });
  });
  const threadWatch = THREADS ? watchThreadTimes(profile) : null;
  await panel.getByRole('button', { name: 'Train in your browser' }).click();
  await page.evaluate((ms) => Promise.race([window.benchEnded, new Promise((_, fail) => setTimeout(() => fail(new Error(`no end in ${ms / 1000} s`)), ms))]), 600000);
  const threads = threadWatch?.stop() ?? null;
  const { log, start, origin } = await page.evaluate(() => ({ log: window.benchLog, start: window.benchStart, origin: performance.timeOrigin }));
  const exchange = (await exchangesSeen(page)).join(', ') || '-';
  const split = splits ? (await splits()).map((record) => describeSplit(record, origin + start)).join('\n') : null;
  await page.close();
  let words = null, last = null, first = null;
  for (const [t, text, sample] of log) {
    const m = text.match(/^Step ([\d,]+) of [\d,]+ · batch loss [\d.]+(?: · validation ([\d.]+))?/);
    if (!m) continue;
    last = { seconds: (t - start) / 1000, step: Number(m[1].replace(/,/g, '')) };
    first ??= last;
    if (!words && m[2] && Number(m[2]) <= WORDS) words = { ...last, validation: Number(m[2]), sample };
  }
  const end = (log.at(-1)[0] - start) / 1000;
  // The steps between the first report and the last: the training alone, without the module's start.
  const steady = last && last.step > first.step ? ((last.step - first.step) * CHARS_PER_STEP) / (last.seconds - first.seconds) : null;
  return { workers, exchange, split, threads, words, end, steady, charsPerSecond: last ? (last.step * CHARS_PER_STEP) / last.seconds : null };
}

const server = await serveFolder(SITE, { isolated: ISOLATED });
const browser = await launchChromium();
const ends = Object.fromEntries(WORKERS.map((w) => [w, []]));
const steadies = Object.fromEntries(WORKERS.map((w) => [w, []]));
try {
  const url = `${server.url}lm/?train.steps=${STEPS}${Object.entries(SET).map(([k, v]) => `&train.${k}=${v}`).join('')}`;
  for (let turn = 0; turn < RUNS; ++turn) {
    for (const workers of WORKERS) {
      const r = await run(browser, url, workers);
      ends[workers].push(r.end);
      steadies[workers].push(r.steady);
      console.log(`${workers} worker(s) (${r.exchange}): validation <= ${WORDS} after ${r.words ? `${r.words.seconds.toFixed(1)} s (step ${r.words.step}, ${r.words.validation})` : 'never'}; ` +
        `${Math.round(r.charsPerSecond).toLocaleString('en')} characters/s (${Math.round(r.steady).toLocaleString('en')} between the first ` +
        `report and the last); ${STEPS} steps in ${r.end.toFixed(1)} s`);
      if (r.words) console.log(`   sample then: ${JSON.stringify(r.words.sample.slice(0, 160))}`);
      if (r.split) console.log(r.split);
      if (r.threads) {
        console.log(`  processor time from the click to the end, s: ${r.threads.filter(([, s]) => s >= 0.05).map(([name, s]) => `${name} ${s.toFixed(2)}`).join(', ')}`);
        console.log(`  waited, ready, for a core another thread held, s: ${r.threads.waits.filter(([, w]) => w.seconds >= 0.05).map(([name, w]) => `${name} ${w.seconds.toFixed(2)} (${w.preempted} times)`).join(', ')}`);
      }
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const workers of WORKERS) {
    console.log(`${workers} worker(s), ${RUNS} run(s): fastest ${Math.min(...ends[workers]).toFixed(1)} s, median ` +
      `${median(ends[workers]).toFixed(1)} s, ${(median(ends[WORKERS[0]]) / median(ends[workers])).toFixed(2)}x ${WORKERS[0]} worker(s)'s median; ` +
      `between the first report and the last ${(median(steadies[workers]) / median(steadies[WORKERS[0]])).toFixed(2)}x`);
  }
} finally {
  await browser.close();
  server.close();
}
