// Loads the C++ core (WebAssembly) once per page and wraps its two exports
// in plain JavaScript values.
import createAttnCore from './attn_core.js';

let corePromise = null;

/** @returns {Promise<{demos: Map<string, object>, run: (id: string, params: object) => object}>} */
export function loadCore() {
  corePromise ??= createAttnCore().then((module) => {
    const demos = new Map(JSON.parse(module.listDemos()).map((d) => [d.id, d]));
    const run = (id, params) => JSON.parse(module.runDemo(id, JSON.stringify(params)));
    return { demos, run };
  });
  return corePromise;
}
