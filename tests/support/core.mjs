// The two builds of the core side by side: the WebAssembly module (as the page
// loads it) and the native `attn` command-line tool.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WASM_DIR = path.join(ROOT, 'build/wasm');
const CLI = path.join(ROOT, 'build/native/attn');

/** Every lesson's trained weights, those that load on request included: [slot, file path]. */
function lessonModels() {
  const lessons = path.join(ROOT, 'lessons');
  return fs.readdirSync(lessons).flatMap((slug) => {
    const meta = path.join(lessons, slug, 'lesson.json');
    if (!fs.existsSync(meta)) return [];
    return Object.entries(JSON.parse(fs.readFileSync(meta, 'utf8')).models ?? {})
      .map(([slot, file]) => [slot, path.join(lessons, slug, file)]);
  });
}

/**
 * The same ES module the site serves; Node is handed the bytes (platform note,
 * trap 3). Every trained network of the lessons is loaded into it, as a page has
 * them once the learner has loaded those that load on request.
 */
export async function loadWasmCore() {
  const { default: create } = await import(path.join(WASM_DIR, 'attn_core.js'));
  const module = await create({ wasmBinary: fs.readFileSync(path.join(WASM_DIR, 'attn_core.wasm')) });
  for (const [slot, file] of lessonModels()) {
    const answer = JSON.parse(module.loadModel(slot, fs.readFileSync(file, 'utf8')));
    if (!answer.ok) throw new Error(`${file}: ${answer.error.message}`);
  }
  return {
    module,  // the raw embind surface (trainStart, trainAdvance, ...)
    list: () => JSON.parse(module.listDemos()),
    run: (id, params) => JSON.parse(module.runDemo(id, typeof params === 'string' ? params : JSON.stringify(params))),
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
