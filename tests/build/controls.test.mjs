// The parts of web/runtime/controls.js that decide values without a page: the marks of a
// logarithmic slider, the stops of two sliders that must agree, and the value a new box of a table gets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { freshCell, logMarks, pairingOf } from '../../web/runtime/controls.js';
import { nativeCore } from '../support/core.mjs';

const declaration = (demo, name) => nativeCore.list().find((d) => d.id === demo).params.find((p) => p.name === name);

test('log slider: the divisor\'s marks run from its min to its max, each at most twice the last', () => {
  const divisor = declaration('robot_scores', 'divisor');
  const marks = logMarks(divisor.min, divisor.max, divisor.step);
  assert.equal(marks[0], divisor.min);
  assert.equal(marks.at(-1), divisor.max);
  assert.ok(marks.includes(divisor.default), 'the preset is a mark');
  for (let k = 1; k < marks.length; ++k) {
    assert.ok(marks[k] > marks[k - 1] && marks[k] / marks[k - 1] <= 2, `${marks[k - 1]} -> ${marks[k]}`);
    assert.ok(Math.abs(marks[k] / divisor.step - Math.round(marks[k] / divisor.step)) < 1e-9, `${marks[k]} is on the declared step`);
  }
});

test('a new box of every table editor holds a value its declaration accepts (0.01 for the divisors, not 0)', () => {
  for (const demo of nativeCore.list()) {
    for (const p of demo.params.filter((d) => d.type === 'vector' || d.type === 'matrix')) {
      const v = freshCell(p);
      assert.ok((p.min ?? -Infinity) <= v && v <= (p.max ?? Infinity), `${demo.id}.${p.name}: ${v}`);
    }
  }
  assert.equal(freshCell(declaration('robot_sharpness', 'divisors')), declaration('robot_sharpness', 'divisors').min);
});

test('heads and d_model: each slider stops exactly at the values the core accepts beside the other\'s', () => {
  const demo = nativeCore.list().find((d) => d.id === 'multi_head');
  const [heads, width] = ['heads', 'd_model'].map((name) => demo.params.find((p) => p.name === name));
  const accepted = (params) => nativeCore.run('multi_head', params).ok === true;
  const span = (decl) => Array.from({ length: decl.max - decl.min + 1 }, (_, k) => decl.min + k);
  for (const d_model of [8, 12, 7]) {
    assert.deepEqual(pairingOf(heads, demo.params).marks({ d_model }), span(heads).filter((h) => accepted({ d_model, heads: h })), `d_model ${d_model}`);
  }
  for (const h of [3, 16]) {
    const stops = pairingOf(width, demo.params).marks({ heads: h });
    assert.deepEqual(stops, span(width).filter((d) => d % h === 0), `heads ${h}`);
    for (const d of [stops[0], stops.at(-1), stops[0] + 1]) assert.equal(accepted({ heads: h, d_model: d }), stops.includes(d), `heads ${h}, d_model ${d}`);
  }
  assert.deepEqual(pairingOf(heads, demo.params).marks({ d_model: 1e9 }), [1, 2, 4, 5, 8, 10, 16], 'a refused width typed into its box is not counted up to');
  assert.deepEqual(pairingOf(width, demo.params).marks({ heads: 1e9 }), [], 'nor a refused head count');
  assert.equal(pairingOf(demo.params.find((p) => p.name === 'tokens'), demo.params), null, 'the other sliders step as before');
  assert.equal(pairingOf(declaration('attention_cost', 'heads'), nativeCore.list().find((d) => d.id === 'attention_cost').params), null);
});
