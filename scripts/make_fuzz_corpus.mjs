// Writes the fuzz targets' seed corpus (tests/fuzz/corpus/<target>/) and
// dictionary (tests/fuzz/attn.dict) from what the core declares:
//   demo_api:    each demo at its defaults, with every bounded parameter at its min, and at its max
//   model_files: the lesson's smallest weights file and Plain-256's summary
//   training:    a few short trainings, one at a rate that diverges
//   robot:       the lesson's spin as its programs run it, a drive and a wait at their bounds, a call before connect
//   explain:     each demo that explains at its defaults, with a reference of each kind its contents name
//                (asked of the site's explain modules, build/wasm/)
// Usage: node scripts/make_fuzz_corpus.mjs   (after a native build; the output is committed)
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { declaredModules, loadModule } from './core-modules.mjs';
import { shippedNetworks } from './lesson-networks.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FUZZ = path.join(ROOT, 'tests/fuzz');
const demos = JSON.parse(execFileSync(path.join(ROOT, 'build/native/attn'), ['list'], { encoding: 'utf8' }));

function writeCorpus(target, entries) {
  const dir = path.join(FUZZ, 'corpus', target);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(entries)) fs.writeFileSync(path.join(dir, name), text);
}

const at = (demo, bound) => Object.fromEntries(demo.params.filter((p) => p[bound] !== undefined
  && (p.type === 'number' || p.type === 'integer')).map((p) => [p.name, p[bound]]));
const defaults = (demo) => Object.fromEntries(demo.params.map((p) => [p.name, p.default]));
writeCorpus('demo_api', Object.fromEntries(demos.flatMap((d) => [
  [`${d.id}-defaults`, `${d.id}\n${JSON.stringify(defaults(d))}`],
  [`${d.id}-min`, `${d.id}\n${JSON.stringify(at(d, 'min'))}`],
  [`${d.id}-max`, `${d.id}\n${JSON.stringify(at(d, 'max'))}`],
])));

const weights = (file) => JSON.parse(fs.readFileSync(path.join(ROOT, 'lessons/table/weights', file), 'utf8'));
const plain256 = weights('find-plain-256.json');
const summary = {
  format: 'attn-nn-summary', version: 1, model: plain256.model,
  parameters: plain256.parameters.reduce((count, tensor) => count + tensor.values.length, 0),
  misses: plain256.misses, training: plain256.training,
};
writeCorpus('model_files', {
  'find-lookup-weights': `find/lookup\n${JSON.stringify(weights('find-lookup.json'))}`,
  'plain-256-summary': `summary find/plain-256\n${JSON.stringify(summary)}`,
});

writeCorpus('training', {
  'lookup-find': JSON.stringify({ task: 'find', model: 'lookup', seed: 3, epochs: 1 }),
  'transformer-1-nearest': JSON.stringify({ task: 'nearest', model: 'transformer-1', lr: 0.01, epochs: 1 }),
  'plain-16-diverges': JSON.stringify({ task: 'find', model: 'plain-16', lr: 1, epochs: 1 }),
  'lesson-choices': '{}',
});

// One robot call a line: "<op> <arguments JSON>" (tests/fuzz/fuzz_robot.cpp).
const calls = (...lines) => lines.join('\n') + '\n';
writeCorpus('robot', {
  'lesson-spin': calls('connect {"x":50,"y":20,"noise":1.5,"seed":11}', 'drive {"left":0,"right":0,"turn":100}',
    'distance {}', 'wait {"seconds":0.25}', 'distance {}', 'position {}', 'heading {}'),
  'bounds': calls('connect {"x":5,"y":95,"heading":-360,"noise":10,"seed":1e15}', 'drive {"left":100,"right":-100,"turn":-100}',
    'wait {"seconds":3600}', 'position {}', 'stop {}', 'wait {"seconds":0}'),
  'before-connect': calls('heading {}', 'arguments {}', 'connect {"seed":-1}', 'drive {"left":1e308}'),
});

/** The lessons' own networks (as the network table ships them), into an explain module that reads networks, as the page hands them. */
function loadLessonNetworks(core) {
  if (typeof core.module.loadModel !== 'function') return;
  for (const { slot, file } of shippedNetworks()) core.loadModel(slot, fs.readFileSync(path.join(ROOT, file), 'utf8'));
}

/**
 * One reference of each kind the explanations of `named` lead to and the contents do not name (a heat map's
 * cell, a worked-out `inner` step, a trained weight), the first met, so that the fuzzer starts from each shape.
 */
function operandRefs(core, demo, named) {
  const seen = new Map();
  for (const ref of named) {
    const answer = core.explain(demo.id, defaults(demo), ref);
    for (const { ref: operand } of (answer.ok && answer.explanation.operands) || []) {
      const shape = `${operand.kind}:${operand.name ?? operand.figure ?? operand.tensor ?? ''}`;
      if (['inner', 'figure', 'weight'].includes(operand.kind) && !seen.has(shape)) seen.set(shape, operand);
    }
  }
  return [...seen.values()];
}

// explain_json: "<demo id>\n<parameters>\n<reference>", from what each explaining demo says it explains, and
// the references their arithmetic leads to.
const explainEntries = {};
for (const [name, { api }] of declaredModules()) {
  if (!api.includes('explain')) continue;
  const core = await loadModule(name);
  loadLessonNetworks(core);
  for (const d of demos.filter((demo) => core.demos.has(demo.id))) {
    const answer = core.explain(d.id, defaults(d), { kind: 'contents' });
    if (!answer.ok) continue;
    const { tables = [], numbers = [], printed, charts = [], figures = [] } = answer.explanation;
    const named = [...tables.map((table) => ({ kind: 'table', table, row: 0, col: 0 })),
      ...numbers.map((n) => ({ kind: 'number', name: n })), ...charts.map((chart) => ({ kind: 'chart', chart, series: 0, point: 0 })),
      ...figures.map((figure) => ({ kind: 'figure', figure, map: 0, row: 0, col: 0 })),
      ...(printed ? [{ kind: 'printed', index: 0 }] : [])];
    const refs = [{ kind: 'contents' }, ...named, ...operandRefs(core, d, named)];
    refs.forEach((ref, k) => { explainEntries[`${d.id}-${k}`] = `${d.id}\n${JSON.stringify(defaults(d))}\n${JSON.stringify(ref)}`; });
  }
}
writeCorpus('explain', explainEntries);

// Every name the surface knows, and the values that broke it before, so they stay covered.
const words = new Set(['{', '}', '[', ']', ',', ':', '"', 'true', 'false', 'null', '0', '-1', '1e400', '1e30',
  '16.5', '4294967312', '3e38', 'NaN', 'Infinity', '"format"', '"version"', '"model"', '"parameters"', '"name"',
  '"shape"', '"values"', '"misses"', '"training"', '"attn-nn-weights"', '"attn-nn-summary"', '"task"', '"lr"',
  '"epochs"', '"seed"', '"find"', '"nearest"', 'find/lookup', 'summary ',
  // the robot's commands and arguments (core/api/robot_session.hpp)
  'connect', 'drive', 'stop', 'wait', 'distance', 'position', 'heading', 'arguments', '"x"', '"y"', '"heading"',
  '"noise"', '"left"', '"right"', '"turn"', '"seconds"', '1e15', '3600', '100', '-100', '1e308',
  // explanations' references (core/explain/explanation.hpp)
  '"kind"', '"table"', '"number"', '"printed"', '"param"', '"chart"', '"inner"', '"contents"', '"row"', '"col"',
  '"index"', '"series"', '"point"', '"figure"', '"map"', '"weight"', '"slot"', '"tensor"', '"name"']);
for (const d of demos) {
  words.add(d.id);
  for (const p of d.params) {
    words.add(`"${p.name}"`);
    for (const c of p.choices ?? []) words.add(`"${c}"`);
    for (const v of [p.min, p.max]) if (v !== undefined) words.add(String(v));
  }
}
for (const p of plain256.parameters.concat(weights('nearest-transformer-2.json').parameters)) words.add(`"${p.name}"`);
const quote = (w) => `"${w.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
fs.writeFileSync(path.join(FUZZ, 'attn.dict'),
  '# libFuzzer dictionary for tests/fuzz (written by scripts/make_fuzz_corpus.mjs)\n'
  + [...words].map(quote).join('\n') + '\n');
console.log(`wrote ${path.relative(ROOT, FUZZ)}/corpus and attn.dict (${words.size} words)`);
