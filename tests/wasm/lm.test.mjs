// The language model (core/api/lm.hpp) in the site's WebAssembly module gives the
// native build's bits: the same training, validation loss, next-character
// probabilities and sampled text, compared as the JSON text each answers (every
// double printed in full), not to a tolerance. And a step shared out in parts,
// between two Web Workers, gives the bits of one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadWasmModule, ROOT } from '../support/core.mjs';

const TEXT_FILE = path.join(ROOT, 'tests/fixtures/lm_small_text.txt');
const TEXT = fs.readFileSync(TEXT_FILE, 'utf8');
const SETTINGS = JSON.stringify({ layers: 2, heads: 2, width: 16, context: 16, batch: 8, lr: 0.01, steps: 40, seed: 5 });
const NEXT = JSON.stringify({ prompt: 'the d', temperature: 0.8, top_k: 5 });
const GENERATE = JSON.stringify({ prompt: 'the ', count: 60, temperature: 0.9, top_k: 0, seed: 11 });

function native() {
  return execFileSync(path.join(ROOT, 'build/native/attn'), ['lm', 'json', TEXT_FILE, SETTINGS, '40', NEXT, GENERATE],
    { encoding: 'utf8' }).trim().split('\n');
}

async function lmModule() {
  return (await loadWasmModule('lm-training')).module;
}

test('lm: training, validation loss, probabilities, sampled text and the weights file are the same bits in WebAssembly as natively', async () => {
  const m = await lmModule();
  const wasm = [m.lmStart(TEXT, SETTINGS), m.lmAdvance(40), m.lmValidation(), m.lmNext(NEXT), m.lmGenerate(GENERATE), m.lmWeights()];
  const expected = native();
  for (const line of wasm) assert.equal(JSON.parse(line).ok, true, line);
  assert.deepEqual(wasm, expected);
  const sample = JSON.parse(wasm[4]).text;
  assert.equal([...sample].length, 60);
});

test('lm: two workers, each computing half the parts and swapping gradients, give the bits of one', async () => {
  const one = await lmModule();
  one.lmStart(TEXT, SETTINGS);
  one.lmAdvance(3);
  const workers = [await lmModule(), await lmModule()];
  const started = workers.map((w) => JSON.parse(w.lmStart(TEXT, SETTINGS)));
  assert.equal(started[0].parts, 4);
  const block = started[0].block;
  for (let step = 0; step < 3; step += 1) {
    // worker w: parts 2w and 2w + 1 into its exchange's slot w, then sends that block to the other
    workers.forEach((w, k) => assert.equal(JSON.parse(w.lmPartsGradient(step, 2 * k, 2, k)).ok, true));
    const mine = workers.map((w, k) => w.lmExchange().slice(k * block, (k + 1) * block));
    workers.forEach((w, k) => w.lmExchange().set(mine[1 - k], (1 - k) * block));
    workers.forEach((w) => assert.equal(JSON.parse(w.lmStep(2)).ok, true));
  }
  for (const w of workers) {
    assert.equal(w.lmValidation(), one.lmValidation());
    assert.equal(w.lmGenerate(GENERATE), one.lmGenerate(GENERATE));
  }
});

test('lm: bad text is refused with its message, and the module keeps answering', async () => {
  const m = await lmModule();
  const empty = JSON.parse(m.lmStart('', SETTINGS));
  assert.equal(empty.ok, false);
  assert.equal(empty.error.param, 'text');
  assert.match(empty.error.message, /The text is empty/);
  const few = JSON.parse(m.lmStart('abab abab', SETTINGS));
  assert.match(few.error.message, /only 3 different characters/);
  const noTraining = JSON.parse(m.lmGenerate(GENERATE));
  assert.match(noTraining.error.message, /no language model has been trained yet/);
  assert.equal(JSON.parse(m.lmStart(TEXT, SETTINGS)).ok, true);
});
