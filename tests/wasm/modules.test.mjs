// The site's modules (web/modules.json) between them hold every demo of the native build, each in one
// module, and each module offers only the calls of the API groups it names: the attention lesson's
// page gets no trainer, networks or robot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { declaredModules } from '../../scripts/core-modules.mjs';
import { loadWasmCore, nativeCore } from '../support/core.mjs';

const wasm = await loadWasmCore();
// The embind functions of each API group (web/bindings.cpp); every module has the demos'.
const GROUPS = {
  demos: ['listDemos', 'runDemo'],
  models: ['loadModel', 'loadModelSummary', 'maxJsonBytes'],
  training: ['trainStart', 'trainAdvance', 'trainResult', 'trainPartsGradient', 'trainStep', 'trainExchange', 'trainMisses', 'trainMissesExchange'],
  robot: ['robotCall', 'pythonRound', 'pythonRepr'],
  lm: ['lmStart', 'lmAdvance', 'lmValidation', 'lmWeights', 'lmNext', 'lmGenerate', 'lmPartsGradient', 'lmStep', 'lmExchange'],
  lmnetwork: ['loadModel', 'maxJsonBytes'],
  explain: ['explainValue'],
};

// A module with the explain group is loaded beside a page's own, on a learner's first click on a number
// (docs/explain.md): it repeats its lessons' demos, so it is not counted as a demo's home.
const explaining = new Set([...declaredModules()].filter(([, { api }]) => api.includes('explain')).map(([name]) => name));

test('modules: every demo of the native build is in exactly one of the site\'s page modules', () => {
  for (const { id } of nativeCore.list()) {
    const holders = [...wasm.modules].filter(([name, core]) => !explaining.has(name) && core.demos.has(id)).map(([name]) => name);
    assert.equal(holders.length, 1, `${id} is in ${holders.join(', ') || 'no module'}`);
  }
  assert.equal(wasm.demos.size, nativeCore.list().length, 'no module has a demo the native build lacks');
});

test('modules: each module has the calls of the API groups web/modules.json names for it, and no others', () => {
  for (const [name, { api }] of declaredModules()) {
    const module = wasm.modules.get(name).module;
    // A call two groups offer (loadModel: the table's networks, or the language model's) is there when either is named.
    const offered = new Set(Object.entries(GROUPS).filter(([group]) => group === 'demos' || api.includes(group)).flatMap(([, fns]) => fns));
    for (const fn of Object.values(GROUPS).flat()) assert.equal(typeof module[fn] === 'function', offered.has(fn), `${name}: ${fn}`);
  }
});

test('modules: several modules behind one face (a page mixing lessons) run and explain each demo in the module that holds it', async () => {
  const { combineCores } = await import('../../web/runtime/core-face.js');
  const { pageModules } = await import('../../scripts/core-modules.mjs');
  const attention = wasm.modules.get('attention');
  const block = wasm.modules.get('block');
  const both = combineCores([attention, block]);
  assert.equal(both.demos.size, attention.demos.size + block.demos.size);
  const explainers = [wasm.modules.get('attention-explain'), wasm.modules.get('block-explain')];
  const explaining = combineCores(explainers);
  for (const [id, own] of [['worked_example', explainers[0]], ['block_residual', explainers[1]]]) {
    assert.deepEqual(both.run(id, {}), nativeCore.run(id, {}), id);
    const contents = explaining.explain(id, {}, { kind: 'contents' });
    assert.equal(contents.ok, true, id);
    assert.deepEqual(contents, own.explain(id, {}, { kind: 'contents' }), id);
  }
  assert.equal(both.run('no_such_demo', {}).ok, false);
  assert.equal(combineCores([attention]), attention, 'one module is its own face');
  // The build's choice for such a page: the module of each demo, when no one module has them all.
  const sizes = new Map([...wasm.modules].map(([name, core]) => [name, { demos: new Set(core.demos.keys()), api: declaredModules().get(name).api, bytes: 1 }]));
  assert.deepEqual(pageModules(sizes, ['worked_example', 'block_residual'], []), ['attention', 'block']);
  assert.deepEqual(pageModules(sizes, ['block_stack'], []), ['block']);
});

test('modules: only the explain modules explain, and each has the same demos as the page module of its lessons', () => {
  for (const [name, { lessons }] of declaredModules()) {
    const core = wasm.modules.get(name);
    assert.equal(core.explain !== null, explaining.has(name), `${name}: explainValue`);
    if (!explaining.has(name)) continue;
    const page = [...declaredModules()].find(([other, m]) => !explaining.has(other) && JSON.stringify(m.lessons) === JSON.stringify(lessons));
    assert.ok(page, `${name}: a page module links the same lessons (${lessons.join(', ')})`);
    assert.deepEqual([...core.demos.keys()], [...wasm.modules.get(page[0]).demos.keys()], `${name} and ${page[0]}`);
  }
});
