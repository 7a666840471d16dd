// The one JavaScript face of the C++ core's WebAssembly module: JSON text in
// and out becomes plain values. The page (core.js), the training worker, the
// Node tests and the benchmarks all go through it, so none of them parses the
// module's answers on its own.

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
