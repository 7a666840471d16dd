// The WebAssembly module agrees with native when several parameters sit at
// their bounds at once (issue 13, defect 2: act_sizes' counts wrapped at 2^31
// in WebAssembly, where `long` is 32 bits, only with width and layers both high).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertSameJson, boundCombinations, loadWasmCore, nativeCore, toleranceOf } from '../support/core.mjs';

const wasm = await loadWasmCore();
const demos = nativeCore.list();

for (const demo of demos) {
  test(`wasm: ${demo.id} agrees with native with its parameters at combinations of their bounds`, () => {
    for (const params of boundCombinations(demo)) {
      const where = `${demo.id} ${JSON.stringify(params)}`;
      assertSameJson(wasm.run(demo.id, params), nativeCore.run(demo.id, params), where, toleranceOf(demo));
    }
  });
}

test('wasm: act_sizes at its largest counts past 2^31 exactly', () => {
  const answer = wasm.run('act_sizes', { cameras: 8, heads: 64, encoder_layers: 24, width: 4096 });
  assert.equal(answer.ok, true);
  assert.equal(answer.result.numbers.encoder_tables_total, 8862111744);  // 2402^2 x 64 x 24
});

test('boundCombinations: every min/max combination of a few parameters, a structured set of many', () => {
  const params = (n) => Array.from({ length: n }, (_, i) => ({ name: `p${i}`, type: 'integer', min: 0, max: 1 }));
  assert.equal(boundCombinations({ params: params(3) }).length, 8);
  assert.equal(boundCombinations({ params: params(9) }).length, 2 + 18 + 36);
});
