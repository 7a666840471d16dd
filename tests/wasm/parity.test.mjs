// The WebAssembly module computes what the native build computes: same
// declarations, same results (to a named tolerance), same errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertSameJson, loadWasmCore, nativeCore, parameterCases, toleranceOf } from '../support/core.mjs';

const wasm = await loadWasmCore();
const demos = nativeCore.list();

test('wasm: lists the same demos and parameter declarations as native', () => {
  assert.ok(demos.length > 0, 'native lists no demos');
  assert.deepEqual(wasm.list(), demos);
});

for (const demo of demos) {
  test(`wasm: ${demo.id} agrees with native at defaults and at each parameter's bounds`, () => {
    const cases = parameterCases(demo);
    assert.ok(cases.length >= 1);
    for (const params of cases) {
      const native = nativeCore.run(demo.id, params);
      const inBrowser = wasm.run(demo.id, params);
      assertSameJson(inBrowser, native, `${demo.id} ${JSON.stringify(params)}`, toleranceOf(demo));
    }
  });
}

test('wasm: bad input gives the same explained error as native, and the module keeps working', () => {
  const bad = [
    ['worked_example', '{"X": [[1, "NaN"]]}'],
    ['worked_example', '{not json'],
    ['worked_example', '[1, 2]'],
    ['softmax_scaling', '{"scale": 1e999}'],
    ['multi_head', '{"heads": 3}'],
    ['causal_mask', '{"hide_key": 0}'],
    ['no_such_demo', '{}'],
  ];
  for (const [id, text] of bad) {
    const answer = wasm.run(id, text);
    assert.equal(answer.ok, false, `${id} ${text} should fail`);
    assert.ok(answer.error.message.length > 10, 'the message explains');
    assert.deepEqual(answer, nativeCore.run(id, text));
  }
  assert.equal(wasm.run('worked_example', '{}').ok, true, 'a good call after the bad ones still works');
});

test('wasm: the worked example prints the lesson\'s numbers', () => {
  const printed = wasm.run('worked_example', {}).result.printed.join('\n');
  assert.equal(printed, [
    '[[0.707 0.    0.707]', ' [0.    0.707 0.707]', ' [0.707 0.707 1.414]]',
    '[[0.401 0.198 0.401]', ' [0.198 0.401 0.401]', ' [0.248 0.248 0.503]]',
    '[[0.802 0.599]', ' [0.599 0.802]', ' [0.752 0.752]]',
  ].join('\n'));
});
