// The language model lesson's demos (core/lessons/lm/) in the module the site serves: the shipped
// network gives the same printouts and words as the native build, and the same seed writes the
// same text in both (issue 22: "same seed, same text everywhere").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasmModule, nativeCore, assertSameJson, FLOAT32 } from '../support/core.mjs';
import { declaredModules } from '../../scripts/core-modules.mjs';

const name = [...declaredModules()].find(([, m]) => m.lessons.includes('lm'))?.[0];
const wasm = await loadWasmModule(name);

const CASES = [
  ['lm_embed', { prompt: 'attention reads' }],
  ['lm_head', { prompt: 'the keys and the values', block: 1, head: 2 }],
  ['lm_head', { prompt: 'the keys', identity: true }],
  ['lm_heads', { prompt: 'Every head reads the places before it.' }],
  ['lm_next', { prompt: 'The query of a place ', temperature: 0.7, seed: 3, count: 120 }],
  ['lm_next', { prompt: 'x', top_k: 5, seed: 11 }],
];

test('lm lesson (wasm): every demo prints and says what the native build does', () => {
  for (const [id, params] of CASES) {
    const native = nativeCore.run(id, params);
    const page = wasm.run(id, params);
    assert.equal(page.ok, true, `${id} ${JSON.stringify(params)}: ${JSON.stringify(page.error)}`);
    assert.deepEqual(page.result.printed, native.result.printed, `${id} ${JSON.stringify(params)}`);
    assert.deepEqual(page.result.texts, native.result.texts, `${id} ${JSON.stringify(params)}`);
    assertSameJson(page.result.numbers, native.result.numbers, `${id}.numbers`, FLOAT32);
  }
});

test('lm lesson (wasm): the same seed writes the same text, another seed another', () => {
  const written = (seed) => wasm.run('lm_next', { seed, count: 80 }).result.texts.written;
  assert.equal(written(5), written(5));
  assert.equal(written(5), nativeCore.run('lm_next', { seed: 5, count: 80 }).result.texts.written);
  assert.notEqual(written(5), written(6));
});

test('lm lesson (wasm): a character the network has no vector for is refused with its name, and the module keeps working', () => {
  const refused = wasm.run('lm_next', { prompt: 'naïve' });
  assert.equal(refused.ok, false);
  assert.equal(refused.error.param, 'prompt');
  assert.match(refused.error.message, /“ï”/);
  assert.equal(wasm.run('lm_next', {}).ok, true);
});
