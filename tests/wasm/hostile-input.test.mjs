// Hostile input in the module the page runs (issue 13, defect 1): 5,000 nested
// arrays threw a JavaScript RangeError from runDemo, loadModel and trainStart
// and leaked about 5 MB of module memory per call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasmCore } from '../support/core.mjs';

const wasm = await loadWasmCore();
const nested = (levels) => '['.repeat(levels) + ']'.repeat(levels);
const deep = `{"scale_by_sqrt_d":${nested(5000)}}`;

// Each call in the module the site serves it from (tests/support/core.mjs).
const calls = {
  runDemo: () => wasm.moduleFor('runDemo', 'worked_example').runDemo('worked_example', deep),
  loadModel: () => wasm.moduleFor('loadModel').loadModel('find/lookup', deep),
  loadModelSummary: () => wasm.moduleFor('loadModelSummary').loadModelSummary('find/plain-256', deep),
  trainStart: () => wasm.moduleFor('trainStart').trainStart(deep),
};
const memories = () => [...wasm.modules.values()].map((core) => core.module.HEAP8.length);

test('wasm: deep nesting is answered with ok:false at every JSON entry point, never thrown', () => {
  for (const [name, call] of Object.entries(calls)) {
    const answer = JSON.parse(call());
    assert.equal(answer.ok, false, name);
    assert.match(answer.error.message, /more than 64 levels deep/, name);
  }
  assert.equal(wasm.run('worked_example', {}).ok, true, 'the module keeps working');
});

test('wasm: fifty deeply nested calls leave every module\'s memory as it was', () => {
  for (const call of Object.values(calls)) call();  // any first-call growth happens here
  const before = memories();
  for (let i = 0; i < 50; ++i) for (const call of Object.values(calls)) call();
  assert.deepEqual(memories(), before);
});

test('wasm: robot_run at a spin with no corner jumps gives finite numbers', () => {
  const answer = wasm.run('robot_run', { spin: 10 });
  assert.equal(answer.ok, true);
  for (const [name, value] of Object.entries(answer.result.numbers)) {
    if (typeof value !== 'string') assert.ok(Number.isFinite(value), `${name} is ${value}`);
  }
});
