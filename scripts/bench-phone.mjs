// A cheap phone on a school network (figures, not pass/fail), after scripts/build.sh:
//   node scripts/bench-phone.mjs [site folder] [--runs N] [--load-only]
// Each lesson page in headless Chromium under slow 4G (150 ms latency, 1.6 Mbit/s down)
// and 4x CPU slowdown (platform note), through playwright-core's CDP session:
//   load:   first contentful paint, demos ready, and the layout shift (CLS) until then
//   input:  input-to-paint of every slider step (arrow keys, one step at a time), in a scripted
//           sweep over each slider (90th percentile), unthrottled network, still 4x CPU
// The site folder defaults to site/; pass another built site to compare before and after.
// Served with gzip, as a static host would (serveGzipped).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT } from '../tests/support/core.mjs';
import { launchChromium } from '../tests/support/browser.mjs';

const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
const PAGES = ['attention', 'robot', 'table'];
const STEPS_PER_SLIDER = 8;
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const SITE = path.resolve(args.find((a, i) => !a.startsWith('--') && i !== runsAt + 1) ?? path.join(ROOT, 'site'));

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json',
  '.wasm': 'application/wasm', '.woff2': 'font/woff2', '.svg': 'image/svg+xml', '.png': 'image/png' };

/**
 * The folder over HTTP as a static host would serve it: gzip for a browser that accepts it (Python's
 * http.server sends none, and a phone's figures should not pay for a megabyte of uncompressed wasm).
 */
function serveGzipped(folder) {
  const server = http.createServer((request, response) => {
    let file = path.join(folder, decodeURIComponent(new URL(request.url, 'http://x').pathname));
    if (file.endsWith(path.sep)) file = path.join(file, 'index.html');
    if (!file.startsWith(folder) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) { response.writeHead(404).end(); return; }
    const body = fs.readFileSync(file);
    const headers = { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' };
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '') && path.extname(file) !== '.woff2') {
      response.writeHead(200, { ...headers, 'Content-Encoding': 'gzip' }).end(zlib.gzipSync(body));
    } else response.writeHead(200, headers).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close(),
  })));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

// Recorded in the page from its first script on: layout shifts, and for every
// input event the time from the event to the end of the frame that shows its effect.
function recorder() {
  window.__phone = { cls: 0, latencies: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__phone.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  // When every demo first shows its output (prerendered: with the HTML; else when the module has run).
  const everyOutput = () => {
    const demos = [...document.querySelectorAll('.demo[data-demo]')];
    if (demos.length && demos.every((d) => d.querySelector('.output'))) window.__phone.outputAt = performance.now();
    else requestAnimationFrame(everyOutput);
  };
  requestAnimationFrame(everyOutput);
  document.addEventListener('input', (event) => {
    const start = event.timeStamp;
    // rAF runs before the frame's rendering; a task queued from it runs after that paint.
    requestAnimationFrame(() => setTimeout(() => window.__phone.latencies.push(performance.now() - start), 0));
  }, true);
}

async function throttledPage(context, network) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(recorder);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (network) await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

async function measureLoad(context, url) {
  const page = await throttledPage(context, true);
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.documentElement.dataset.demosReady === 'true', null, { timeout: 60000, polling: 50 });
  const readyMs = Date.now() - started;
  const { fcp, cls, outputMs } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    cls: window.__phone.cls,
    outputMs: window.__phone.outputAt,
  }));
  await page.close();
  return { readyMs, fcp, cls, outputMs };
}

/** Steps every enabled slider of the page with the arrow keys; returns every input-to-paint time [ms]. */
async function measureSliders(context, url) {
  const page = await throttledPage(context, false);
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.demosReady === 'true', null, { timeout: 60000 });
  const perControl = [];
  const sliders = page.locator('.demo input[type=range]:enabled');
  for (let i = 0; i < await sliders.count(); ++i) {
    const slider = sliders.nth(i);
    if (!(await slider.isVisible())) continue;
    const name = await slider.evaluate((s) => `${s.closest('.demo').dataset.instance} ${s.getAttribute('aria-label') ?? s.className}`);
    await slider.focus();
    await page.evaluate(() => { window.__phone.latencies = []; });
    for (let k = 0; k < STEPS_PER_SLIDER; ++k) {
      // One step at a time: the next key is pressed once this one's frame has painted, so a
      // figure is one step's own time, not a queue of them (a held key would add up).
      const done = await page.evaluate(() => window.__phone.latencies.length);
      await page.keyboard.press(k < STEPS_PER_SLIDER / 2 ? 'ArrowRight' : 'ArrowLeft');
      await page.waitForFunction((n) => window.__phone.latencies.length > n, done, { timeout: 5000, polling: 'raf' }).catch(() => {});
    }
    perControl.push({ name, latencies: await page.evaluate(() => window.__phone.latencies) });
  }
  await page.close();
  return perControl;
}

async function main() {
  const server = await serveGzipped(SITE);
  const browser = await launchChromium();
  console.log(`site: ${SITE} (gzip); slow 4G + ${CPU_SLOWDOWN}x CPU for loads, ${CPU_SLOWDOWN}x CPU for inputs; ${RUNS} run(s), medians`);
  try {
    for (const slug of PAGES) {
      const url = `${server.url}${slug}/`;
      const loads = [];
      for (let r = 0; r < RUNS; ++r) loads.push(await measureLoad(browser.context, url));
      const fcp = median(loads.map((l) => l.fcp)).toFixed(0);
      const ready = median(loads.map((l) => l.readyMs)).toFixed(0);
      const cls = median(loads.map((l) => l.cls)).toFixed(3);
      const output = median(loads.map((l) => l.outputMs)).toFixed(0);
      console.log(`\n## ${slug}: first contentful paint ${fcp} ms, every demo's output shown ${output} ms, ` +
        `demos ready ${ready} ms (goal 3000), CLS ${cls}`);
      if (args.includes('--load-only')) continue;
      const controls = await measureSliders(browser.context, url);
      const all = controls.flatMap((c) => c.latencies);
      for (const c of controls) {
        if (c.latencies.length) console.log(`  ${c.name.padEnd(60)} p90 ${quantile(c.latencies, 0.9).toFixed(1)} ms`);
      }
      if (all.length) console.log(`  every slider step on the page: p90 ${quantile(all, 0.9).toFixed(1)} ms, max ${Math.max(...all).toFixed(1)} ms (goal 50)`);
    }
  } finally {
    await browser.close();
    server.close();
  }
}

main();
