// The robot lesson's four Python programs, run in MicroPython against the core's
// simulator as the page runs them, print exactly what their parameter demos print,
// and that is what CPython prints (tests/fixtures/robot_printing.json, made with
// /usr/bin/python3 by scripts/robot_print_reference.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { loadPrograms, programText } from '../support/programs.mjs';

const fixture = JSON.parse(fs.readFileSync(new URL('../fixtures/robot_printing.json', import.meta.url), 'utf8'));
const programs = await loadPrograms();

test('programs: each unedited program prints its demo\'s lines at every fixture setting', () => {
  for (const { demo, params, printed } of fixture.cases) {
    const { answer, code } = programs.setUp(demo, params);
    const ran = programs.run(code);
    const where = `${demo} ${JSON.stringify(params)}`;
    assert.equal(ran.ok, true, `${where}: ${JSON.stringify(ran.error)}`);
    assert.deepEqual(ran.printed, answer.result.printed, where);
    assert.deepEqual(ran.printed, printed, where);
  }
});

test('programs: the run program draws the demo\'s last 25 hit points', () => {
  const { answer, code } = programs.setUp('robot_run', {});
  const ran = programs.run(code);
  const mat = answer.result.figures.find((f) => f.name === 'mat');
  const last = ran.events.filter((e) => e.type === 'draw' && e.name === 'the last readings').at(-1);
  assert.equal(last.points.length, 25);
  const frames = mat.frames.slice(-25);
  last.points.forEach(([x, y], i) => {
    assert.ok(Math.abs(x - frames[i].hit[0]) < 1e-9 && Math.abs(y - frames[i].hit[1]) < 1e-9, `point ${i}`);
  });
});

test('programs: a wrong argument names the function and what it takes', () => {
  const ran = programs.run('from robot import *\nconnect()\ndrive("fast", 0)\n');
  assert.equal(ran.ok, false);
  assert.equal(ran.error.line, 3);
  assert.match(ran.error.message, /drive\(\) takes three numbers/);
});

test('programs: a syntax error names its line', () => {
  const ran = programs.run('x = 1\nprint(x\nprint(2)\ny = )\n');
  assert.equal(ran.ok, false);
  assert.equal(typeof ran.error.line, 'number');
  assert.match(ran.error.message, /SyntaxError/);
});

test('programs: a program that never waits stops at its step budget', () => {
  const ran = programs.run('while True:\n    print(1)\n', { budget: 500 });
  assert.equal(ran.ok, false);
  assert.equal(ran.error.kind, 'budget');
  assert.equal(ran.printed.length, 500);
});

test('programs: one run\'s names do not leak into the next', () => {
  assert.equal(programs.run('leftover = 1\n').ok, true);
  const ran = programs.run('print(leftover)\n');
  assert.equal(ran.ok, false);
  assert.match(ran.error.message, /NameError/);
});

test('programs: round is CPython\'s, also where MicroPython\'s differs', () => {
  const ran = programs.run('print(round(3546.4500000000003, 1), round(4587.85, 1), round(52.25, 1), round(2.5), round(7, 1))\n');
  assert.deepEqual(ran.printed, ['3546.5 4587.9 52.2 2 7']);
  assert.ok(programText('scores').includes('connect('));
});
