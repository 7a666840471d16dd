// Loads the page's C++ core (WebAssembly) once, behind its one JavaScript face (core-face.js).
// A page loads the one module of web/modules.json that has its demos: scripts/build-site.mjs
// names it on <main data-core="…"> and preloads its two files in the page's <head>.
import { wrapCore } from './core-face.js';

/**
 * The module this page uses (its training worker is handed the same name, as self.name), and the one its
 * Python programs' worker uses, which only that worker loads: the robot and CPython's printing.
 */
export const pageCoreName = () => document.querySelector('main')?.dataset.core;
export const programsCoreName = () => document.querySelector('main')?.dataset.programsCore;

/** The module's instance behind the face: core-<name>.js (with its core-<name>.wasm) beside this script. */
export async function createCore(name) {
  // A computed address, so the bundler leaves the import to the browser (the loader is not bundled).
  const { default: create } = await import(new URL(`core-${name}.js`, import.meta.url).href);
  return wrapCore(await create());
}

let corePromise = null;

/** @returns {Promise<ReturnType<typeof wrapCore>>} */
export function loadCore() {
  corePromise ??= createCore(pageCoreName());
  return corePromise;
}
