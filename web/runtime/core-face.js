// The one JavaScript face of the C++ core's WebAssembly module: JSON text in
// and out becomes plain values. The page (core.js), the training worker, the
// Node tests and the benchmarks all go through it, so none of them parses the
// module's answers on its own.
import { say } from './strings/index.js';

/** The list of demos, or the core's message when it could not make it. */
function listed(answer) {
  if (Array.isArray(answer)) return answer;
  throw new Error(`the core could not list its demos: ${answer?.error?.message ?? 'no answer'}`);
}

/** @param module  the instance createAttnCore() resolves to */
export function wrapCore(module) {
  const call = (text) => JSON.parse(text);
  return {
    module,  // the raw embind surface, for tests that must pass it text no JSON value can hold
    /** id -> the demo's declaration: {id, title, params, sources, arithmetic, networks} */
    demos: new Map(listed(call(module.listDemos())).map((d) => [d.id, d])),
    run: (id, params) => call(module.runDemo(id, typeof params === 'string' ? params : JSON.stringify(params))),
    /** How one value of a demo's result was computed (core/api/explain.hpp), or null in a module without it. */
    explain: module.explainValue
      ? (id, params, ref) => call(module.explainValue(id, typeof params === 'string' ? params : JSON.stringify(params), JSON.stringify(ref)))
      : null,
    /** Trained weights for the demos that need a network, by slot "task/model". */
    loadModel: (slot, weightsJson) => call(module.loadModel(slot, weightsJson)),
    /** The recorded figures of a network whose weights load on request (on-request.js). */
    loadModelSummary: (slot, summaryJson) => call(module.loadModelSummary(slot, summaryJson)),
    /** Training, a few steps at a time: start(config), advance(steps), result(). */
    trainStart: (config) => call(module.trainStart(JSON.stringify(config))),
    trainAdvance: (steps) => call(module.trainAdvance(steps)),
    trainResult: () => call(module.trainResult()),
    /** The Python programs' robot (core/api/robot_session.hpp): robot('wait', {seconds: 0.25}), or the arguments' JSON text. */
    robot: (op, args = {}) => call(module.robotCall(op, typeof args === 'string' ? args : JSON.stringify(args))),
    /** The largest JSON text the core accepts (core/base/json_limits.hpp) [bytes]; in the modules with networks. */
    maxJsonBytes: module.maxJsonBytes?.(),
    /** CPython's round(x, n) for a float, which MicroPython's own round does not always equal. */
    pythonRound: (x, n) => module.pythonRound(x, n),
    /** CPython's repr(x) of a float: MicroPython prints 0.07 as 0.07000000000000001. */
    pythonRepr: (x) => module.pythonRepr(x),
  };
}

/** The network slots a module's demos read ("find/lookup"), as each demo's declaration names them. */
export const slotsRead = (face) => new Set([...face.demos.values()].flatMap((demo) => demo.networks ?? []));

/**
 * One face over several modules, for a page whose demos no one module holds all of (a lesson mixing demos
 * of two lessons, docs/lesson-format.md): each demo runs and explains itself in the module that has it (the
 * site's modules hold each demo once), and a call outside the demos goes to the first module that offers it.
 * @param faces  wrapCore() of each module, in the page's order
 */
export function combineCores(faces) {
  if (faces.length === 1) return faces[0];
  const owner = new Map();
  for (const face of faces) for (const id of face.demos.keys()) if (!owner.has(id)) owner.set(id, face);
  const offering = (call) => faces.find((face) => typeof face.module[call] === 'function') ?? faces[0];
  const models = offering('loadModel');
  const robot = offering('robotCall');
  const training = offering('trainStart');
  const unknown = (id) => ({ ok: false, error: { message: say('core.no_module', { id }) } });
  return {
    module: models.module,
    demos: new Map(faces.flatMap((face) => [...face.demos])),
    run: (id, params) => (owner.has(id) ? owner.get(id).run(id, params) : unknown(id)),
    explain: faces.some((face) => face.explain)
      ? (id, params, ref) => (owner.get(id)?.explain ?? (() => unknown(id)))(id, params, ref)
      : null,
    loadModel: models.loadModel,
    loadModelSummary: models.loadModelSummary,
    trainStart: training.trainStart,
    trainAdvance: training.trainAdvance,
    trainResult: training.trainResult,
    robot: robot.robot,
    maxJsonBytes: models.maxJsonBytes,
    pythonRound: robot.pythonRound,
    pythonRepr: robot.pythonRepr,
  };
}
