// Writing text with the shipped language model (figures, not pass/fail), after scripts/build.sh:
//   node scripts/bench_lm_next.mjs [--counts 80,200] [--runs 20] [--site site/] [--native build/native/attn]
// For each count of characters: the lm_next demo (the next character's probabilities, then `count`
// characters written from a seed) at its preset otherwise, timed natively (`attn bench`: the same
// parameters again, whose texts the demo keeps since core/nn/lm/writer.hpp, so no pass is run), in
// WebAssembly under Node and in the lm page in headless Chromium (a new seed each call: only the
// prompt's logits kept), where each change of the seed is timed by the page itself (User Timing: the
// core's call, and the call with the redraw). Each figure is the fastest of --runs calls and, after
// the slash, their median: on a machine shared with other
// work the fastest is the least disturbed.
//   node scripts/bench_lm_next.mjs --walk [--site site/]
// A learner's walk instead, at the preset's 80 characters: the Temperature slider stepped up from 1 by
// 0.05 twenty times, then down again to 1, then Top-k from 0 up to 20; per part, the core's call in
// the page (fastest / median), and the network's passes the calls need when every text written
// before is kept (core/nn/lm/writer.hpp) against one per character, counted from the texts.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { loadWasmModule, ROOT } from '../tests/support/core.mjs';
import { demosReady, launchChromium } from '../tests/support/browser.mjs';
import { serveFolder } from '../tests/support/server.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const COUNTS = option('counts', '80,200').split(',').map(Number);
const RUNS = Number(option('runs', 20));
const SITE = path.resolve(option('site', path.join(ROOT, 'site')));
const NATIVE = path.resolve(option('native', path.join(ROOT, 'build/native/attn')));  // ATTN_WASM=folder for another module
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const both = (xs) => `${Math.min(...xs).toFixed(2)} / ${median(xs).toFixed(2)} ms`;

function native(count) {
  const times = [];
  for (let i = 0; i < RUNS; ++i) {
    const out = execFileSync(NATIVE, ['bench', 'lm_next', JSON.stringify({ count }), '3'], { encoding: 'utf8' });
    times.push(JSON.parse(out).us_per_call / 1000);
  }
  return times;
}

async function inNode(count) {
  const core = await loadWasmModule('lm');
  const times = [];
  for (let i = 0; i < RUNS + 3; ++i) {
    const started = performance.now();
    const answer = core.run('lm_next', { count, seed: i });
    if (!answer.ok) throw new Error(JSON.stringify(answer.error));
    if (i >= 3) times.push(performance.now() - started);  // the first calls warm V8 up
  }
  return times;
}

async function inPage(browser, url, count) {
  const page = await browser.context.newPage();
  await page.goto(`${url}lm/?next.count=${count}`);
  await demosReady(page, { timeout: 60000 });
  const t = await page.evaluate(async (runs) => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    const box = document.querySelector('.demo[data-instance="next"] input.num[id^="seed-"]');
    performance.clearMeasures();
    for (let i = 0; i < runs + 3; ++i) {
      box.value = String(100 + i);
      box.dispatchEvent(new Event('input', { bubbles: true }));
      await frame();
    }
    const of = (kind) => performance.getEntriesByType('measure').filter((m) => m.name === `${kind}:next`).slice(3).map((m) => m.duration);
    return { compute: of('demo-compute'), update: of('demo-update') };
  }, RUNS);
  await page.close();
  return t;
}

// The walk's parameters, part by part.
const WALK = {
  up: Array.from({ length: 20 }, (_, i) => ({ temperature: Number((1.05 + 0.05 * i).toFixed(2)) })),
  down: Array.from({ length: 20 }, (_, i) => ({ temperature: Number((1.95 - 0.05 * i).toFixed(2)) })),
  'top-k': Array.from({ length: 20 }, (_, i) => ({ temperature: 1, top_k: i + 1 })),
};

// The passes of each part when every text written is kept: a character's logits are a pass unless
// the text before it (the prompt and the characters drawn before) was read by an earlier call.
async function walkPasses() {
  const core = await loadWasmModule('lm');
  const read = new Set();
  const passes = (params) => {
    const answer = core.run('lm_next', params);
    if (!answer.ok) throw new Error(JSON.stringify(answer.error));
    const written = [...answer.result.texts.written].slice(1, -1);  // within its “quotes”
    let count = 0;
    for (let i = 0; i < written.length; ++i) {
      const before = written.slice(0, i).join('');
      if (!read.has(before)) { read.add(before); ++count; }
    }
    return count;
  };
  passes({});
  return Object.fromEntries(Object.entries(WALK).map(([part, steps]) => [part, steps.reduce((n, p) => n + passes(p), 0)]));
}

async function walkInPage(browser, url) {
  const page = await browser.context.newPage();
  await page.goto(`${url}lm/`);
  await demosReady(page, { timeout: 60000 });
  const out = {};
  for (const [part, steps] of Object.entries(WALK)) {
    out[part] = await page.evaluate(async (steps) => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
      const demo = document.querySelector('.demo[data-instance="next"]');
      const box = (name) => demo.querySelector(`input.num[id^="${name}-"]`);
      performance.clearMeasures();
      for (const step of steps) {
        for (const [name, value] of Object.entries(step)) {
          const b = box(name);
          if (b.value === String(value)) continue;
          b.value = String(value);
          b.dispatchEvent(new Event('input', { bubbles: true }));
        }
        await frame();
      }
      return performance.getEntriesByType('measure').filter((m) => m.name === 'demo-compute:next').map((m) => m.duration);
    }, steps);
  }
  await page.close();
  return out;
}

const server = await serveFolder(SITE);
if (args.includes('--walk')) {
  const browser = await launchChromium();
  try {
    console.log(`load average: ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim()}`);
    const passes = await walkPasses();
    const times = await walkInPage(browser, server.url);
    for (const part of Object.keys(WALK))
      console.log(`${part}: ${WALK[part].length} calls, ${passes[part]} passes kept-all (${WALK[part].length * 80} one per character), ` +
        `page ${both(times[part])} in the core (${times[part].length} calls timed)`);
  } finally {
    await browser.close();
    server.close();
  }
  process.exit(0);
}
const browser = await launchChromium();
try {
  console.log(`load average: ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim()}`);
  for (const count of COUNTS) {
    const page = await inPage(browser, server.url, count);
    console.log(`lm_next, ${count} characters: native ${both(native(count))}, WebAssembly (Node) ${both(await inNode(count))}, ` +
      `page ${both(page.compute)} in the core (${both(page.update)} with the redraw)`);
  }
} finally {
  await browser.close();
  server.close();
}
