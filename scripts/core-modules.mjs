// The site's WebAssembly modules (web/modules.json), as the site build, the tests and the benchmarks
// see them: each module's demos, its API groups, and which module a page loads.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { wrapCore } from '../web/runtime/core-face.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// ATTN_WASM builds the site from another build folder's modules (to compare build options).
export const WASM_DIR = path.resolve(ROOT, process.env.ATTN_WASM ?? 'build/wasm');

/** name -> {lessons: [folder], api: [group]}, as web/modules.json declares them. */
export function declaredModules() {
  const declared = JSON.parse(fs.readFileSync(path.join(ROOT, 'web/modules.json'), 'utf8'));
  delete declared['//'];
  return new Map(Object.entries(declared));
}

/** The files of module `name` in build/wasm/ (and in site/assets/). */
export const moduleFiles = (name) => [`core-${name}.js`, `core-${name}.wasm`];

/** A module built in `dir`, behind the page's face; Node is handed the bytes (platform note, trap 3). */
export async function loadModule(name, dir = WASM_DIR) {
  const [loader, wasm] = moduleFiles(name).map((f) => path.join(dir, f));
  const { default: create } = await import(loader);
  return wrapCore(await create({ wasmBinary: fs.readFileSync(wasm) }));
}

/** name -> {demos: Set of ids, api: [group], bytes: size of its .wasm}, from the built modules themselves. */
export async function builtModules(dir = WASM_DIR) {
  const modules = new Map();
  for (const [name, { api }] of declaredModules()) {
    const core = await loadModule(name, dir);
    modules.set(name, { demos: new Set(core.demos.keys()), api, bytes: fs.statSync(path.join(dir, moduleFiles(name)[1])).size });
  }
  return modules;
}

/**
 * The modules a page loads: the smallest one that has every demo it shows and every API group it calls
 * (pageModule) when there is one; else, for a page mixing demos of several lessons, the smallest module holding
 * each demo, with the smallest offering each API group none of those offers (web/runtime/core-face.js,
 * combineCores, runs each demo in its own module). So a lesson may use any demos with no edit of
 * web/modules.json and no WebAssembly build. Throws a sentence for the teacher when a demo is in no module.
 * @returns {string[]} module names, the first the one the page's calls outside the demos go to first
 */
export function pageModules(modules, demoIds, api) {
  try {
    return [pageModule(modules, demoIds, api)];
  } catch { /* no one module: one per demo below */ }
  const bySize = [...modules].filter(([, m]) => api.includes('explain') || !m.api.includes('explain')) // as pageModule
    .sort((a, b) => a[1].bytes - b[1].bytes);
  const chosen = [];
  const take = (name) => { if (!chosen.includes(name)) chosen.push(name); };
  const missing = [];
  for (const id of new Set(demoIds)) {
    const holder = bySize.find(([, m]) => m.demos.has(id));
    if (holder) take(holder[0]); else missing.push(id);
  }
  for (const group of api) {
    if (chosen.some((name) => modules.get(name).api.includes(group))) continue;
    const offering = bySize.find(([, m]) => m.api.includes(group));
    if (offering) take(offering[0]); else missing.push(`the ${group} calls`);
  }
  if (missing.length) {
    throw new Error(`no module of web/modules.json has ${missing.join(', ')}: a new folder of core/lessons/ needs a module ` +
      'that lists it, built once (docs/lesson-format.md, "Which module a page loads").');
  }
  return chosen;
}

/**
 * The module a page loads: the smallest that has every demo it shows (`demoIds`) and every API group it
 * calls (`api`: "models" for a lesson with networks, "training" for a trainer, "robot" for programs).
 * Throws a sentence for the teacher when no module has them all.
 */
export function pageModule(modules, demoIds, api) {
  // A module with the explain group repeats its lessons' demos for the panel (docs/explain.md): it is a
  // page's choice only when the explain group is asked for.
  const candidates = [...modules].filter(([, m]) => api.includes('explain') || !m.api.includes('explain'));
  const fits = candidates.filter(([, m]) => demoIds.every((id) => m.demos.has(id)) && api.every((g) => m.api.includes(g)));
  if (fits.length) return fits.sort((a, b) => a[1].bytes - b[1].bytes)[0][0];
  const needs = [...new Set(demoIds)].map((id) => `${id} (${candidates.filter(([, m]) => m.demos.has(id)).map(([n]) => n).join(', ') || 'no module'})`);
  throw new Error(`no module of web/modules.json has every demo this page uses: ${needs.join('; ')}` +
    `${api.length ? `, with ${api.join(', ')}` : ''}. Add one that lists all their core/lessons/ folders (docs/lesson-format.md, "Which module a page loads").`);
}
