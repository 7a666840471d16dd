// Where each training worker's time goes, timed inside the worker itself (issue 22's two workers):
// the loader of a training worker's module (core-lm-training.js, core-training.js) is served wrapped, so that every
// call of the core a worker makes (lmPartsGradient, lmStep, lmValidation, …) is timed with the worker's
// own clock, and so is the gap before it (before a step: the copy of the blocks and the wait for the
// other workers; before a part: the loop, the reports). Nothing in the site changes, so the same
// benchmark reads main's site and a branch's alike. Each worker sends its figures on a BroadcastChannel
// after its last step and after the result; the page keeps the latest of each.
const CHANNEL = 'attn-worker-split';
const REAL = '.split-real.js';  // the loader itself, under another name beside the wrapper

/** The wrapper served as core-<name>.js: the real loader, every core call timed. */
const wrapper = (name) => `
import create from './core-${name}${REAL}';
const channel = new BroadcastChannel('${CHANNEL}');
const now = () => performance.timeOrigin + performance.now();
const loaded = now();
const WAIT_SIZES = [0.05, 0.1, 0.2, 0.5, 1, 2, 5];
export default async function (...args) {
  const module = await create(...args);
  const record = { id: Math.random(), module: '${name}', origin: performance.timeOrigin, loaded, ready: now(), slot: null,
    calls: {}, gaps: {}, firstCall: null, lastEnd: null, waits: [], parts: [], sizes: {} };
  let previous = null;
  const post = () => channel.postMessage(record);
  for (const key of Object.keys(module)) {
    if (!/^(lm|train)[A-Z]/.test(key) || /Exchange$/.test(key) || typeof module[key] !== 'function') continue;
    const real = module[key];
    module[key] = (...a) => {
      const start = now();
      if (previous !== null && /Step$/.test(key)) {  // the wait for the others' blocks, by half second of the training
        const at = Math.floor((start - record.firstCall) / 500);
        record.waits[at] = (record.waits[at] ?? 0) + start - previous.end;
        const size = WAIT_SIZES.find((limit) => start - previous.end < limit) ?? Infinity;  // how the waits are spread
        const bin = (record.sizes[size] ??= [0, 0]);
        ++bin[0]; bin[1] += start - previous.end;
      }
      if (previous !== null) { const gap = (record.gaps[key + ' after ' + previous.key] ??= [0, 0, 0]); ++gap[0]; gap[1] += start - previous.end; gap[2] = Math.max(gap[2], start - previous.end); }
      const answer = real(...a);
      const end = now();
      const call = (record.calls[key] ??= [0, 0, start]);
      ++call[0]; call[1] += end - start;
      if (key === 'lmPartsGradient' || key === 'trainPartsGradient') {
        record.slot ??= a[3];
        const at = Math.floor((start - (record.firstCall ?? start)) / 500);
        record.parts[at] = (record.parts[at] ?? 0) + end - start;
      }
      record.firstCall ??= start;
      record.lastEnd = end;
      previous = { key, end };
      if (/Weights|Result/.test(key) || (typeof answer === 'string' && answer.includes('"done":true'))) post();
      return answer;
    };
  }
  return module;
}`;

/**
 * Serves the page's training loaders wrapped (before page.goto) and listens for the workers' figures.
 * @returns {() => Promise<object[]>} the figures of each worker so far, worker 0 first
 */
export async function watchWorkerSplit(page) {
  await page.route(/\/core-(lm-training|training)\.js$/, (route) => {
    const name = route.request().url().match(/core-(lm-training|training)\.js$/)[1];
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: wrapper(name) });
  });
  await page.route(new RegExp(`/core-(lm-training|training)${REAL.replace(/\./g, '\\.')}$`), (route) =>
    route.continue({ url: route.request().url().replace(REAL, '.js') }));
  await page.addInitScript((channel) => {
    window.workerSplits = new Map();
    new BroadcastChannel(channel).onmessage = ({ data }) => window.workerSplits.set(data.id, data);
  }, CHANNEL);
  return async () => {
    await page.waitForTimeout(200);  // the last messages on their way
    const records = await page.evaluate(() => [...window.workerSplits.values()]);
    return records.sort((a, b) => (a.slot ?? -1) - (b.slot ?? -1) || a.origin - b.origin);
  };
}

const ms = (x) => `${Math.round(x)} ms`;

/**
 * One worker's figures as lines of text, times from `zero` (the click, in the page's clock:
 * performance.timeOrigin + the click's performance.now()).
 */
export function describeSplit(record, zero) {
  const lines = [];
  const at = (t) => `+${Math.round(t - zero)}`;
  lines.push(`  worker ${record.slot ?? 0} (${record.module}): created ${at(record.origin)}, module loaded ${at(record.loaded)}, ` +
    `core ready ${at(record.ready)}, first call ${at(record.firstCall)}, last call ended ${at(record.lastEnd)} ms`);
  const calls = Object.entries(record.calls).sort((a, b) => b[1][1] - a[1][1])
    .map(([key, [n, total]]) => `${key} ${n}× ${ms(total)}`);
  lines.push(`    calls: ${calls.join(', ')}`);
  const gaps = Object.entries(record.gaps).filter(([, [, total]]) => total >= 1).sort((a, b) => b[1][1] - a[1][1])
    .map(([key, [n, total, most]]) => `${key} ${n}× ${ms(total)} (longest ${most.toFixed(1)})`);
  lines.push(`    gaps before: ${gaps.join(', ')}`);
  const halves = (xs) => Array.from(xs, (x) => Math.round(x ?? 0)).join(' ');
  if (record.parts.length) lines.push(`    each half second from the first call: parts ${halves(record.parts)} ms; waiting before a step ${halves(record.waits)} ms`);
  const sizes = Object.entries(record.sizes).sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([limit, [n, total]]) => `${limit === 'Infinity' ? 'longer' : `< ${limit}`}: ${n}× ${ms(total)}`);
  if (sizes.length) lines.push(`    waits before a step by length (ms): ${sizes.join(', ')}`);
  return lines.join('\n');
}
