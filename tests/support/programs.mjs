// Runs the robot lesson's Python programs under Node exactly as the page's
// worker does (web/runtime/programs/run-program.js): MicroPython from npm, the
// core's WebAssembly module, robot.py, and the constants set from a demo's values.
import fs from 'node:fs';
import path from 'node:path';
import { loadMicroPython } from '@micropython/micropython-webassembly-pyscript/micropython.mjs';
import { ROOT, loadWasmCore } from './core.mjs';
import { createRunner } from '../../web/runtime/programs/run-program.js';
import en from '../../web/runtime/strings/en.js';
import { withSettings } from '../../web/runtime/programs/constants.js';

// Each demo instance of the lesson and the program under it (lessons/robot/lesson.html data-program).
export const PROGRAMS = { robot_scores: 'scores', robot_run: 'run', robot_sharpness: 'sharp', robot_order: 'order' };

export const programText = (name) => fs.readFileSync(path.join(ROOT, 'lessons/robot/programs', `${name}.py`), 'utf8');

export async function loadPrograms() {
  const core = await loadWasmCore();
  const robot = fs.readFileSync(path.join(ROOT, 'web/runtime/programs/robot.py'), 'utf8');
  const runner = await createRunner(loadMicroPython, core, robot, { table: en, lang: 'en' });
  /** The demo's values (declared defaults + params), its answer, and its program set to those values. */
  const setUp = (demo, params) => {
    const values = Object.fromEntries(core.demos.get(demo).params.map((d) => [d.name, d.default]));
    Object.assign(values, params);
    const answer = core.run(demo, values);
    return { values, answer, code: withSettings(programText(PROGRAMS[demo]), values, answer.result) };
  };
  /** Runs code; {ok, error, printed, events}. */
  const run = (code, options) => {
    const events = [];
    const answer = runner.run(code, (e) => events.push(e), options);
    return { ...answer, events, printed: events.filter((e) => e.type === 'print').map((e) => e.text) };
  };
  return { core, setUp, run };
}
