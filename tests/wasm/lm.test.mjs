// The language model (core/api/lm.hpp) in the site's WebAssembly module gives the
// native build's bits: the same training, validation loss, next-character
// probabilities and sampled text, compared as the JSON text each answers (every
// double printed in full), not to a tolerance. And a step shared out in parts,
// as Web Workers share it, gives the bits of a whole step.
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
  return (await loadWasmModule('training')).module;
}

test('lm: training, validation loss, probabilities and sampled text are the same bits in WebAssembly as natively', async () => {
  const m = await lmModule();
  const wasm = [m.lmStart(TEXT, SETTINGS), m.lmAdvance(40), m.lmValidation(), m.lmNext(NEXT), m.lmGenerate(GENERATE)];
  const expected = native();
  for (const line of wasm) assert.equal(JSON.parse(line).ok, true, line);
  assert.deepEqual(wasm, expected);
  const sample = JSON.parse(wasm[4]).text;
  assert.equal([...sample].length, 60);
});

test('lm: a step shared out in parts (two workers\' shares) gives the bits of a whole step', async () => {
  const whole = await lmModule();
  whole.lmStart(TEXT, SETTINGS);
  whole.lmAdvance(3);
  const parts = await lmModule();
  const started = JSON.parse(parts.lmStart(TEXT, SETTINGS));
  assert.equal(started.parts, 4);
  for (let step = 0; step < 3; step += 1) {
    assert.equal(JSON.parse(parts.lmPartsGradient(step, 0, 2, 0)).ok, true);
    assert.equal(JSON.parse(parts.lmPartsGradient(step, 2, 2, 1)).ok, true);
    assert.equal(JSON.parse(parts.lmStep(2)).ok, true);
  }
  assert.equal(parts.lmValidation(), whole.lmValidation());
  assert.equal(parts.lmGenerate(GENERATE), whole.lmGenerate(GENERATE));
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
