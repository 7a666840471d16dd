// Hostile input in the module the page runs (issue 13, defect 1): 5,000 nested
// arrays threw a JavaScript RangeError from runDemo, loadModel and trainStart
// and leaked about 5 MB of module memory per call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasmCore } from '../support/core.mjs';

const wasm = await loadWasmCore();
const nested = (levels) => '['.repeat(levels) + ']'.repeat(levels);
const deep = `{"scale_by_sqrt_d":${nested(5000)}}`;

const calls = {
  runDemo: () => wasm.module.runDemo('worked_example', deep),
  loadModel: () => wasm.module.loadModel('find/lookup', deep),
  loadModelSummary: () => wasm.module.loadModelSummary('find/plain-256', deep),
  trainStart: () => wasm.module.trainStart(deep),
};

test('wasm: deep nesting is answered with ok:false at every JSON entry point, never thrown', () => {
  for (const [name, call] of Object.entries(calls)) {
    const answer = JSON.parse(call());
    assert.equal(answer.ok, false, name);
    assert.match(answer.error.message, /more than 64 levels deep/, name);
  }
  assert.equal(wasm.run('worked_example', {}).ok, true, 'the module keeps working');
});

test('wasm: fifty deeply nested calls leave the module memory as it was', () => {
  for (const call of Object.values(calls)) call();  // any first-call growth happens here
  const before = wasm.module.HEAP8.length;
  for (let i = 0; i < 50; ++i) for (const call of Object.values(calls)) call();
  assert.equal(wasm.module.HEAP8.length, before);
});

test('wasm: robot_run at a spin with no corner jumps gives finite numbers', () => {
  const answer = wasm.run('robot_run', { spin: 10 });
  assert.equal(answer.ok, true);
  for (const [name, value] of Object.entries(answer.result.numbers)) {
    if (typeof value !== 'string') assert.ok(Number.isFinite(value), `${name} is ${value}`);
  }
});
