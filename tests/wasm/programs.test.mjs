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
  assert.match(ran.error.message, /drive\(\): left must be a number between -100 and 100 percent \(got 'fast'\)/);
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

test('programs: round and printed floats are CPython\'s, also where MicroPython\'s own differ', () => {
  const ran = programs.run('print(round(3546.4500000000003, 1), round(4587.85, 1), round(52.25, 1), round(2.5), round(7, 1))\n' +
    'print(0.07, [0.56, (1.0,)], {"a": -0.0}, "text")\n');
  assert.deepEqual(ran.printed, ['3546.5 4587.9 52.2 2 7', "0.07 [0.56, (1.0,)] {'a': -0.0} text"]);
  assert.ok(programText('scores').includes('connect('));
});

// CPython's own answers (tests/fixtures/python_format.json, scripts/python_reference.py). Each
// value goes to Python as its 8 bytes, so Python holds exactly the double CPython printed.
const formats = JSON.parse(fs.readFileSync(new URL('../fixtures/python_format.json', import.meta.url), 'utf8'));
const CHUNK = 400;  // values per program: a longer list literal exhausts MicroPython's parser stack

/** '-0x1.8p+1' -> its IEEE 754 bytes, little-endian, as hex. */
function bytesOf(hex) {
  const m = hex.match(/^(-?)0x([0-9a-f])\.?([0-9a-f]*)p([+-]\d+)$/i);
  let value = parseInt(m[2] + m[3], 16);
  let power = Number(m[4]) - 4 * m[3].length;
  while (power < -1000) { value *= 2 ** -1000; power += 1000; }  // exact until the last step
  value *= 2 ** power;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, m[1] ? -value : value, true);
  return [...new Uint8Array(view.buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function printedInChunks(cases, line) {
  const out = [];
  for (let i = 0; i < cases.length; i += CHUNK) {
    const chunk = cases.slice(i, i + CHUNK).map(([hex, n]) => [bytesOf(hex), n ?? 0]);
    const code = `import struct\nfor b, n in ${JSON.stringify(chunk)}:\n    x = struct.unpack('<d', bytes.fromhex(b))[0]\n    ${line}\n`;
    const ran = programs.run(code, { budget: 1e6 });
    assert.equal(ran.ok, true, JSON.stringify(ran.error));
    out.push(...ran.printed);
  }
  return out;
}
const finite = ([hex]) => !/inf|nan/i.test(hex);

test('programs: print(x) equals CPython\'s repr on every fixture value', () => {
  const cases = formats.repr.filter(finite);
  assert.ok(cases.length > 7000);
  assert.deepEqual(printedInChunks(cases, 'print(x)'), cases.map(([, text]) => text));
});

test('programs: print(round(x, n)) equals CPython\'s on every fixture value', () => {
  const cases = formats.round.filter(finite);
  assert.ok(cases.length > 8000);
  assert.deepEqual(printedInChunks(cases, 'print(round(x, n))'), cases.map(([, , text]) => text));
});
