// Loads the page's C++ core (WebAssembly) once, behind its one JavaScript face (core-face.js).
// A page loads the smallest module of web/modules.json that has its demos, or when no one module has
// them all (a lesson mixing two lessons' demos), the modules that hold them between them:
// scripts/build-site.mjs names them on <main data-core="…"> and preloads their files in the page's <head>.
import { combineCores, wrapCore } from './core-face.js';
import { translateAnswer, translateDemo, translateExplanation } from './strings/core-words.js';
import { pageLanguage, pageNotation, pageWords } from './strings/language.js';

/** The modules this page uses ("attention", or "attention block"). */
export const pageCoreNames = () => (document.querySelector('main')?.dataset.core ?? '').split(/\s+/).filter(Boolean);

/**
 * The module a worker of this page uses for the calls only it makes ("training", "robot"), which the
 * page's own module leaves out; the worker is handed the name as its self.name.
 */
export const workerCoreName = (group) => JSON.parse(document.querySelector('main')?.dataset.workerCores || '{}')[group];

/**
 * The module's instance behind the face: core-<name>.js (with its core-<name>.wasm) beside this script.
 * @param options.compiled  the module's WebAssembly.Module, compiled once by the page (compileCore), or none:
 *   the loader then fetches and compiles core-<name>.wasm itself
 */
export async function createCore(name, { compiled } = {}) {
  // A computed address, so the bundler leaves the import to the browser (the loader is not bundled).
  const { default: create } = await import(new URL(`core-${name}.js`, import.meta.url).href);
  if (!compiled) return wrapCore(await create());
  let failed;
  const failure = new Promise((_, reject) => { failed = reject; });
  // Emscripten's hook for a module compiled elsewhere: an instance now, the loader's exports once it is there.
  const instantiateWasm = (imports, receive) => {
    WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled), failed);
    return {};
  };
  return wrapCore(await Promise.race([create({ instantiateWasm }), failure]));
}

const compiling = new Map();

/**
 * core-<name>.wasm compiled once for this page, to hand to the workers that train (train-panel.js): a
 * WebAssembly.Module passed to a worker shares its machine code, so the optimised code V8 makes for one
 * worker's hot functions serves its teammates and the page's next training too, instead of each worker
 * compiling its own. Resolves to null where it cannot be compiled here (the workers then load their own).
 */
export function compileCore(name) {
  if (!compiling.has(name)) {
    const url = new URL(`core-${name}.wasm`, import.meta.url);
    compiling.set(name, WebAssembly.compileStreaming(fetch(url)).catch(() => null));
  }
  return compiling.get(name);
}

let corePromise = null;

/** @returns {Promise<ReturnType<typeof wrapCore>>} */
export function loadCore() {
  corePromise ??= Promise.all(pageCoreNames().map((name) => createCore(name))).then(combineCores).then(inPageLanguage);
  return corePromise;
}

/**
 * The face with the core's words in the page's language (docs/languages.md): each demo's declaration
 * and each run's titles, labels and messages; numbers, claims and printouts as the core gave them.
 */
function inPageLanguage(face) {
  if (pageLanguage() === 'en') return face;
  const words = pageWords();
  return {
    ...face,
    demos: new Map([...face.demos].map(([id, demo]) => [id, translateDemo(demo, words)])),
    run: (id, params) => translateAnswer(face.run(id, params), words),
  };
}

/** The explain module's face with its explanations' words and numbers in the page's language (docs/languages.md). */
function explainingInPageLanguage(face) {
  if (pageLanguage() === 'en') return face;
  const words = pageWords();
  const notation = pageNotation();
  return { ...face, explain: (id, params, ref) => translateExplanation(face.explain(id, params, ref), words, notation) };
}

let explainPromise = null;
let explainSetup = null;

/** What the explain module needs before its first answer, given it once loaded: the page's trained networks (main.js). */
export function prepareExplainCore(setup) { explainSetup = setup; }

/** The modules that explain a number (scripts/build-site.mjs names them on <main data-explain-core="a b">): none, or one per lesson mixed on the page. */
const explainCoreNames = () => (document.querySelector('main')?.dataset.explainCore ?? '').split(' ').filter(Boolean);

/**
 * The explain module, loaded on a learner's first click on a number, not with the page: the page's own
 * module leaves the explanations out (docs/explain.md). A failed load is tried again on the next click.
 */
export function loadExplainCore() {
  explainPromise ??= Promise.all(explainCoreNames().map((name) => createCore(name))).then(combineCores).then(explainingInPageLanguage)
    .then((core) => { explainSetup?.(core); return core; })
    .catch((error) => { explainPromise = null; throw error; });
  return explainPromise;
}
