// The two builds of the core side by side: the WebAssembly module (as the page
// loads it) and the native `attn` command-line tool.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { declaredModules, loadModule } from '../../scripts/core-modules.mjs';
import { shippedNetworks } from '../../scripts/lesson-networks.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(ROOT, 'build/native/attn');

/** Every lesson's trained weights, those that load on request included, as the network table ships them: [slot, file path]. */
export function lessonModels() {
  return shippedNetworks().map(({ slot, file }) => [slot, path.join(ROOT, file)]);
}

/**
 * One module the site serves (web/modules.json), as the page loads it. A module that takes networks
 * is given every trained network of the lessons, as a page has them once the learner has loaded
 * those that load on request.
 */
export async function loadWasmModule(name) {
  const core = await loadModule(name);
  if (core.module.loadModelSummary) {  // the table lessons' networks (the lm module's loadModel takes its own only)
    for (const [slot, file] of lessonModels()) {
      const answer = core.loadModel(slot, fs.readFileSync(file, 'utf8'));
      if (!answer.ok) throw new Error(`${file}: ${answer.error.message}`);
    }
  }
  return core;
}

/**
 * Every module the site serves, behind one face: a demo runs in the module that has it, and each other
 * call in the module that has that function (training and networks: the table lesson's; the robot: the
 * robot lesson's). `modules`: name -> that module's own face; `moduleFor(fn, demo)`: the raw embind
 * module a call reaches, for tests that pass text no JSON value can hold.
 */
export async function loadWasmCore() {
  const modules = new Map();
  for (const name of declaredModules().keys()) modules.set(name, await loadWasmModule(name));
  const withDemo = (id) => [...modules.values()].find((c) => c.demos.has(id));
  const withFunction = (fn) => [...modules.values()].find((c) => typeof c.module[fn] === 'function');
  const moduleFor = (fn, demo) => (demo === undefined ? withFunction(fn) : withDemo(demo)).module;
  const demos = new Map([...modules.values()].flatMap((c) => [...c.demos]));
  // The face's name of each embind function other than the demos' (core-face.js).
  const faces = { loadModel: 'loadModel', loadModelSummary: 'loadModelSummary', trainStart: 'trainStart', trainAdvance: 'trainAdvance',
    trainResult: 'trainResult', robotCall: 'robot', pythonRound: 'pythonRound', pythonRepr: 'pythonRepr' };
  const routed = Object.fromEntries(Object.entries(faces).map(([fn, face]) => [face, (...args) => withFunction(fn)[face](...args)]));
  return {
    ...routed, modules, moduleFor, demos, list: () => [...demos.values()],
    // An unknown id goes to the first module, which answers that it has no such demo.
    run: (id, params) => (withDemo(id) ?? modules.values().next().value).run(id, params),
  };
}

export const nativeCore = {
  list: () => JSON.parse(execFileSync(CLI, ['list'], { encoding: 'utf8' })),
  run(id, params) {
    const text = typeof params === 'string' ? params : JSON.stringify(params);
    try {
      return JSON.parse(execFileSync(CLI, ['run', id, text], { encoding: 'utf8' }));
    } catch (error) {
      if (error.status === 1) return JSON.parse(error.stdout); // the core answered with an error
      throw error;
    }
  },
};

/**
 * Parameter sets that exercise each declaration: the defaults, then each
 * parameter alone at its bounds (numbers), flipped (booleans) or at each choice.
 */
export function parameterCases(demo) {
  const cases = [{}];
  for (const p of demo.params) {
    if (p.type === 'number' || p.type === 'integer') {
      for (const v of [p.min, p.max]) if (v !== undefined && v !== p.default) cases.push({ [p.name]: v });
    } else if (p.type === 'boolean') {
      cases.push({ [p.name]: !p.default });
    } else if (p.type === 'choice') {
      for (const c of p.choices) if (c !== p.default) cases.push({ [p.name]: c });
    }
  }
  return cases;
}

// Native (glibc libm, x86-64) and WebAssembly (musl libm) may differ in the last
// bits of exp/log/cos; anything beyond that is a real difference.
export const DOUBLE = { relative: 1e-9, absolute: 1e-12 };
// Demos that run a trained network compute in float (epsilon 1.2e-7). Both builds
// add in the same order (CMakeLists.txt, core/nn/matmul.hpp) and today agree to
// the bit, but expf comes from each build's libm, and one ulp of it through a
// few layers is about 1e-5 cm on positions of tens of cm.
export const FLOAT32 = { relative: 1e-5, absolute: 1e-4 };
export const toleranceOf = (demo) => (demo.arithmetic === 'float32' ? FLOAT32 : DOUBLE);

export function assertSameJson(actual, expected, where = '$', tolerance = DOUBLE) {
  if (typeof expected === 'number' && typeof actual === 'number') {
    const allowed = tolerance.absolute + tolerance.relative * Math.abs(expected);
    assert.ok(Math.abs(actual - expected) <= allowed, `${where}: wasm ${actual} vs native ${expected}`);
    return;
  }
  if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${where}: wasm gives ${typeof actual}, native an array`);
    assert.equal(actual.length, expected.length, `${where}: lengths differ`);
    expected.forEach((e, i) => assertSameJson(actual[i], e, `${where}[${i}]`, tolerance));
    return;
  }
  if (expected && typeof expected === 'object') {
    assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort(), `${where}: keys differ`);
    for (const key of Object.keys(expected)) assertSameJson(actual[key], expected[key], `${where}.${key}`, tolerance);
    return;
  }
  assert.equal(actual, expected, where);
}

/**
 * Parameter sets that move SEVERAL numeric parameters to their bounds at once
 * (a count that overflows only when width and layers are both at their maximum
 * escapes a test that moves one at a time). With n bounded parameters: every
 * min/max combination when 2^n <= cap; otherwise all at min, all at max, each one
 * flipped from either, and each pair at max with the rest at min.
 */
export function boundCombinations(demo, cap = 64) {
  const bounded = demo.params.filter((p) => (p.type === 'number' || p.type === 'integer')
    && p.min !== undefined && p.max !== undefined);
  const n = bounded.length;
  const pick = (atMax) => Object.fromEntries(bounded.map((p, i) => [p.name, atMax(i) ? p.max : p.min]));
  if (2 ** n <= cap) return Array.from({ length: 2 ** n }, (_, bits) => pick((i) => (bits >> i) & 1));
  const cases = [pick(() => false), pick(() => true)];
  for (let k = 0; k < n; ++k) cases.push(pick((i) => i === k), pick((i) => i !== k));
  for (let a = 0; a < n; ++a) for (let b = a + 1; b < n; ++b) cases.push(pick((i) => i === a || i === b));
  return cases;
}
