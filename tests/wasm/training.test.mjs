// Training in the browser's module gives the very bits the native trainer gives.
// core/nn/matmul.hpp adds every product's terms in one order whatever the SIMD,
// so WebAssembly (4 lanes) and native (up to 16) agree exactly, not to a
// tolerance: the worker's network after the lesson's 30 epochs is the one the
// lesson ships.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadWasmCore, loadWasmModule, ROOT } from '../support/core.mjs';
import { scratchDir } from '../../scripts/scratch-dir.mjs';

const wasm = await loadWasmCore();

function trainNative(config) {
  const out = path.join(scratchDir('attn-train-'), 'weights.json');
  const summary = JSON.parse(execFileSync(path.join(ROOT, 'build/native/attn'), ['train', '--task', config.task,
    '--model', config.model, '--seed', String(config.seed), '--epochs', String(config.epochs), '--quiet', '--out', out],
  { encoding: 'utf8' }));
  return { summary, weights: JSON.parse(fs.readFileSync(out, 'utf8')) };
}

function trainWasm(config) {
  const started = wasm.trainStart(config);
  assert.equal(started.ok, true, JSON.stringify(started));
  let progress;
  do progress = wasm.trainAdvance(500); while (!progress.done);
  assert.equal(progress.failed, false, progress.message);
  return { progress, result: wasm.trainResult() };
}

for (const config of [
  { task: 'find', model: 'lookup', seed: 0, epochs: 30 },  // the lesson's whole training
  { task: 'nearest', model: 'transformer-1', seed: 1, epochs: 1 },
  { task: 'find', model: 'plain-16', seed: 0, epochs: 2 },
]) {
  test(`training: ${config.task}/${config.model} gives the same weights, loss and misses in WebAssembly as natively, bit for bit`, () => {
    const native = trainNative(config);
    const { progress, result } = trainWasm(config);
    assert.deepEqual(result.weights, native.weights, 'every weight equal');
    assert.equal(progress.epoch_loss, native.summary.final_epoch_loss);
    assert.equal(result.misses['4'], native.summary.miss_cm_4);
    assert.equal(result.misses['6'], native.summary.miss_cm_6);
  });
}

/**
 * A transformer's training shared by `count` instances of the module, as the
 * page's workers share it (web/runtime/train-worker.js), with the part API called
 * directly: each computes its parts' gradient block into its own slot, every
 * instance gets every block in its slot and takes the same step.
 */
async function trainTeam(config, count) {
  // Each its own instance of the training module, as each worker has.
  const team = await Promise.all(Array.from({ length: count }, () => loadWasmModule('training')));
  const plans = team.map((core) => core.trainStart(config));
  const { parts, block } = plans[0];
  assert.equal(parts, 4, 'a transformer trains on 4 parts');
  const per = parts / count;
  const raw = (text) => { const answer = JSON.parse(text); assert.equal(answer.ok, true, text); return answer; };
  let progress = { step: 0, done: false };
  while (!progress.done) {
    const blocks = team.map((core, i) => {
      raw(core.module.trainPartsGradient(progress.step, i * per, per, i));
      return core.module.trainExchange().slice(i * block, (i + 1) * block);
    });
    const answers = team.map((core) => {
      const exchange = core.module.trainExchange();
      blocks.forEach((b, i) => exchange.set(b, i * block));
      return raw(core.module.trainStep(count));
    });
    answers.forEach((answer) => assert.deepEqual(answer, answers[0], 'every worker took the same step'));
    progress = answers[0];
  }
  // The misses at the end, as the workers share them: each measures its share, and instance 0
  // puts the others' distances beside its own before the result sums them.
  const shares = team.map((core, i) => {
    const { ranges } = raw(core.module.trainMisses(i, count));
    return { ranges, values: ranges.map(([offset, n]) => core.module.trainMissesExchange().slice(offset, offset + n)) };
  });
  assert.equal(shares.flatMap(({ ranges }) => ranges).reduce((sum, [, n]) => sum + n, 0), 4000, 'the shares cover 2 x 2,000 scenes');
  const exchange = team[0].module.trainMissesExchange();
  for (const { ranges, values } of shares.slice(1)) ranges.forEach(([offset], k) => exchange.set(values[k], offset));
  return { progress, result: team[0].trainResult() };
}

test('training: Transformer-2 trained in two or four workers, the misses measured in shares, gives the same bits as in one and as native', async () => {
  const config = { task: 'nearest', model: 'transformer-2', seed: 2, epochs: 2 };  // 314 steps
  const native = trainNative(config);
  const one = trainWasm(config);
  assert.deepEqual(one.result.weights, native.weights, 'one worker: every weight equal to native');
  for (const count of [2, 4]) {
    const { progress, result } = await trainTeam(config, count);
    assert.deepEqual(result.weights, native.weights, `${count} workers: every weight equal to native`);
    assert.equal(progress.epoch_loss, native.summary.final_epoch_loss);
    assert.deepEqual(result.misses, one.result.misses);
    assert.deepEqual(result.misses, { 4: native.summary.miss_cm_4, 6: native.summary.miss_cm_6 });
  }
});
