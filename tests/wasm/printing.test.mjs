// The page's module prints the robot lesson's lines as CPython prints them for the
// lesson's programs (tests/fixtures/robot_printing.json, written by
// scripts/robot_print_reference.py): the same check as the core's
// tests/core/lessons/robot/printing_test.cpp, on WebAssembly's own libc and libm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { loadWasmCore } from '../support/core.mjs';

const fixture = JSON.parse(fs.readFileSync(new URL('../fixtures/robot_printing.json', import.meta.url), 'utf8'));
const wasm = await loadWasmCore();

test('wasm: the robot demos print what CPython prints for the lesson\'s programs', () => {
  assert.ok(fixture.cases.length >= 20);
  for (const { demo, params, printed } of fixture.cases) {
    const answer = wasm.run(demo, params);
    assert.equal(answer.ok, true, `${demo} ${JSON.stringify(params)}`);
    assert.deepEqual(answer.result.printed, printed, `${demo} ${JSON.stringify(params)}`);
  }
});
