// The WebAssembly module computes what the native build computes: same
// declarations, same results (to a named tolerance), same errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasmCore, nativeCore, parameterCases } from '../support/core.mjs';

// Native (glibc libm, x86-64) and WebAssembly (musl libm) may differ in the last
// bits of exp/log/cos; anything beyond that is a real difference.
const DOUBLE = { relative: 1e-9, absolute: 1e-12 };
// Demos that run a trained network compute in float (epsilon 1.2e-7). Both builds
// add in the same order (CMakeLists.txt, core/nn/matmul.hpp) and today agree to
// the bit, but expf comes from each build's libm, and one ulp of it through a
// few layers is about 1e-5 cm on positions of tens of cm.
const FLOAT32 = { relative: 1e-5, absolute: 1e-4 };
const toleranceOf = (demo) => (demo.arithmetic === 'float32' ? FLOAT32 : DOUBLE);

function assertSameJson(actual, expected, where = '$', tolerance = DOUBLE) {
  if (typeof expected === 'number' && typeof actual === 'number') {
    const allowed = tolerance.absolute + tolerance.relative * Math.abs(expected);
    assert.ok(Math.abs(actual - expected) <= allowed, `${where}: wasm ${actual} vs native ${expected}`);
    return;
  }
  if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${where}: wasm gives ${typeof actual}, native an array`);
    assert.equal(actual.length, expected.length, `${where}: lengths differ`);
    expected.forEach((e, i) => assertSameJson(actual[i], e, `${where}[${i}]`, tolerance));
    return;
  }
  if (expected && typeof expected === 'object') {
    assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort(), `${where}: keys differ`);
    for (const key of Object.keys(expected)) assertSameJson(actual[key], expected[key], `${where}.${key}`, tolerance);
    return;
  }
  assert.equal(actual, expected, where);
}

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
