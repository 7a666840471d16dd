// Loads the page's C++ core (WebAssembly) once, behind its one JavaScript face (core-face.js).
// A page loads the one module of web/modules.json that has its demos: scripts/build-site.mjs
// names it on <main data-core="…"> and preloads its two files in the page's <head>.
import { wrapCore } from './core-face.js';

/** The module this page uses. */
export const pageCoreName = () => document.querySelector('main')?.dataset.core;

/**
 * The module a worker of this page uses for the calls only it makes ("training", "robot"), which the
 * page's own module leaves out; the worker is handed the name as its self.name.
 */
export const workerCoreName = (group) => JSON.parse(document.querySelector('main')?.dataset.workerCores || '{}')[group];

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

let explainPromise = null;

/** The module that explains a number (scripts/build-site.mjs names it on <main data-explain-core="…">), or '' for none. */
export const explainCoreName = () => document.querySelector('main')?.dataset.explainCore ?? '';

/**
 * The explain module, loaded on a learner's first click on a number, not with the page: the page's own
 * module leaves the explanations out (docs/explain.md). A failed load is tried again on the next click.
 */
export function loadExplainCore() {
  explainPromise ??= createCore(explainCoreName()).catch((error) => { explainPromise = null; throw error; });
  return explainPromise;
}
