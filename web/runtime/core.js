// Loads the C++ core (WebAssembly) once per page and wraps its exports in
// plain JavaScript values.
import createAttnCore from './attn_core.js';

let corePromise = null;

/** @returns {Promise<{demos: Map<string, object>, run: Function, loadModel: Function, loadModelSummary: Function}>} */
export function loadCore() {
  corePromise ??= createAttnCore().then((module) => {
    const demos = new Map(JSON.parse(module.listDemos()).map((d) => [d.id, d]));
    const run = (id, params) => JSON.parse(module.runDemo(id, JSON.stringify(params)));
    // Trained weights for the demos that need a network, by slot "task/model".
    const loadModel = (slot, weightsJson) => JSON.parse(module.loadModel(slot, weightsJson));
    // The recorded figures of a network whose weights load on request (web/runtime/on-request.js).
    const loadModelSummary = (slot, summaryJson) => JSON.parse(module.loadModelSummary(slot, summaryJson));
    return { demos, run, loadModel, loadModelSummary };
  });
  return corePromise;
}
