// Every way a learner's program can produce output counts against its run's budget
// (web/runtime/programs/run-program.js LIMITS), so no program can flood the page:
// the runner the page's worker uses, under Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPrograms } from '../support/programs.mjs';
import { DEFAULT_BUDGET, LIMITS } from '../../web/runtime/programs/run-program.js';

const programs = await loadPrograms();
// What reached the page, counting each line's newline (the last line may have none).
const printedCharacters = (ran) => ran.printed.reduce((n, line) => n + line.length + 1, 0) - 1;
const cap = (budget) => LIMITS.printedPerStep * budget;

test('program limits: a loop writing with sys.stdout.write is stopped at the output budget', () => {
  const ran = programs.run('import sys\nwhile True:\n    sys.stdout.write("x" * 200 + "\\n")\n');
  assert.equal(ran.ok, false);
  assert.equal(ran.error.kind, 'budget');
  assert.match(ran.error.message, /^The program printed more than 1,000,000 characters\.$/);
  assert.ok(printedCharacters(ran) <= cap(DEFAULT_BUDGET) && printedCharacters(ran) > cap(DEFAULT_BUDGET) - 201, `${printedCharacters(ran)}`);
});

test('program limits: catching the interrupt does not let a flood through', () => {
  const ran = programs.run('import sys\nfor i in range(100000):\n    try:\n        sys.stdout.write("y" * 100)\n    except BaseException:\n        pass\n', { budget: 100 });
  assert.equal(ran.error?.kind, 'budget');
  assert.ok(printedCharacters(ran) <= cap(100), `${printedCharacters(ran)} characters`);
});

test('program limits: one long line is cut at the output budget', () => {
  const ran = programs.run('print("z" * 300000)\n', { budget: 1000 });
  assert.equal(ran.error?.kind, 'budget');
  assert.equal(printedCharacters(ran), cap(1000));
});

test('program limits: "Keep going" (a 4 times larger budget) lets 4 times as much output through', () => {
  const flood = 'import sys\nwhile True:\n    sys.stdout.write("w" * 100)\n';
  const once = programs.run(flood, { budget: 500 });
  const more = programs.run(flood, { budget: 2000 });
  assert.equal(printedCharacters(more), 4 * printedCharacters(once));
});

test('program limits: a plot line beyond the limit is refused with a message naming it', () => {
  const ran = programs.run(`from robot import *\nfor i in range(${LIMITS.plotLines + 1}):\n    plot("line " + str(i), i)\n`);
  assert.equal(ran.ok, false);
  assert.equal(ran.error.line, 3);
  assert.match(ran.error.message, new RegExp(`plot\\(\\) can draw at most ${LIMITS.plotLines} lines, and "line ${LIMITS.plotLines}" would be one more`));
  assert.equal(new Set(ran.events.filter((e) => e.type === 'plot').map((e) => e.name)).size, LIMITS.plotLines);
});

test('program limits: drawings that would put too many points on the mat are refused', () => {
  const ran = programs.run(`from robot import *\nfor k in range(20):\n    draw("spots " + str(k), [(50, 50)] * 1000)\n`);
  assert.equal(ran.ok, false);
  assert.match(ran.error.message, new RegExp(`the mat can show at most ${LIMITS.matPoints} drawn points at once, and this draw\\(\\) would make ${LIMITS.matPoints + 1000}`));
  const drawn = ran.events.filter((e) => e.type === 'draw');
  assert.equal(drawn.reduce((n, e) => n + e.points.length, 0), LIMITS.matPoints);
});

test('program limits: redrawing one drawing replaces its points instead of adding to them', () => {
  const ran = programs.run('from robot import *\nfor k in range(50):\n    draw("spots", [(50, 50)] * 1000)\n');
  assert.equal(ran.ok, true, ran.error?.message);
});

test('programs: an unclosed bracket is reported at the line that opened it, as CPython says it', () => {
  const lines = ['x = 1', 'print(x', ...Array.from({ length: 50 }, (_, i) => `y${i} = ${i}`)];
  const ran = programs.run(`${lines.join('\n')}\n`);
  assert.deepEqual(ran.error, { kind: 'python', line: 2, message: "SyntaxError: '(' was never closed" });
});

test('programs: brackets inside strings and comments are not counted, and a wrong closer names both', () => {
  const ran = programs.run('s = "(" # [\nt = """\n{\n"""\nu = [1, 2)\n');
  assert.deepEqual(ran.error, { kind: 'python', line: 5, message: "SyntaxError: closing parenthesis ')' does not match opening parenthesis '['" });
});
