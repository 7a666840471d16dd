// A cheap phone on a school network (figures, not pass/fail), after scripts/build.sh:
//   node scripts/bench-phone.mjs [site folder] [--runs N] [--load-only] [--pages attention,robot] [--worst N] [--sweeps N]
//                                [--only 'regexp'] [--css 'rules to try'] [--inputs N] [--cpu N] [--each]
// Each lesson page in headless Chromium under slow 4G (150 ms latency, 1.6 Mbit/s down)
// and 4x CPU slowdown (platform note), through playwright-core's CDP session:
//   load:   first contentful paint, demos ready, and the layout shift (CLS) until then (--runs 0: none)
//   input:  input-to-paint of every control of every demo, one input at a time, unthrottled network,
//           still 4x CPU: slider steps (arrow keys), values typed key by key into number boxes,
//           every choice of a select and checkbox, the grids' buttons and Reset (each a press, a frame, a
//           release: a click is timed from the release, as a tap), drags on the pictures with the mouse (each
//           move) and their arrow keys; --inputs N of each control (10: slider steps there and back, a box's
//           neighbouring value and its own typed in turns (a prompt: a letter typed and erased), choices in
//           turns, a grid's button each time undone by its partner, Reset after the demo's sliders moved).
//           Printed per kind of control:
//           the 90th percentile, the median of the demo's own update (the rest is the browser's style,
//           layout and paint) and the worst control; then the page's, against the 50 ms goal.
//           --worst N lists the N controls with the highest p90, each with its demo's update.
//           --sweeps N works every control N times (a fresh page each time) and prints each sweep's page p90
//           and their median: one sweep's p90 moves by a few ms from one to the next; then each control's p90
//           over all its inputs of the N sweeps, and the controls over the goal by it.
//           --only works the controls whose name ("instance: label", as --worst prints them) the regexp finds, so a
//           quiet minute measures the slowest controls of two sites more than once.
//           --css adds rules over the site's once a page is ready (an experiment, as trace-input.mjs's --css).
//           --cpu N slows the CPU N times instead of 4 (the goal's figure): a host that does a page's work k times
//           slower than another is, at 4/k, that other host at 4 (host-speed.mjs times the page's work).
//           --each prints every control's inputs in the order made (which of them are slow: the one that leaves
//           the preset, say).
// The site folder defaults to site/; pass another built site to compare before and after.
// Served with gzip, as a static host would (serveGzipped).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT } from '../tests/support/core.mjs';
import { demosReady, launchChromium, tap, writesDrawn } from '../tests/support/browser.mjs';
import { hostSpeeds, hostSpeedWords } from './host-speed.mjs';

const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const DRAG_PX = 6;             // per move of a drag
const GOAL_MS = 50;            // input to paint, 90th percentile: the goal docs/benchmarks.md measures against
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const pagesAt = args.indexOf('--pages');
const worstAt = args.indexOf('--worst');
const WORST = worstAt >= 0 ? Number(args[worstAt + 1]) : 0;
const sweepsAt = args.indexOf('--sweeps');
const SWEEPS = sweepsAt >= 0 ? Number(args[sweepsAt + 1]) : 1;
const onlyAt = args.indexOf('--only');
const ONLY = onlyAt >= 0 ? new RegExp(args[onlyAt + 1]) : null;
const cssAt = args.indexOf('--css');
const inputsAt = args.indexOf('--inputs');
const cpuAt = args.indexOf('--cpu');
const CPU_SLOWDOWN = cpuAt >= 0 ? Number(args[cpuAt + 1]) : 4;
// Inputs per control (slider steps, drag moves, keys typed, choices, clicks): a p90 needs ten at least, and the
// sweeps before 2026-12-05 gave a button or a box typed with one key a single input, its "p90" that one frame.
const INPUTS = inputsAt >= 0 ? Number(args[inputsAt + 1]) : 10;
const CSS = cssAt >= 0 ? args[cssAt + 1] : null;
const EACH = args.includes('--each');
const PAGES = pagesAt >= 0 ? args[pagesAt + 1].split(',') : ['attention', 'robot', 'table', 'block', 'lm'];
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const flagValues = [runsAt, pagesAt, worstAt, sweepsAt, onlyAt, cssAt, inputsAt, cpuAt].filter((at) => at >= 0).map((at) => at + 1);
const SITE = path.resolve(args.find((a, i) => !a.startsWith('--') && !flagValues.includes(i)) ?? path.join(ROOT, 'site'));

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

// The clock, the machine's one-minute load and its speed then (host-speed.mjs): the same site's figures move by a
// fifth between a quiet half hour and a loud one, and by half from one machine to another (docs/benchmarks.md,
// 2026-12-05 18:25 and 21:26), so figures from two runs compare only beside these.
const machineNow = async (context) => `${new Date().toISOString().slice(11, 19)} UTC, load ${os.loadavg()[0].toFixed(2)}, ${hostSpeedWords(await hostSpeeds(context))}`;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// The nearest-rank quantile: the least input that a share q of the inputs are at or under. Until 2026-12-05 06:20
// this took the input at index floor(q·n), past the rank: a control's "p90" of ten inputs was the slowest of them.
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(q * xs.length) - 1)];

// Recorded in the page from its first script on: layout shifts, and for every
// input the learner gives (a changed value, a click, a key on a picture, a move of a drag)
// the time from the event to the end of the frame that shows its effect.
function recorder() {
  window.__phone = { cls: 0 };
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
  const record = (event) => {
    if (event.type === 'pointermove' && !event.buttons) return; // a drag's moves only
    const start = event.timeStamp;
    // Registered in the capture phase, so this rAF callback runs before the demo's own in the
    // same frame; a task queued from it runs after that frame's paint.
    // Told to the harness through a binding once the time is taken: a harness polling in the page would run its
    // poll in the frame being timed.
    requestAnimationFrame(() => setTimeout(() => window.__phoneHeard?.({ type: event.type, ms: performance.now() - start }), 0));
  };
  for (const type of ['input', 'click', 'keydown', 'pointermove']) document.addEventListener(type, record, true);
}

// Each page's waiting input (measured): its event's type and what to call with its latency.
const waiting = new WeakMap();

async function throttledPage(context, network) {
  const page = await context.newPage();
  await page.exposeBinding('__phoneHeard', (_, latency) => {
    const wait = waiting.get(page);
    if (wait?.type === latency.type) { waiting.delete(page); wait.heard(latency.ms); }
  });
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
  await demosReady(page, { timeout: 60000, polling: 50 });
  const readyMs = Date.now() - started;
  const { fcp, cls, outputMs } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    cls: window.__phone.cls,
    outputMs: window.__phone.outputAt,
  }));
  await page.close();
  return { readyMs, fcp, cls, outputMs };
}

/**
 * One input, measured: runs `act` and waits until the frame that shows the effect of its `type`
 * event has painted (one input at a time, so a figure is one input's own time, not a queue of them).
 * @returns the input-to-paint time [ms], or null if the input caused no such event (a slider at its end)
 */
async function measured(page, type, act) {
  const heard = new Promise((resolve) => waiting.set(page, { type, heard: resolve }));
  await act();
  let timer;
  const got = await Promise.race([heard, new Promise((resolve) => { timer = setTimeout(resolve, 3000, null); })]);
  clearTimeout(timer);
  waiting.delete(page);
  // The tables and pictures written in idle time after that frame (web/runtime/render/write-soon.js) are
  // written and drawn before the next input, as a learner's pause leaves them: an input is measured alone.
  await writesDrawn(page);
  return got;
}

const visible = (locator) => locator.evaluateAll((nodes) => nodes.map((n) => n.checkVisibility() && !n.disabled && !n.closest('[aria-disabled="true"]')));
/** The nth of `selector` in `demo` that a learner can see and use. */
async function usable(demo, selector) {
  const all = demo.locator(selector);
  const shown = await visible(all);
  return shown.flatMap((v, i) => (v ? [all.nth(i)] : []));
}
// A control's label (a grid's button: the grid's, then its own text), or a picture's object by its kind (its
// aria-label goes on with its place and weight).
const nameOf = (control) => control.evaluate((c) => {
  if (c.closest('svg')) return `${c.textContent} in ${c.closest('svg').getAttribute('aria-label').split(':')[0]}`;
  const label = c.getAttribute('aria-label') ?? c.closest('.control')?.querySelector('label')?.textContent;
  if (label === undefined) return c.textContent;
  return c.tagName === 'BUTTON' ? `${label}: ${c.textContent.trim()}` : label;
});

/**
 * A slider's INPUTS arrow keys, each a step the slider takes: out towards the end with more room and back, again
 * until INPUTS, so it ends where it began. (A key at the slider's end changes nothing and has no input to time: the
 * table's Objects slider, 1 to 8 from 4, timed 9 inputs of 10, and the nearest rank's p90 of 9 is their slowest.)
 */
function sliderWalk(value, min, max, step) {
  const right = Math.floor((max - value) / step + 1e-9);
  const left = Math.floor((value - min) / step + 1e-9);
  const [out, back, room] = right >= left ? ['ArrowRight', 'ArrowLeft', right] : ['ArrowLeft', 'ArrowRight', left];
  const keys = [];
  while (room > 0 && keys.length < INPUTS) {
    const k = Math.min(room, Math.floor((INPUTS - keys.length) / 2) || 1);
    keys.push(...Array(k).fill(out), ...Array(k).fill(back));
  }
  return keys.slice(0, INPUTS);
}

/** Slider: INPUTS arrow-key steps (sliderWalk), measured from the input event. */
async function sweepSlider(page, slider) {
  const keys = await slider.evaluate((s) => [Number(s.value), Number(s.min), Number(s.max), Number(s.step) || 1]).then((v) => sliderWalk(...v));
  await slider.focus();
  const times = [];
  for (const key of keys) times.push(await measured(page, 'input', () => page.keyboard.press(key)));
  return times;
}

/** A number box's text and a neighbouring value's: one step of its slider or of its "min to max" range, or one more for a grid's cell. */
const neighbour = (box) => box.evaluate((b) => {
  const v = Number(b.value);
  if (!Number.isFinite(v)) return [b.value, null];
  const slider = b.closest('.scalar')?.querySelector('input[type=range]');
  const [min, max] = slider ? [Number(slider.min), Number(slider.max)] : (b.title.match(/^(\S+) to (\S+)$/)?.slice(1).map(Number) ?? [-Infinity, Infinity]);
  const step = Number(slider?.step) || 1;
  const next = v + step <= max ? v + step : Math.max(min, v - step);
  return [b.value, String(Number(next.toPrecision(6)))];
});

/**
 * Number box: selects its text and types the neighbouring value key by key (each key one input event), then its
 * own again, until INPUTS keys. A text box (a prompt): its last character typed again at its end, then erased, in
 * turns, as a learner extends a prompt by a letter.
 */
async function sweepTextBox(page, box) {
  const [own, target] = await neighbour(box);
  const times = [];
  if (target === null) {
    if (!own) return [];
    await box.focus();
    await page.keyboard.press('End');
    while (times.length < INPUTS) times.push(await measured(page, 'input', () => page.keyboard.press(times.length % 2 ? 'Backspace' : own.at(-1))));
    return times;
  }
  for (let round = 0; times.length < INPUTS; ++round) {
    await box.selectText();
    for (const key of round % 2 ? own : target) times.push(await measured(page, 'input', () => page.keyboard.type(key)));
  }
  return times;
}

/** Select: each other choice, then back, until INPUTS choices; checkbox: on and off, INPUTS times. */
async function sweepChoice(page, control) {
  const times = [];
  if (await control.evaluate((c) => c.tagName === 'INPUT')) {
    while (times.length < INPUTS) times.push(await measured(page, 'input', () => tap(page, control)));
    return times;
  }
  const [first, ...others] = await control.evaluate((s) => [s.value, ...[...s.options].map((o) => o.value).filter((v) => v !== s.value)]);
  while (times.length < INPUTS) for (const value of [...others, first]) times.push(await measured(page, 'input', () => control.selectOption(value)));
  return times;
}

const enabled = (button) => button.evaluate((b) => !b.disabled);

/** A demo's state moved from where a Reset leaves it, as a learner would before the next Reset. */
async function moveAway(page, sliders, box) {
  for (const slider of sliders) { await slider.focus(); await page.keyboard.press('ArrowRight'); }
  if (!sliders.length && box) {
    const [own, next] = await neighbour(box);
    if (next !== null) {
      await box.selectText();
      await page.keyboard.type(next);
    } else {
      await box.focus();
      await page.keyboard.press('End');
      await page.keyboard.press(own.at(-1) ?? 'a');
    }
  }
  await writesDrawn(page);
}

/**
 * A grid's button (add or remove a row or a column): INPUTS clicks, each undone by its partner ("+ token" by
 * "− token", not measured) so that the grid keeps its size. Reset: the first click measured where the
 * demo's sweep left it, then each after every slider of the demo has moved one step (or, with none, its
 * first box has taken a neighbouring value or one more character), not measured.
 */
async function sweepButton(page, button, demo) {
  const text = (await button.textContent()).trim();
  const partnerText = text.startsWith('+') ? text.replace('+', '−') : text.replace('−', '+');
  const partner = text === partnerText ? null : demo.locator('.grid-buttons button', { hasText: partnerText }).first();
  const sliders = await usable(demo, 'form.controls input[type=range]');
  const [box] = await usable(demo, 'form.controls input[type=text]');
  const times = [];
  for (let k = 0; k < INPUTS && await enabled(button); ++k) {
    if (k > 0 && !partner) await moveAway(page, sliders, box);
    times.push(await measured(page, 'click', () => tap(page, button)));
    if (partner && await enabled(partner)) {
      await tap(page, partner);
      await writesDrawn(page);
    }
  }
  return times;
}

/**
 * A drag on a picture with the mouse (pointer events, as a finger's): press on the object, INPUTS
 * moves there and back, release; each move measured from its pointermove.
 */
async function sweepDrag(page, handle) {
  await handle.scrollIntoViewIfNeeded();
  const box = await handle.boundingBox();
  if (!box) return [];
  const [x0, y0] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  const times = [];
  for (let k = 1; k <= INPUTS; ++k) {
    const dx = DRAG_PX * (k <= INPUTS / 2 ? k : INPUTS - k);
    times.push(await measured(page, 'pointermove', () => page.mouse.move(x0 + dx, y0 + dx / 2)));
  }
  await page.mouse.up();
  return times;
}

/** A picture's keyboard moves (arrow keys on its focused object), measured from the keydown. */
async function sweepPictureKeys(page, handle) {
  await handle.focus();
  const times = [];
  for (let k = 0; k < INPUTS; ++k) times.push(await measured(page, 'keydown', () => page.keyboard.press(k < INPUTS / 2 ? 'ArrowRight' : 'ArrowLeft')));
  return times;
}

// Every kind of control a demo has, in the order the sweep works through them; Reset comes last,
// so the next demo's figures do not start from this one's changes (each demo has its own state anyway).
// Not swept: the buttons that start something longer than a frame (Play, Train, load weights, embed).
const KINDS = [
  { kind: 'slider', selector: 'form.controls input[type=range], .playback input[type=range]', sweep: sweepSlider },
  { kind: 'box', selector: 'form.controls input[type=text]', sweep: sweepTextBox },
  { kind: 'choice', selector: 'form.controls select, form.controls input[type=checkbox], form.controls input[type=radio]', sweep: sweepChoice },
  // Every object of a demo's first picture; a figure with more views of the same objects (one per
  // layer and head) is dragged in its others by their first object only.
  { kind: 'drag', selector: 'svg .robot, .table-lab svg .object, .attention-grid > figure:first-child .object, .attention-grid > figure:not(:first-child) .object:first-child', sweep: sweepDrag },
  { kind: 'picture keys', selector: 'svg [tabindex="0"]', sweep: sweepPictureKeys },
  { kind: 'button', selector: 'form.controls .grid-buttons button, form.controls button.reset', sweep: sweepButton },
];

/** Works every control of every demo on the page; returns [{demo, kind, name, latencies}]. */
async function measureInputs(context, url) {
  const page = await throttledPage(context, false);
  const problems = [];
  page.on('console', (m) => {
    if (m.text() === 'Service Worker registration blocked by Playwright') return; // as tests/support/browser.mjs
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(url);
  await demosReady(page, { timeout: 60000 });
  if (CSS) await page.addStyleTag({ content: CSS });
  const perControl = [];
  const demos = page.locator('.demo[data-demo]');
  for (let d = 0; d < await demos.count(); ++d) {
    const demo = demos.nth(d);
    const instance = await demo.getAttribute('data-instance');
    for (const { kind, selector, sweep } of KINDS) {
      for (const control of await usable(demo, selector)) {
        const name = `${instance}: ${(await nameOf(control)).trim().slice(0, 64)}`;
        if (ONLY && !ONLY.test(name)) continue;
        await control.scrollIntoViewIfNeeded();
        await page.evaluate(() => performance.clearMeasures());
        const times = (await sweep(page, control, demo)).filter((t) => t !== null);
        // The demo's own recompute and redraw (demo-view.js measures it): the rest of a figure is the browser's.
        const updates = await page.evaluate(() => performance.getEntriesByType('measure').filter((m) => m.name.startsWith('demo-update:')).map((m) => m.duration));
        if (EACH) console.log(`  ${name}: ${times.map((t) => t.toFixed(0)).join(' ')} ms`);
        if (times.length) perControl.push({ kind, name, latencies: times, updates });
      }
    }
  }
  await page.close();
  return { perControl, problems };
}

const ms = (v) => `${v.toFixed(1)} ms`.padStart(9);

const highestP90First = (controls) => controls.map((c) => ({ ...c, p90: quantile(c.latencies, 0.9) })).sort((a, b) => b.p90 - a.p90);

/** One line: how many of `byP90` are over the goal, and which. */
function listOverGoal(byP90, which) {
  const over = byP90.filter((c) => c.p90 > GOAL_MS);
  console.log(`  controls whose p90${which} is over the ${GOAL_MS} ms goal: ${over.length} of ${byP90.length}` +
    `${over.length ? `: ${over.map((c) => `${c.name} ${c.p90.toFixed(1)}`).join(', ')}` : ''}`);
}

/** Per control kind: p90, the worst control (highest p90) and the count; then the page's p90 against the goal, which it returns. */
function reportInputs({ perControl, problems }) {
  for (const { kind } of KINDS) {
    const controls = perControl.filter((c) => c.kind === kind);
    if (!controls.length) continue;
    const all = controls.flatMap((c) => c.latencies);
    const [worst] = highestP90First(controls);
    const updates = controls.flatMap((c) => c.updates);
    console.log(`  ${kind.padEnd(13)} p90 ${ms(quantile(all, 0.9))} (demo update median ${updates.length ? median(updates).toFixed(1) : '-'} ms) ` +
      `over ${String(all.length).padStart(3)} inputs of ${String(controls.length).padStart(2)} controls; worst ${worst.name} (p90 ${worst.p90.toFixed(1)} ms)`);
  }
  const all = perControl.flatMap((c) => c.latencies);
  if (!all.length) return NaN;
  const byP90 = highestP90First(perControl);
  for (const c of byP90.slice(0, WORST)) {
    console.log(`    ${ms(c.p90)} p90 (median ${median(c.latencies).toFixed(1)}, slowest ${Math.max(...c.latencies).toFixed(1)}), ` +
      `demo update median ${c.updates.length ? median(c.updates).toFixed(1) : '-'} ms: ${c.kind}, ${c.name}`);
  }
  listOverGoal(byP90, '');
  const p90 = quantile(all, 0.9);
  console.log(`  every input on the page: p90 ${ms(p90)}, max ${Math.max(...all).toFixed(1)} ms over ${all.length} inputs: ` +
    `${p90 <= GOAL_MS ? 'within' : 'over'} the ${GOAL_MS} ms goal`);
  if (problems.length) console.log(`  console errors and warnings during the sweep: ${problems.length}, first: ${problems[0]}`);
  return p90;
}

/**
 * Each control over all the sweeps: the p90 of all its inputs together (a minute of a loud machine moves one
 * sweep's p90 of ten inputs by 10 ms and more; thirty move less), and the controls over the goal by it.
 */
function reportPooled(sweeps) {
  // A control is its name and how many before it in the sweep had that name: a grid's buttons share their grid's.
  const pooled = new Map();
  for (const { perControl } of sweeps) {
    const seen = new Map();
    for (const c of perControl) {
      const nth = seen.get(c.name) ?? 0;
      seen.set(c.name, nth + 1);
      const key = `${c.name}\u0000${nth}`;
      if (!pooled.has(key)) pooled.set(key, { name: c.name, latencies: [] });
      pooled.get(key).latencies.push(...c.latencies);
    }
  }
  const byP90 = highestP90First([...pooled.values()]);
  for (const c of byP90.slice(0, WORST)) {
    console.log(`    ${ms(c.p90)} p90 of ${c.latencies.length} inputs (median ${median(c.latencies).toFixed(1)}, slowest ${Math.max(...c.latencies).toFixed(1)}): ${c.name}`);
  }
  listOverGoal(byP90, ` over the ${sweeps.length} sweeps' inputs together`);
}

async function main() {
  const server = await serveGzipped(SITE);
  const browser = await launchChromium();
  if (CSS) console.log(`rules added to the inputs' pages: ${CSS}`);
  console.log(`site: ${SITE} (gzip); slow 4G + ${CPU_SLOWDOWN}x CPU for loads, ${CPU_SLOWDOWN}x CPU for inputs; ${RUNS} run(s), medians`);
  try {
    for (const slug of PAGES) {
      const url = `${server.url}${slug}/`;
      const loads = [];
      for (let r = 0; r < RUNS; ++r) loads.push(await measureLoad(browser.context, url));
      console.log(`\n## ${slug} (${await machineNow(browser.context)})`);
      if (RUNS) {
        const fcp = median(loads.map((l) => l.fcp)).toFixed(0);
        const ready = median(loads.map((l) => l.readyMs)).toFixed(0);
        const cls = median(loads.map((l) => l.cls)).toFixed(3);
        const output = median(loads.map((l) => l.outputMs)).toFixed(0);
        console.log(`  load: first contentful paint ${fcp} ms, every demo's output shown ${output} ms, ` +
          `demos ready ${ready} ms (goal 3000), CLS ${cls}`);
      }
      if (args.includes('--load-only')) continue;
      const p90s = [];
      const sweeps = [];
      for (let k = 0; k < SWEEPS; ++k) {
        if (SWEEPS > 1) console.log(`  sweep ${k + 1} of ${SWEEPS} (${await machineNow(browser.context)}):`);
        sweeps.push(await measureInputs(browser.context, url));
        p90s.push(reportInputs(sweeps.at(-1)));
      }
      if (SWEEPS > 1) {
        console.log(`  the page's p90 in ${SWEEPS} sweeps: ${p90s.map((v) => v.toFixed(1)).join(', ')} ms; median ${median(p90s).toFixed(1)} ms ` +
          `(goal ${GOAL_MS} ms)`);
        reportPooled(sweeps);
      }
      console.log(`  done: ${await machineNow(browser.context)}`);
    }
  } finally {
    await browser.close();
    server.close();
  }
}

main();
