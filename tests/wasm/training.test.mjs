// Training in the browser's module gives the very bits the native trainer gives.
// core/nn/matmul.hpp adds every product's terms in one order whatever the SIMD,
// so WebAssembly (4 lanes) and native (up to 16) agree exactly, not to a
// tolerance: the worker's network after the lesson's 30 epochs is the one the
// lesson ships.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadWasmCore, ROOT } from '../support/core.mjs';

const wasm = await loadWasmCore();

function trainNative(config) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'attn-train-')), 'weights.json');
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
