// The lesson "Inside the transformer block" in the module the site serves: each
// demo prints what NumPy prints at the lesson's presets and at the other settings
// of tests/fixtures/block_reference.json (scripts/block_reference.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, loadWasmCore } from '../support/core.mjs';
import { lessonInstances } from '../../scripts/lesson-prose.mjs';

// NumPy's matrix products and the module's may add in another order: a few ulps.
const BLAS_ORDER = 1e-9;

const wasm = await loadWasmCore();
const demos = new Map(wasm.list().map((d) => [d.id, d]));
const { cases } = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/fixtures/block_reference.json'), 'utf8'));

test('block (wasm): every fixture case prints what NumPy prints, with the same numbers', () => {
  for (const { demo, params, printed, numbers } of cases) {
    const answer = wasm.run(demo, params);
    assert.equal(answer.ok, true, `${demo} ${JSON.stringify(params)}`);
    assert.deepEqual(answer.result.printed, printed, `${demo} ${JSON.stringify(params)}`);
    for (const [name, value] of Object.entries(numbers)) {
      assert.ok(Math.abs(answer.result.numbers[name] - value) <= BLAS_ORDER, `${demo} ${name}: ${answer.result.numbers[name]} vs ${value}`);
    }
  }
});

test('block (wasm): every preset of the lesson is a setting the fixture holds', () => {
  const file = 'lessons/block/lesson.html';
  const instances = lessonInstances(fs.readFileSync(path.join(ROOT, file), 'utf8'), file, demos);
  const held = new Set(cases.map((c) => `${c.demo} ${JSON.stringify(c.params)}`));
  for (const [name, { demo, params }] of instances) {
    if (!demo.id.startsWith('block_')) continue;
    assert.ok(held.has(`${demo.id} ${JSON.stringify(params)}`), `${name}: ${demo.id} ${JSON.stringify(params)} is not in the fixture`);
  }
});
