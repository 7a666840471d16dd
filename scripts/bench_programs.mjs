// Benchmarks of the robot lesson's "Edit and run the program" panels (figures, not pass/fail).
// Run `node scripts/bench_programs.mjs` after scripts/build.sh. In headless Chromium, served over HTTP:
//   1. first click on "Edit and run the program" to the program's first printed line (goal < 1.5 s),
//      and the Run click alone on that first run
//   2. later runs: the Run click to the first printed line (goal < 100 ms)
//   3. the 70-reading values program (run) at full speed, Run click to done (goal < 200 ms)
//   4. the bytes that opening a panel and running add, raw and gzip
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT } from '../tests/support/core.mjs';
import { serveFolder } from '../tests/support/server.mjs';
import { launchChromium, openPage } from '../tests/support/browser.mjs';

const LATER_RUNS = 7;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function runOnce(page, instance) {
  const sel = `.demo[data-instance="${instance}"] details.program`;
  await page.evaluate((s) => { delete document.querySelector(s).dataset.state; }, sel);
  await page.click(`${sel} .program-run`);
  await page.waitForFunction((s) => document.querySelector(s).dataset.state, sel, { timeout: 30000 });
  return page.evaluate((s) => ({ ...document.querySelector(s).dataset }), sel);
}

async function main() {
  const server = await serveFolder(path.join(ROOT, 'site'));
  const browser = await launchChromium();
  try {
    const { page } = await openPage(browser.context, `${server.url}robot/`);
    const before = new Set(await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name)));
    const sel = '.demo[data-instance="run"] details.program';
    const clicked = await page.evaluate(() => performance.now());
    await page.click(`${sel} summary`);
    await page.waitForFunction((s) => document.querySelector(s).dataset.ready === 'true', sel);
    const first = await runOnce(page, 'run');
    console.log(`first open + run: ${(Number(first.firstPrintAt) - clicked).toFixed(0)} ms from the click on "Edit and run" to the first printed line ` +
      `(goal < 1500 ms); the Run click to the first printed line ${Number(first.firstPrintMs).toFixed(0)} ms`);
    const done = [];
    for (let i = 0; i < LATER_RUNS; ++i) done.push(Number((await runOnce(page, 'run')).runMs));
    // The scores program prints its first line after its 49 readings, as the lesson's program does.
    await page.click('.demo[data-instance="scores"] details.program summary');
    await page.waitForFunction(() => document.querySelector('.demo[data-instance="scores"] details.program').dataset.ready === 'true');
    const later = [];
    for (let i = 0; i < LATER_RUNS; ++i) later.push(Number((await runOnce(page, 'scores')).firstPrintMs));
    console.log(`later runs of the scores program (median of ${LATER_RUNS}): Run click to first printed line ${median(later).toFixed(1)} ms (goal < 100 ms)`);
    console.log(`the 70-reading values program at full speed: Run click to done ${median(done).toFixed(1)} ms (goal < 200 ms)`);
    const added = await page.evaluate((seen) => performance.getEntriesByType('resource')
      .filter((r) => !seen.includes(r.name)).map((r) => ({ name: r.name, bytes: r.encodedBodySize })), [...before]);
    // The page fetches the sandbox's files itself (worker-client.js); listed here too, in case one came from the cache.
    const worker = ['program-frame.json', 'program-worker.js', 'micropython.wasm', 'robot.py'];
    const files = [...new Set([...added.map((a) => new URL(a.name).pathname.replace(/^\//, '')), ...worker.map((f) => `assets/${f}`)])]
      .filter((f) => fs.existsSync(path.join(ROOT, 'site', f)));
    let raw = 0;
    let gz = 0;
    for (const f of files) {
      const bytes = fs.readFileSync(path.join(ROOT, 'site', f));
      const g = zlib.gzipSync(bytes, { level: 9 }).length;
      raw += bytes.length;
      gz += g;
      console.log(`  ${f.padEnd(34)} ${(bytes.length / 1024).toFixed(1).padStart(8)} KB raw ${(g / 1024).toFixed(1).padStart(8)} KB gzip`);
    }
    console.log(`bytes added by opening a panel and running: ` +
      `${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzip`);
  } finally {
    await browser.close();
    server.close();
  }
}

main();
