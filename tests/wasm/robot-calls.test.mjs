// The robot's calls from the lesson's Python programs (robot.py -> run-program.js -> the core's
// robot_session): every bad value is refused in words that name the argument and its range,
// and a NaN, an infinity or a string never leaves Python (JSON has no NaN; the page's chart
// drew NaN as an SVG error).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPrograms } from '../support/programs.mjs';

const programs = await loadPrograms();

/** The message of the program's last line, which must be refused. */
function refusal(code) {
  const ran = programs.run(`from robot import *\nconnect()\n${code}\n`);
  assert.equal(ran.ok, false, code);
  assert.equal(ran.error.line, 3, `${code}: ${ran.error.message}`);
  return { message: ran.error.message, events: ran.events };
}

test('robot: a seed below 0 is refused with its range', () => {
  assert.equal(refusal('connect(seed=-1)').message,
    'ValueError: connect(): seed must be a whole number between 0 and 1e+15 (got -1)');
});

test('robot: NaN or infinity given to drive is refused with its range, not with JSON\'s parser\'s text', () => {
  assert.equal(refusal('drive(float("nan"), 0)').message,
    'ValueError: drive(): left must be a number between -100 and 100 percent (got nan)');
  assert.equal(refusal('drive(0, 0, float("-inf"))').message,
    'ValueError: drive(): turn must be a number between -100 and 100 percent (got -inf)');
  assert.equal(refusal('wait(float("inf"))').message,
    'ValueError: wait(): seconds must be a number between 0 and 3600 seconds (got inf)');
});

test('robot: a drive setting past 100 percent is refused, not clamped', () => {
  assert.equal(refusal('drive(1e308, 0)').message,
    'ValueError: drive(): left must be a number between -100 and 100 percent (got 1e+308)');
  // a whole number of any size, shown cut short
  assert.match(refusal('drive(0, 10**400)').message,
    /^ValueError: drive\(\): right must be a number between -100 and 100 percent \(got 10{36}\.\.\.\)$/);
});

test('robot: a value that is not a number is refused with its range, True included', () => {
  assert.equal(refusal('drive(True, 0)').message,
    'TypeError: drive(): left must be a number between -100 and 100 percent (got True)');
  assert.equal(refusal('connect(noise="1.5")').message,
    "TypeError: connect(): noise must be a number between 0 and 10 cm (got '1.5')");
});

test('robot: plot of NaN or infinity is refused before it reaches the page', () => {
  const nan = refusal('plot("reading", float("nan"))');
  assert.equal(nan.message, 'ValueError: plot(): value must be a number between -1e+15 and 1e+15 (got nan)');
  assert.deepEqual(nan.events.filter((e) => e.type === 'plot'), []);
  assert.match(refusal('plot("reading", 1e308)').message, /plot\(\): value must be a number between/);
  assert.match(refusal('plot("reading", None)').message, /^TypeError: plot\(\): value must be a number .* \(got None\)$/);
});

test('robot: draw of a point that is not finite, or a size out of range, is refused before it reaches the page', () => {
  const inf = refusal('draw("spots", [(50, 20), (float("inf"), 20)])');
  assert.equal(inf.message, 'ValueError: draw(): x must be a number between -1000 and 1000 cm (got inf)');
  assert.deepEqual(inf.events.filter((e) => e.type === 'draw'), []);
  assert.equal(refusal('draw("spots", [(50, 20)], "blue", "dots", 0)').message,
    'ValueError: draw(): size must be a number between 1 and 20 (got 0)');
});

test('robot: arguments text with NaN sent past robot.py gets the core\'s words, not JSON\'s parser\'s', () => {
  const ran = programs.run('import _core\nprint(_core.call("drive", \'{"left": NaN}\'))\n');
  assert.equal(ran.ok, true, JSON.stringify(ran.error));
  assert.deepEqual(ran.printed, ['drive(): its arguments could not be read: each must be a finite number']);
});

test('robot: the lesson\'s settings at their bounds are taken', () => {
  const ran = programs.run('from robot import *\nconnect(x=5, y=95, noise=0, seed=10**15)\ndrive(-100, 100, 100)\nwait(3600)\n' +
    'plot("p", -1e15)\ndraw("d", [(-1000, 1000)], "red", "squares", 20)\n');
  assert.equal(ran.ok, true, JSON.stringify(ran.error));
});
