// The parts of web/runtime/controls.js that decide values without a page: the marks of a
// logarithmic slider and the value a new box of a table gets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { freshCell, logMarks } from '../../web/runtime/controls.js';
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
