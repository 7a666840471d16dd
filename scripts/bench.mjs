// Benchmarks (figures, not pass/fail): run `node scripts/bench.mjs` after scripts/build.sh.
//   1. every demo at its defaults: microseconds per call, native and WebAssembly (Node), and the ratio
//   2. every lesson page in headless Chromium: recompute + redraw time per change
//   3. every lesson page's first-load transfer (what the page fetches before the learner does
//      anything): raw and gzip bytes per file and in total; then the files it fetches only on request;
//      and each WebAssembly module's size (web/modules.json: a page loads one)
// Budgets are printed beside the figures. `--first-load` prints only 3; ATTN_SITE=folder measures another built site.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadWasmCore, nativeCore, ROOT } from '../tests/support/core.mjs';
import { serveFolder } from '../tests/support/server.mjs';
import { demosReady, launchChromium, openPage } from '../tests/support/browser.mjs';
import { declaredModules, moduleFiles } from './core-modules.mjs';

const DEMO_BUDGET_US = 1000;          // "well under 1 ms per call" in WebAssembly
const PAGE_BUDGET_GZIP = { table: 400 * 1024, lm: 400 * 1024 };  // first load; the table and language model lessons ship trained weights
const DEFAULT_PAGE_BUDGET_GZIP = 250 * 1024;
const FRAME_MS = 1000 / 60;
const MIN_BENCH_MS = 300;             // time each measurement at least this long
const FIRST_LOAD_ONLY = process.argv.includes('--first-load');
const SITE = path.resolve(ROOT, process.env.ATTN_SITE ?? 'site');

const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function timeWasm(run) {
  run();
  let calls = 0;
  const start = performance.now();
  while (performance.now() - start < MIN_BENCH_MS) { run(); ++calls; }
  return ((performance.now() - start) * 1000) / calls;
}

function nativeMicroseconds(id) {
  const out = execFileSync(path.join(ROOT, 'build/native/attn'), ['bench', id, '{}', '3000'], { encoding: 'utf8' });
  return JSON.parse(out).us_per_call;
}

// Groups of calls that one learner action causes, timed together in WebAssembly.
const SCENARIOS = [
  {
    name: 'robot: a 70-reading run, all four demos',
    calls: ['robot_scores', 'robot_run', 'robot_sharpness', 'robot_order'].map((id) => [id, '{"ticks":70}']),
  },
  { name: 'table: the lab recomputed for one drag', calls: [['table_lab', '{"positions":[[20,30],[80,40],[50,50],[10,90]]}']] },
];

async function benchDemos() {
  const wasm = await loadWasmCore();
  // Warm up every demo first, so none is timed while V8 still runs its baseline-compiled code.
  for (const demo of nativeCore.list()) timeWasm(() => wasm.run(demo.id, '{}'));
  console.log('\n## Demo calls at defaults (JSON in, JSON out, as the page calls them)\n');
  console.log(`${pad('demo', 22)}${lpad('native µs', 11)}${lpad('wasm µs', 11)}${lpad('wasm/native', 13)}  budget ${DEMO_BUDGET_US} µs`);
  for (const demo of nativeCore.list()) {
    const native = nativeMicroseconds(demo.id);
    const inWasm = timeWasm(() => wasm.run(demo.id, '{}'));
    const verdict = inWasm < DEMO_BUDGET_US ? 'ok' : 'OVER';
    console.log(`${pad(demo.id, 22)}${lpad(native.toFixed(1), 11)}${lpad(inWasm.toFixed(1), 11)}${lpad((inWasm / native).toFixed(2) + 'x', 13)}  ${verdict}`);
  }
  const known = new Set(nativeCore.list().map((d) => d.id));
  for (const scenario of SCENARIOS.filter((s) => s.calls.every(([id]) => known.has(id)))) {
    const us = timeWasm(() => { for (const [id, params] of scenario.calls) wasm.run(id, params); });
    console.log(`\n${scenario.name}: ${(us / 1000).toFixed(2)} ms in WebAssembly (one frame: ${FRAME_MS.toFixed(1)} ms)`);
  }
}

/** Plays every playback on the page for a few seconds and counts the frames that came late. */
async function benchPlayback(page) {
  return page.evaluate(async () => {
    const results = [];
    for (const button of document.querySelectorAll('.demo button.play')) {
      const gaps = [];
      let last = performance.now();
      let running = true;
      const watch = (now) => { gaps.push(now - last); last = now; if (running) requestAnimationFrame(watch); };
      button.click();
      requestAnimationFrame(watch);
      await new Promise((r) => setTimeout(r, 3000));
      running = false;
      button.click();
      gaps.sort((a, b) => a - b);
      results.push({ frames: gaps.length, median: gaps[gaps.length >> 1], late: gaps.filter((g) => g > 1.5 * gaps[gaps.length >> 1]).length });
    }
    return results;
  });
}

/** Drives one control per demo a few times and reads the runtime's User Timing measures. */
async function benchPageUpdates(page) {
  return page.evaluate(async () => {
    performance.clearMeasures();
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    for (const demo of document.querySelectorAll('.demo.ready')) {
      const box = demo.querySelector('input.num');
      if (!box) continue;
      const original = box.value;
      // A neighbouring value within the box's range (one step of its slider), so each input changes the state.
      const slider = box.closest('.scalar')?.querySelector('input[type=range]');
      const step = Number(slider?.step) || 1;
      const v = Number(original);
      const other = String(Number((v + step <= Number(slider?.max ?? Infinity) ? v + step : v - step).toPrecision(12)));
      for (let i = 0; i < 10; ++i) {
        box.value = i % 2 ? original : other;
        box.dispatchEvent(new Event('input', { bubbles: true }));
        await frame();
      }
    }
    const median = (times) => times.sort((a, b) => a - b)[times.length >> 1];
    const byDemo = {};
    for (const m of performance.getEntriesByType('measure')) {
      const [kind, name] = m.name.split(':');
      const entry = (byDemo[name] ??= { update: [], compute: [] });
      if (kind === 'demo-update') entry.update.push(m.duration);
      if (kind === 'demo-compute') entry.compute.push(m.duration);
    }
    return Object.entries(byDemo).map(([name, t]) => ({ name, max: Math.max(...t.update), median: median(t.update), compute: median(t.compute) }));
  });
}

/** Runs the default training of every trainer on the page in its worker, timing it and watching for long main-thread tasks. */
async function benchTraining(page) {
  return page.evaluate(async () => {
    const results = [];
    for (const panel of document.querySelectorAll('.demo[data-trainer]')) {
      const longTasks = [];
      const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
      observer.observe({ type: 'longtask' });
      const status = panel.querySelector('.train-status');
      const started = performance.now();
      panel.querySelector('button.train').click();
      while (!/^(Done|Training stopped)/.test(status.textContent)) await new Promise((r) => setTimeout(r, 50));
      const seconds = (performance.now() - started) / 1000;
      observer.disconnect();
      results.push({ plan: panel.querySelector('pre.printed').textContent.split('\n')[0], seconds, status: status.textContent,
        longest: longTasks.length ? Math.max(...longTasks) : 0, longTasks: longTasks.length });
    }
    return results;
  });
}

async function benchPages() {
  // The lesson pages: each folder whose page has a demo (the class page, which has none, never says its demos are ready).
  const lessons = fs.readdirSync(SITE).filter((d) => fs.existsSync(path.join(SITE, d, 'index.html'))
    && /\sdata-demo="/.test(fs.readFileSync(path.join(SITE, d, 'index.html'), 'utf8')));
  const server = await serveFolder(SITE);
  const browser = await launchChromium();
  try {
    for (const slug of lessons) {
      const files = new Map();
      const reading = [];
      const page = await browser.context.newPage();
      const record = (response) => reading.push(response.body().then((body) => {
        files.set(response.url().replace(server.url, ''), { raw: body.length, gzip: zlib.gzipSync(body).length });
      }, () => {}));
      page.on('response', record);
      await page.goto(`${server.url}${slug}/`, { waitUntil: 'networkidle' });
      await demosReady(page, { timeout: 30000 });
      // The first load ends here: what the benchmarks below make the page fetch (a training
      // worker, say) is not part of it.
      await Promise.all(reading);
      page.off('response', record);
      const onRequest = await page.evaluate(() => JSON.parse(document.querySelector('main').dataset.modelsOnRequest || '{}'));
      if (!FIRST_LOAD_ONLY) await benchInteraction(page, slug);
      printFirstLoad(slug, files, onRequest);
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
}

/** Recompute and redraw, training and playback on an open page (part 2 of the header). */
async function benchInteraction(page, slug) {
  const updates = await benchPageUpdates(page);
  console.log(`\n## Page ${slug}/: recompute + redraw per change (budget: one frame, ${FRAME_MS.toFixed(1)} ms)\n`);
  for (const u of updates) {
    console.log(`${pad(u.name, 22)} median ${u.median.toFixed(2)} ms (of which the core ${u.compute.toFixed(2)} ms), max ${u.max.toFixed(2)} ms  ${u.max < FRAME_MS ? 'ok' : 'OVER'}`);
  }
  for (const t of await benchTraining(page)) {
    console.log(`training ${t.plan}: ${t.seconds.toFixed(2)} s in a Web Worker (goal: under 5 s); main-thread tasks over 50 ms meanwhile: ${t.longTasks}${t.longTasks ? ` (longest ${t.longest.toFixed(0)} ms)` : ''}`);
    console.log(`  ${t.status}`);
  }
  for (const p of await benchPlayback(page)) {
    console.log(`playback: ${p.frames} frames in 3 s, median frame ${p.median.toFixed(1)} ms, ${p.late} frames later than 1.5x the median`);
  }
}

/** The files of one page's first load (`files`: url -> sizes), and those it fetches only on request. */
function printFirstLoad(slug, files, onRequest) {
  console.log(`\n## Page ${slug}/: first-load transfer\n`);
  let raw = 0;
  let gzip = 0;
  for (const [url, size] of [...files].sort((a, b) => b[1].gzip - a[1].gzip)) {
    console.log(`${pad(url, 48)}${lpad(kb(size.raw), 11)}${lpad(kb(size.gzip), 11)} gzip`);
    raw += size.raw;
    gzip += size.gzip;
  }
  const budget = PAGE_BUDGET_GZIP[slug] ?? DEFAULT_PAGE_BUDGET_GZIP;
  console.log(`${pad(`total (${files.size} files)`, 48)}${lpad(kb(raw), 11)}${lpad(kb(gzip), 11)} gzip   budget ${kb(budget)}: ${gzip <= budget ? 'ok' : 'OVER'}`);
  if (Object.keys(onRequest).length) {
    console.log('\nfetched only when the learner asks (not in the first load):');
    for (const { weights } of Object.values(onRequest)) {
      const url = `${slug}/${weights}`;
      const body = fs.readFileSync(path.join(SITE, url));
      console.log(`${pad(url, 48)}${lpad(kb(body.length), 11)}${lpad(kb(zlib.gzipSync(body).length), 11)} gzip${files.has(url) ? '   (but this page fetched it at once)' : ''}`);
    }
  }
}

/** Each module's two files as the site serves them, raw and gzip (what a page's first load pays for its core). */
function benchModules() {
  console.log('\n## WebAssembly modules (web/modules.json), as in site/assets/\n');
  for (const name of declaredModules().keys()) {
    const sizes = moduleFiles(name).map((f) => fs.readFileSync(path.join(SITE, 'assets', f)))
      .map((body) => ({ raw: body.length, gzip: zlib.gzipSync(body).length }));
    const [js, wasm] = sizes;
    console.log(`${pad(name, 12)} .wasm ${lpad(kb(wasm.raw), 10)} ${lpad(kb(wasm.gzip), 10)} gzip   .js ${lpad(kb(js.raw), 9)} ${lpad(kb(js.gzip), 9)} gzip`);
  }
}

console.log(`# Benchmark, ${new Date().toISOString().slice(0, 10)}, ${process.arch}, Node ${process.version}`);
if (!FIRST_LOAD_ONLY) await benchDemos();
await benchPages();
benchModules();
