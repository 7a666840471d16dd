// Training in a cross-origin isolated page (served with COOP and COEP, as the site's service worker serves
// it from the second visit on): the workers pass their gradients through shared memory (train-worker.js,
// sharedExchange), and the weights are still the native trainer's, to the bit, in 2 and 4 workers, for a
// table network and for the language model; cancelling ends every worker, even one asleep in Atomics.wait.
// The message path (a first visit, another site's frame) is table-lesson.test.mjs's and lm-training.test.mjs's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { demo, useSite } from '../support/site.mjs';
import { ROOT } from '../support/core.mjs';
import { WATCH_EXCHANGE, exchangesSeen, withCores } from '../support/exchange.mjs';
import { scratchDir } from '../../scripts/scratch-dir.mjs';

const site = useSite({ isolated: true });
const open = (relative, cores) => site.open(relative, undefined, { before: [{ content: `${withCores(cores)}${WATCH_EXCHANGE}` }] });
const status = (page) => demo(page, 'train').locator('.train-status');
const waitForStatus = (page, re) => page.waitForFunction((source) => new RegExp(source).test(
  document.querySelector('.demo[data-instance="train"] .train-status').textContent), re.source, { timeout: 120000 })
  .catch(async (error) => { throw new Error(`${error.message}; the status says "${await status(page).innerText()}"`); });

const TABLE = '?train.task="nearest"&train.model="transformer-2"&train.epochs=1&train.seed=4';

function nativeTable() {
  const out = path.join(scratchDir('attn-train-'), 'weights.json');
  const summary = JSON.parse(execFileSync(path.join(ROOT, 'build/native/attn'), ['train', '--task', 'nearest',
    '--model', 'transformer-2', '--epochs', '1', '--seed', '4', '--quiet', '--out', out], { encoding: 'utf8' }));
  return { weights: JSON.parse(fs.readFileSync(out, 'utf8')), misses: { 4: summary.miss_cm_4, 6: summary.miss_cm_6 } };
}

test('isolated table page: Transformer-2 trained in two or four workers through shared memory has native\'s weights and misses', async () => {
  const native = nativeTable();
  for (const cores of [2, 4]) {
    const { page, problems } = await open(`table/${TABLE}`, cores);
    assert.equal(await page.evaluate(() => window.crossOriginIsolated), true, 'the page is cross-origin isolated');
    const train = demo(page, 'train');
    await train.getByRole('button', { name: 'Train in your browser' }).click();
    await waitForStatus(page, /^Done\./);
    assert.deepEqual(await exchangesSeen(page), ['shared'], `${cores} workers share memory`);
    const download = page.waitForEvent('download');
    await train.getByRole('button', { name: 'Save these weights (JSON)' }).click();
    const { misses, ...weights } = JSON.parse(fs.readFileSync(await (await download).path(), 'utf8'));
    assert.deepEqual(weights, native.weights, `${cores} workers: every weight is native's`);
    assert.deepEqual(misses, native.misses);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('isolated table page: cancelling a training in two workers that share memory ends both', async () => {
  const { page, problems } = await open(`table/${TABLE.replace('epochs=1', 'epochs=20')}`, 2);
  const train = demo(page, 'train');
  const closed = [];
  page.on('worker', (worker) => closed.push(new Promise((resolve) => worker.once('close', resolve))));
  await train.getByRole('button', { name: 'Train in your browser' }).click();
  await waitForStatus(page, /^Epoch/);
  assert.equal(closed.length, 2, 'two training workers run');
  assert.deepEqual(await exchangesSeen(page), ['shared']);
  await train.getByRole('button', { name: 'Cancel' }).click();
  await Promise.race([Promise.all(closed), new Promise((_, reject) => setTimeout(() => reject(new Error('a worker kept running')), 5000))]);
  assert.match(await status(page).innerText(), /Cancelled/);
  assert.deepEqual(problems, []);
});

const LM = { layers: 1, heads: 2, width: 16, context: 16, batch: 8, lr: 0.01, steps: 4000, seed: 5 };  // long enough to pause under load (lm-training.test.mjs)

test('isolated lm page: the language model trained in two workers through shared memory, paused and resumed, has the native trainer\'s weights file', async () => {
  const lines = execFileSync(path.join(ROOT, 'build/native/attn'), ['lm', 'json', path.join(ROOT, 'site/assets/lessons.txt'),
    JSON.stringify(LM), String(LM.steps), '{"prompt": "t"}', '{"prompt": "t", "count": 1}'],
  { encoding: 'utf8', maxBuffer: 64 << 20 }).trim().split('\n');
  const expected = JSON.parse(lines.at(-1)).file;
  const query = Object.entries(LM).map(([k, v]) => `train.${k}=${v}`).join('&');
  const { page, problems } = await open(`lm/?${query}`, 2);
  const panel = demo(page, 'train');
  await panel.getByLabel('Workers').selectOption('2');
  await panel.getByRole('button', { name: 'Train in your browser' }).click();
  await waitForStatus(page, /^Step [1-9]/);
  await panel.getByRole('button', { name: 'Pause' }).click();  // the teammate waits in Atomics.wait meanwhile
  await waitForStatus(page, /^Paused after step/);
  await panel.getByRole('button', { name: 'Resume' }).click();
  await waitForStatus(page, /^Done,/);
  assert.deepEqual(await exchangesSeen(page), ['shared']);
  assert.equal(await page.evaluate((slot) => window.attnLesson.networks.text(slot), 'next-character/char-lm'), expected);
  assert.deepEqual(problems, []);
});
