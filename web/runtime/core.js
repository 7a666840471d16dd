// Loads the C++ core (WebAssembly) once per page, behind its one JavaScript face (core-face.js).
import createAttnCore from './attn_core.js';
import { wrapCore } from './core-face.js';

let corePromise = null;

/** @returns {Promise<ReturnType<typeof wrapCore>>} */
export function loadCore() {
  corePromise ??= createAttnCore().then(wrapCore);
  return corePromise;
}
