// The language model's training in the page (web/runtime/lm-train-panel.js, train-worker.js), used as a
// learner uses it, at a small setting: the weights file is the native trainer's to the bit with one worker
// and with two, after a pause and a resume too; Stop keeps the weights of its step and the demos read them;
// each bad text is refused with its message and nothing is lost; a downloaded file loads back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../support/core.mjs';
import { demo, useSite } from '../support/site.mjs';
import { WATCH_EXCHANGE } from '../support/exchange.mjs';
import { demosReady, writesDone } from '../support/browser.mjs';

const site = useSite();
const SLOT = 'next-character/char-lm';
const TEXT_FILE = path.join(ROOT, 'site/assets/lessons.txt');  // the page's default text
const SMALL = { layers: 1, heads: 2, width: 16, context: 16, batch: 8, lr: 0.01, steps: 40, seed: 5 };
const query = (settings) => `?${Object.entries(settings).map(([k, v]) => `train.${k}=${v}`).join('&')}`;

/** The weights file the native trainer writes for these settings (attn lm json, its last line). */
function nativeFile(settings) {
  const lines = execFileSync(path.join(ROOT, 'build/native/attn'),
    ['lm', 'json', TEXT_FILE, JSON.stringify(settings), String(settings.steps), '{"prompt": "t"}', '{"prompt": "t", "count": 1}'],
    { encoding: 'utf8', maxBuffer: 64 << 20 }).trim().split('\n');
  const answer = JSON.parse(lines.at(-1));
  assert.equal(answer.ok, true, lines.at(-1));
  return answer.file;
}

const statusOf = (page) => demo(page, 'train').locator('.train-status');
const networkText = (page) => page.evaluate((slot) => window.attnLesson.networks.text(slot), SLOT);

/** Trains with `workers` workers and waits for the end (or the status `until`); returns the weights file now in use. */
async function train(page, workers, { until = /^Done,/ } = {}) {
  const panel = demo(page, 'train');
  await panel.getByLabel('Workers').selectOption(String(workers));
  await panel.getByRole('button', { name: 'Train in your browser' }).click();
  await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('.demo[data-instance="train"] .train-status').textContent),
    until.source, { timeout: 120000 });
  return networkText(page);
}

test('lm training in the page: one worker and two give the native trainer\'s weights file, to the bit; the sample box says why it is empty until the first sample', async () => {
  const { page, problems } = await site.open(`lm/${query(SMALL)}`);
  await demosReady(page);
  const expected = nativeFile(SMALL);
  const sample = demo(page, 'train').locator('.lm-sample');
  assert.match(await sample.innerText(), /^No sample yet/, 'before any training, the sample box says why it is empty');
  assert.equal(await train(page, 1), expected, 'one worker');
  assert.doesNotMatch(await sample.innerText(), /^No sample yet|first sample/, 'after training, the box holds the network\'s writing');
  assert.equal(await sample.evaluate((box) => box.classList.contains('waiting')), false);
  assert.match(await statusOf(page).innerText(), /in 1 worker\./, 'the count agrees with its noun');
  assert.equal(await train(page, 2), expected, 'two workers');
  assert.match(await statusOf(page).innerText(), /in 2 workers\./, 'the count agrees with its noun');
  assert.deepEqual(problems, []);
});

test('lm training in the page: the page starts the second worker with the first, not after the first has its core', async () => {
  // Worker 0 used to start its teammate once its core had answered with the count of parts, so the teammate's
  // whole start (its script, core and training, about 0.4 s) came before the first step; the page now starts
  // both at the click. Counted as the page makes them (a worker's own workers are not the page's).
  const countMade = () => {
    const Native = window.Worker;
    window.workersMade = 0;
    window.Worker = class extends Native { constructor(...args) { super(...args); window.workersMade += 1; } };
  };
  const { page, problems } = await site.open(`lm/${query(SMALL)}`, undefined, { before: [countMade] });
  await demosReady(page);
  const made = await page.evaluate(() => window.workersMade);
  assert.equal(await train(page, 2), nativeFile(SMALL), 'the native trainer\'s bits');
  assert.equal(await page.evaluate(() => window.workersMade) - made, 2, 'the page made both training workers');
  assert.match(await statusOf(page).innerText(), /in 2 workers\./, 'the count agrees with its noun');
  assert.deepEqual(problems, []);
});

test('lm training in the page: the workers share the module the page compiled, once for every training of the page', async () => {
  // Each worker used to fetch and compile its own core-lm-training.wasm, and V8 optimised each one's hot
  // functions again; a compiled module passed to the workers shares its code (web/runtime/core.js, compileCore).
  const { page, problems } = await site.open(`lm/${query(SMALL)}`);
  const fetched = [];
  page.on('request', (request) => { if (request.url().endsWith('/core-lm-training.wasm')) fetched.push(request.url()); });
  await demosReady(page);
  const expected = nativeFile(SMALL);
  assert.equal(await train(page, 2), expected, 'the native trainer\'s bits, first training');
  assert.equal(await train(page, 2), expected, 'the native trainer\'s bits, second training');
  assert.equal(fetched.length, 1, 'one fetch of the training module for two trainings of two workers each');
  assert.deepEqual(problems, []);
});

test('lm training in the page: the loss chart holds every tenth step, which worker 0 sends in batches, not one message each', async () => {
  // One report every 10 steps (the chart's points); the worker sends the reports at most every 100 ms
  // (train-worker.js, POST_EVERY_MS): a message each woke the page's thread 300 times a training. 2,000 steps
  // take about 1.2 s in two workers on a quiet machine, so 200 reports come in far fewer than 100 messages
  // (a message each 100 ms would still be under 100 if the test command's load made them take 9 s).
  const settings = { ...SMALL, steps: 2000 };
  const { page, problems } = await site.open(`lm/${query(settings)}`, undefined, { before: [{ content: WATCH_EXCHANGE }] });
  await demosReady(page);
  await train(page, 2);
  const numbers = demo(page, 'train').locator('details.chart-data');
  await numbers.locator('summary').click();
  const steps = (await numbers.locator('tr > :first-child').allInnerTexts()).slice(1).map((text) => Number(text.replace(/,/g, '')));
  assert.deepEqual(steps, Array.from({ length: 200 }, (_, k) => 10 * (k + 1)), 'a row for every tenth step, in order');
  const messages = await page.evaluate(() => window.trainingExchanges.length);  // each progress message says its exchange
  assert.ok(messages > 0 && messages < 100, `200 reports came in ${messages} messages`);
  assert.deepEqual(problems, []);
});

/** The lm page opened on `settings`, its training started in two workers and paused once it has made a step. */
async function pausedInTwoWorkers(settings) {
  const { page, problems } = await site.open(`lm/${query(settings)}`);
  await demosReady(page);
  await train(page, 2, { until: /^Step [1-9]/ });
  const panel = demo(page, 'train');
  await panel.getByRole('button', { name: 'Pause' }).click();
  await page.waitForFunction(() => /^Paused after step/.test(document.querySelector('.demo[data-instance="train"] .train-status').textContent));
  return { page, problems, panel };
}

test('lm training in the page: paused and resumed, it gives the bits of a run never paused', async () => {
  // Long enough that the Pause lands before the end: 600 steps took 0.4 s from the first report to the
  // end on a quiet machine, which a click under the test command's load can miss; 4,000 take 2.5 s.
  const settings = { ...SMALL, steps: 4000 };
  const { page, problems, panel } = await pausedInTwoWorkers(settings);
  await panel.getByRole('button', { name: 'Resume' }).click();
  await page.waitForFunction(() => /^Done,/.test(document.querySelector('.demo[data-instance="train"] .train-status').textContent), null, { timeout: 120000 });
  assert.equal(await networkText(page), nativeFile(settings));
  assert.deepEqual(problems, []);
});

test('lm training in the page: paused, the loss chart reaches the step it paused at', async () => {
  // The chart is redrawn every 2 s while training; a pause between two redraws left it up to 2 s behind the status.
  const settings = { ...SMALL, steps: 4000 };
  const { page, problems, panel } = await pausedInTwoWorkers(settings);
  const paused = Number((await statusOf(page).innerText()).match(/^Paused after step ([\d,]+)/)[1].replace(/,/g, ''));
  const numbers = panel.locator('details.chart-data');
  assert.equal(await numbers.count(), 1, 'a loss chart is drawn at the pause');
  await numbers.locator('summary').click();
  const last = (await numbers.locator('tr > :first-child').allInnerTexts()).at(-1);
  assert.equal(Number(last.replace(/,/g, '')), paused, 'the chart\'s last step is the paused one');
  await panel.getByRole('button', { name: 'Stop' }).click();
  await page.waitForFunction(() => /stopped/i.test(document.querySelector('.demo[data-instance="train"] .train-status').textContent));
  assert.deepEqual(problems, []);
});

test('lm training in the page: Stop keeps the weights of its step, and the four demos read them', async () => {
  const settings = { ...SMALL, steps: 20000 };
  const { page, problems } = await site.open(`lm/${query(settings)}`);
  await demosReady(page);
  const before = await demo(page, 'next').locator('pre.printed').innerText();
  const panel = demo(page, 'train');
  await panel.getByLabel('Workers').selectOption('1');
  await panel.getByRole('button', { name: 'Train in your browser' }).click();
  await page.waitForFunction(() => /^Step [1-9][\d,]{2}/.test(document.querySelector('.demo[data-instance="train"] .train-status').textContent));
  await panel.getByRole('button', { name: 'Stop' }).click();
  await page.waitForFunction(() => /^Stopped after step/.test(document.querySelector('.demo[data-instance="train"] .train-status').textContent));
  const step = Number((await statusOf(page).innerText()).match(/step ([\d,]+)/)[1].replace(/,/g, ''));
  assert.ok(step > 0 && step < settings.steps);
  const file = await networkText(page);
  assert.equal(JSON.parse(file).steps, step);
  assert.equal(file, nativeFile({ ...settings, steps: step }), 'the weights of step N are those of a training of N steps');
  for (const instance of ['embed', 'head', 'heads', 'next'])
    await demo(page, instance).locator('.network-line').getByText(/yours, trained in this browser/).waitFor();
  await page.waitForFunction((old) => document.querySelector('.demo[data-instance="next"] pre.printed').innerText !== old, before);
  await panel.getByRole('button', { name: 'Back to the shipped network' }).click();
  await page.waitForFunction((old) => document.querySelector('.demo[data-instance="next"] pre.printed').innerText === old, before);
  assert.deepEqual(problems, []);
});

test('lm training in the page: each bad text is refused with its message, and the pasted text stays', async () => {
  const { page, problems } = await site.open('lm/');
  await demosReady(page);
  const panel = demo(page, 'train');
  const status = panel.locator('.lm-text-status');
  const box = panel.getByLabel('Paste your own text');
  // Does `act`, then waits for the core's answer (a status that is new and not "Checking…").
  const refusedWith = async (act, re) => {
    const before = await status.innerText();
    await act();
    await page.waitForFunction((old) => {
      const now = document.querySelector('.demo[data-instance="train"] .lm-text-status').textContent;
      return now !== old && !/^Checking/.test(now);
    }, before);
    assert.match(await status.innerText(), re);
  };
  const usePasted = () => panel.getByRole('button', { name: 'Use the pasted text' }).click();
  await box.fill('');
  await refusedWith(usePasted, /empty/i);
  await box.fill('abab abab abab');
  await refusedWith(usePasted, /only 3 different characters/);
  assert.equal(await box.inputValue(), 'abab abab abab', 'the pasted text stays in the box');
  const open = panel.getByLabel('Open a text file');
  await refusedWith(() => open.setInputFiles({ name: 'picture.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 1, 2, 3]) }),
    /picture\.png cannot be used: .*(control|text)/i);
  await refusedWith(() => open.setInputFiles({ name: 'book.txt', mimeType: 'text/plain', buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 'a') }),
    /book\.txt is too large .* 2,097,153 bytes/);
  assert.match(await status.innerText(), /Nothing changed/);
  const text = fs.readFileSync(path.join(ROOT, 'tests/fixtures/lm_small_text.txt'), 'utf8');
  await box.fill(text);
  await panel.getByRole('button', { name: 'Use the pasted text' }).click();
  await page.waitForFunction(() => /Training will learn from The pasted text/.test(document.querySelector('.demo[data-instance="train"] .lm-text-status').textContent));
  assert.deepEqual(problems, []);
});

test('lm training in the page: the downloaded weights load back as the same network', async () => {
  const { page, problems } = await site.open(`lm/${query(SMALL)}`);
  await demosReady(page);
  const trained = await train(page, 1);
  const panel = demo(page, 'train');
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download these weights' }).click()]);
  const saved = fs.readFileSync(await download.path(), 'utf8');
  assert.equal(saved, trained);
  await panel.getByRole('button', { name: 'Back to the shipped network' }).click();
  await panel.getByLabel('Load weights from a file').setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(saved) });
  await page.waitForFunction(() => /mine\.json are now in use/.test(document.querySelector('.demo[data-instance="train"] .lm-file-status').textContent));
  assert.equal(await networkText(page), saved);
  await panel.getByLabel('Load weights from a file').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"network": "char-lm", "layers": 99}') });
  await page.waitForFunction(() => /cannot load the weights: its layers is 99/.test(document.querySelector('.demo[data-instance="train"] .lm-file-status').textContent));
  assert.equal(await networkText(page), saved, 'a refused file changes nothing');
  assert.deepEqual(problems, []);
});

test('lm training in the page: while a setting is refused (3 heads in a width of 32), Train trains nothing and says to fix it', async () => {
  const { page, problems } = await site.open('lm/');
  const panel = demo(page, 'train');
  const heads = panel.getByLabel('Heads', { exact: true });
  await heads.fill('3');
  await heads.press('Enter');
  await writesDone(page);
  assert.match(await panel.innerText(), /must split evenly into 3 heads/);
  await panel.getByRole('button', { name: 'Train in your browser' }).click();
  assert.match(await statusOf(page).innerText(), /^The settings above have a value the trainer cannot take; fix it first\./);
  assert.equal(await panel.getByRole('button', { name: 'Train in your browser' }).isDisabled(), false, 'no training started');
  assert.deepEqual(problems, []);
});
