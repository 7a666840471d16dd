// Where one input's time goes on a 4x-slowed CPU (figures, not pass/fail), after scripts/build.sh:
//   node scripts/trace-input.mjs <page> <instance> <action> [--times N] [--site folder] [--timeline] [--why] [--cold] [--css 'rules to try']
// <action>: type:<label>=<text> (select a number box's text and type), append:<label>=<key> (the key at the end of a
//           box's text, then Backspace, in turns: a prompt one letter longer and shorter), key:<label> (ArrowRight on a slider),
//           click:<button text> (or click:<text>|<text>: each in turn), select:<label> (each other choice),
//           check:<label> (a checkbox, on and off in turn), drag (the picture's first object),
//           reset:<label>=<text>&<label>=<text>… (types each box's text, then Reset: only Reset's click is measured).
// Records a Chromium trace (CDP Tracing) and a JavaScript CPU profile (CDP Profiler) around N repeats
// of the input, then prints per input: the main thread's time by kind of work (script, style
// recalculation with its element counts, layout with its object counts, forced layouts, paint, the rest)
// and the JavaScript by function (self time). Its companion is scripts/bench-phone.mjs (the figures).
// --cold: no input before the measured ones, so the first pays what a control's first use costs (code compiled,
// first layouts of new elements), as bench-phone's one click a button does.
// --inclusive: the JavaScript by function with what each called (a site built with ATTN_MINIFY=0 names them).
// --why: what the inputs asked the browser to redo: the trace's invalidation tracking (each element whose style or
// layout was invalidated, by reason, and what it was) and the page's DOM writes (a MutationObserver's records).
import path from 'node:path';
import { ROOT } from '../tests/support/core.mjs';
import { demosReady, launchChromium, tap, writesDrawn } from '../tests/support/browser.mjs';
import { serveFolder } from '../tests/support/server.mjs';
import { hostSpeedLine } from './host-speed.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const [slug, instance, action] = args;
const TIMES = Number(flag('--times', 4));
const SITE = path.resolve(flag('--site', path.join(ROOT, 'site')));
if (!action) { console.error('usage: node scripts/trace-input.mjs <page> <instance> <action> [--times N] [--site folder]'); process.exit(2); }

const WHY = args.includes('--why');
const COLD = args.includes('--cold');
const INCLUSIVE = args.includes('--inclusive');
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing',
  'disabled-by-default-devtools.timeline.stack', ...(WHY ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : [])].join(',');

/** The control in the demo by its label (a control's <label>, a button's text). */
async function control(demo, kind, label) {
  if (kind === 'click') return demo.locator('form.controls button', { hasText: label }).first();
  const box = demo.locator('form.controls .control, form.controls .scalar').filter({ has: demo.page().locator('label', { hasText: label }) }).first();
  const selector = { type: 'input[type=text]', append: 'input[type=text]', key: 'input[type=range]', select: 'select', check: 'input[type=checkbox]' }[kind];
  const labelled = box.locator(selector).first();
  if (await labelled.count()) return labelled;
  // A grid's cell has no <label> of its own: its aria-label names it ("Tokens X (one row per token), token 2, feature 0").
  return demo.locator(`form.controls input[aria-label*="${label}"]`).first();
}

async function act(page, demo) {
  const [kind, rest = ''] = action.split(/:(.*)/s);
  if (kind === 'drag') {
    const handle = demo.locator('svg .robot, svg .object').first();
    await handle.scrollIntoViewIfNeeded();
    const box = await handle.boundingBox();
    return async (k) => {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 6 * (k % 2 ? -1 : 1), box.y + box.height / 2);
      await page.mouse.up();
    };
  }
  if (kind === 'reset') {
    // As bench-phone's sweep leaves a demo before its Reset: boxes typed away from the preset.
    const typed = await Promise.all(rest.split('&').map(async (pair) => [await control(demo, 'type', pair.split('=')[0]), pair.split('=')[1]]));
    const reset = demo.locator('form.controls button.reset');
    await reset.scrollIntoViewIfNeeded();
    return async () => {
      for (const [box, text] of typed) { await box.selectText(); await page.keyboard.type(text); }
      await settle(page);
      await tap(page, reset);
    };
  }
  const [label, text] = rest.split('=');
  if (kind === 'click') {
    // "click:+ entry|− entry" takes turns, so a list's length goes up and down again.
    const buttons = await Promise.all(label.split('|').map((l) => control(demo, kind, l)));
    await buttons[0].scrollIntoViewIfNeeded();
    return async (k) => tap(page, buttons[k % buttons.length]);
  }
  const target = await control(demo, kind, label);
  await target.scrollIntoViewIfNeeded();
  if (kind === 'type') return async (k) => { await target.selectText(); await page.keyboard.type(k % 2 ? String(Number(text) + 1) : text); };
  // Focused once, as bench-phone does: a locator's query before each key is the harness's own script, tens of ms of
  // the page's main thread at 4x on the lm page.
  if (kind === 'append') { await target.focus(); return async (k) => { await page.keyboard.press('End'); await page.keyboard.press(k % 2 ? text : 'Backspace'); }; }
  if (kind === 'key') { await target.focus(); return async (k) => page.keyboard.press(k % 2 ? 'ArrowLeft' : 'ArrowRight'); }
  if (kind === 'check') return async () => tap(page, target);
  if (kind === 'select') {
    const values = await target.evaluate((s) => [...s.options].map((o) => o.value));
    return async (k) => target.selectOption(values[(k + 1) % values.length]);
  }
  throw new Error(`unknown action ${action}`);
}

// Two frames, a pause, and the writes left for idle time done (web/runtime/render/write-soon.js), as a learner's pause
// leaves them: each input is measured alone.
const settle = async (page) => {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))));
  await writesDrawn(page);
};

/** Main-thread events of the renderer, nested: each with its children and self time. */
function tree(events) {
  // The page's renderer: of the renderers' main threads, the one that recalculated style most.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const styled = (t) => events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'UpdateLayoutTree').length;
  const main = mains.sort((a, b) => styled(b) - styled(a))[0];
  const slices = events.filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const roots = [];
  const stack = [];
  for (const s of slices) {
    s.children = [];
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= s.ts) stack.pop();
    (stack.length ? stack.at(-1).children : roots).push(s);
    s.parent = stack.at(-1);
    stack.push(s);
  }
  return slices;
}

const JS = new Set(['FunctionCall', 'EvaluateScript', 'V8.Execute', 'RunMicrotasks', 'EventDispatch', 'TimerFire', 'FireAnimationFrame', 'FireIdleCallback', 'v8.callFunction', 'v8.run']);
const inJs = (s) => { for (let p = s.parent; p; p = p.parent) if (JS.has(p.name)) return true; return false; };

// Who forced it: the JavaScript function on top of the stack the trace recorded with it.
const by = (s) => {
  const frames = s.args?.beginData?.stackTrace ?? s.args?.data?.stackTrace ?? [];
  if (frames.length) return frames.slice(0, 3).map((f) => `${f.functionName || '?'}:${f.lineNumber}`).join('<');
  const chain = [];
  for (let p = s.parent; p; p = p.parent) chain.push(p.name === 'FunctionCall' ? `${p.args?.data?.functionName || 'fn'}:${p.args?.data?.lineNumber}` : p.name);
  return chain.slice(0, 4).join('<');
};

/**
 * Each input's own work: from the task that dispatched its event to the end of the first frame's Commit
 * after it (the frame that shows it). Self thread time (tdur: what the main thread itself spent, whatever
 * else the machine runs) by kind, and each style recalculation and layout in that window.
 */
function summarise(slices) {
  const self = new Map();
  const add = (k, v) => self.set(k, (self.get(k) ?? 0) + v);
  const style = [];
  const layout = [];
  const walls = [];
  let slowest = null;  // the slowest input's event time, and its wall time
  let slowestWall = -Infinity;
  const time = (e) => e.tdur ?? e.dur;
  const top = (s) => { while (s.parent) s = s.parent; return s; };
  // A button or Reset: its click alone (not the boxes typed before it, nor the pointer's move onto the button and its
  // press, a frame earlier: tests/support/browser.mjs tap); a drag: its moves; the rest: the input event.
  const kind = action.split(':')[0];
  const measured = { reset: ['click'], click: ['click'], drag: ['pointermove'] }[kind] ?? ['input'];
  const events = slices.filter((s) => s.name === 'EventDispatch' && measured.includes(s.args?.data?.type));
  for (const event of events) {
    const from = top(event).ts;
    const commit = slices.find((s) => s.name === 'Commit' && s.ts > event.ts + event.dur);
    if (!commit) continue;
    const to = commit.ts + commit.dur;
    walls.push((to - event.ts) / 1000);
    if (walls.at(-1) > slowestWall) [slowest, slowestWall] = [event.ts, walls.at(-1)];
    for (const s of slices) {
      if (s.ts < from || s.ts >= to) continue;
      const childTime = s.children.reduce((t, c) => t + time(c), 0);
      add(JS.has(s.name) ? 'script' : s.name, Math.max(0, time(s) - childTime) / 1000);
      if (s.name === 'UpdateLayoutTree') style.push({ ms: time(s) / 1000, elements: s.args?.elementCount, forced: inJs(s) && by(s) });
      if (s.name === 'Layout') layout.push({ ms: time(s) / 1000, dirty: s.args?.beginData?.dirtyObjects, total: s.args?.beginData?.totalObjects, forced: inJs(s) && by(s) });
    }
  }
  return { self, style, layout, walls, slowest, inputs: walls.length };
}

/**
 * The main thread's tasks around the slowest input (from 20 ms before its event to 600 ms after): when, how long,
 * and their largest parts. A slow tail is one input's story, which an average over the inputs hides.
 */
function timeline(slices, from) {
  const parts = (s, depth) => s.children.filter((c) => c.dur > 300).map((c) => {
    const name = c.name === 'FunctionCall' ? `fn ${c.args?.data?.functionName || '?'}:${c.args?.data?.lineNumber}`
      : c.name === 'EventDispatch' ? `event ${c.args?.data?.type}` : c.name === 'TimerFire' ? 'timer' : c.name;
    const inner = depth < 3 && c.children.length ? ` [${parts(c, depth + 1)}]` : '';
    return `${name} ${(c.dur / 1000).toFixed(1)}${inner}`;
  }).join(', ');
  console.log('  timeline of the slowest input (ms from its event):');
  for (const s of slices) {
    if (s.parent || s.ts + s.dur < from - 20000 || s.ts > from + 600000 || s.dur < 300) continue;
    console.log(`    +${((s.ts - from) / 1000).toFixed(1).padStart(6)} ${(s.dur / 1000).toFixed(1).padStart(6)} ${s.name}: ${parts(s, 1)}`);
  }
}

/** In the page: counts the DOM's writes by kind and by what they wrote to (a tag and its class). */
function watchWrites() {
  const name = (n) => (n.nodeType === 1 ? `${n.localName}${n.classList.length ? `.${[...n.classList].join('.')}` : ''}` : n.nodeName);
  const where = (n) => (n.nodeType === 1 ? n : n.parentElement);
  window.__writes = {};
  const add = (key) => { window.__writes[key] = (window.__writes[key] ?? 0) + 1; };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') add(`attribute ${r.attributeName} of ${name(r.target)}`);
      else if (r.type === 'characterData') add(`text in ${name(where(r.target))}`);
      else {
        for (const n of r.addedNodes) add(`added ${name(n)} to ${name(r.target)}`);
        for (const n of r.removedNodes) add(`removed ${name(n)} from ${name(r.target)}`);
      }
    }
  }).observe(document, { subtree: true, attributes: true, characterData: true, childList: true });
}

/** --why: the invalidations the trace recorded, by kind, reason and element, and the page's writes, per input. */
function why(events, writes) {
  const counts = new Map();
  for (const e of events) {
    if (!e.name.endsWith('InvalidationTracking')) continue;
    const d = e.args?.data ?? {};
    const reason = d.reason ?? d.invalidationSet?.id ?? d.changedAttribute ?? d.changedClass ?? d.changedPseudo ?? d.changedId ?? (d.invalidatedSelectorId ? `selector ${d.invalidatedSelectorId}` : '');
    const key = `${e.name.replace('InvalidationTracking', '')}: ${reason} ${d.nodeName ?? ''}`.trim();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  console.log('  invalidations (trace), per input:');
  for (const [k, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`    ${(n / TIMES).toFixed(1).padStart(7)}  ${k}`);
  console.log('  DOM writes (MutationObserver), per input:');
  for (const [k, n] of Object.entries(writes).sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`    ${(n / TIMES).toFixed(1).padStart(7)}  ${k}`);
}

/** JavaScript time by function, self (or with --inclusive, with what it called: each function once per sample). */
function functions(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map(profile.nodes.flatMap((n) => (n.children ?? []).map((c) => [c, n.id])));
  const keyOf = ({ functionName, url, lineNumber }) => `${functionName || '(anonymous)'} ${url ? `${url.split('/').slice(-2).join('/')}:${lineNumber + 1}` : ''}`;
  const us = new Map();
  const deltas = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const keys = new Set();
    for (let n = id; n !== undefined && (INCLUSIVE || !keys.size); n = parent.get(n)) keys.add(keyOf(byId.get(n).callFrame));
    for (const key of keys) us.set(key, (us.get(key) ?? 0) + (deltas[i + 1] ?? 0));
  });
  return [...us].sort((a, b) => b[1] - a[1]);
}

async function main() {
  const server = await serveFolder(SITE);
  const browser = await launchChromium();
  try {
    console.log(await hostSpeedLine(browser.context));
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const cdp = await browser.context.newCDPSession(page);
    await page.goto(`${server.url}${slug}/`);
    await demosReady(page, { timeout: 60000 });
    if (flag('--css')) await page.addStyleTag({ content: flag('--css') }); // an experiment: rules over the site's
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const demo = page.locator(`.demo[data-instance="${instance}"]`);
    const once = await act(page, demo);
    if (!COLD) { await once(0); await settle(page); } // warm
    const count = await page.evaluate(() => document.getElementsByTagName('*').length);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    const events = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    await cdp.send('Profiler.start');
    await page.evaluate(() => performance.clearMeasures());
    if (WHY) await page.evaluate(watchWrites);
    for (let k = 1; k <= TIMES; ++k) { await once(k); await settle(page); }
    const { profile } = await cdp.send('Profiler.stop');
    const measures = await page.evaluate(() => performance.getEntriesByType('measure').map((m) => [m.name, m.duration]));
    const writes = WHY ? await page.evaluate(() => window.__writes) : null;
    await cdp.send('Tracing.end');
    await done;
    const slices = tree(events);
    const { self, style, layout, walls, slowest, inputs } = summarise(slices);
    if (args.includes('--timeline') && slowest !== null) timeline(slices, slowest);
    const per = (v) => (v / TIMES).toFixed(1).padStart(7);
    const perInput = (v) => (v / inputs).toFixed(1).padStart(7);
    console.log(`${slug} ${instance} ${action}: ${TIMES} inputs at 4x CPU; ${count} elements on the page; per input:`);
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    console.log(`  ${inputs} input events; event to its frame's commit (wall, load-sensitive): ${walls.map((w) => w.toFixed(0)).join(', ')} ms`);
    console.log(`  main thread's own time in those windows (thread time) ${perInput(total)} ms an input, by kind (self time):`);
    for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 14)) if (v / inputs >= 0.1) console.log(`    ${perInput(v)} ms  ${k}`);
    const list = (xs, f) => xs.map(f).join(', ');
    console.log(`  style recalculations: ${style.length / inputs} per input (${style.filter((s) => s.forced).length / inputs} forced by script): ` +
      list(style.slice(0, 12), (s) => `${s.ms.toFixed(1)} ms/${s.elements} el${s.forced ? ` F(${s.forced})` : ''}`));
    console.log(`  layouts: ${layout.length / inputs} per input (${layout.filter((s) => s.forced).length / inputs} forced): ` +
      list(layout.slice(0, 12), (s) => `${s.ms.toFixed(1)} ms/${s.dirty}of${s.total}${s.forced ? ` F(${s.forced})` : ''}`));
    const grouped = new Map();
    for (const [name, d] of measures) grouped.set(name, [...(grouped.get(name) ?? []), d.toFixed(1)]);
    console.log(`  user timing: ${[...grouped].map(([n, ds]) => `${n} ${ds.join('/')}`).join('; ')}`);
    if (WHY) why(events, writes);
    console.log(`  JavaScript by function (${INCLUSIVE ? 'with what it called' : 'self'}, per input):`);
    for (const [k, us] of functions(profile).slice(0, INCLUSIVE ? 40 : 22)) if (us / TIMES >= 100) console.log(`    ${per(us / 1000)} ms  ${k}`);
  } finally {
    await browser.close();
    server.close();
  }
}

main();
