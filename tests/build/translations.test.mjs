// A lesson in another language (docs/languages.md): the build checks each translation for missing and unknown
// keys against English and stops with `file:line: message`; the French attention lesson's tables are complete;
// the core's words are put into French with the language's numbers, and printouts are left as printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, nativeCore } from '../support/core.mjs';
import { buildLessons } from '../support/site-build.mjs';
import { edgeParams, explainSettings, language, reachableExplanations, runtimeProblems } from '../../scripts/languages.mjs';
import { declaredModules, loadModule } from '../../scripts/core-modules.mjs';
import { lessonInstances } from '../../scripts/lesson-prose.mjs';
import { coreWords, formulaSaysWords, notationIn, translateExplanation } from '../../web/runtime/strings/core-words.js';
import { scratchDir } from '../../scripts/scratch-dir.mjs';

test('translations: every word the French attention lesson\'s demos and their explanations say has a translation, and the tables hold no other', async () => {
  const fr = await language('fr');
  const demos = new Map(nativeCore.list().map((d) => [d.id, d]));
  const file = 'lessons/attention-fr/lesson.html';
  const instances = lessonInstances(fs.readFileSync(path.join(ROOT, file), 'utf8'), file, demos);
  assert.ok(instances.size >= 6, 'the lesson has its demos');
  // The refusals at the parameters' edges too, run in the WebAssembly modules as the build runs them.
  const cores = await Promise.all([...declaredModules().keys()].map((name) => loadModule(name)));
  const refuse = (id, params) => cores.find((c) => c.demos.has(id)).run(id, params);
  // And every explanation a learner can open, at the preset and a few settings, as the build collects them.
  const explainer = await loadModule('attention-explain');
  let refusals = 0;
  let explanations = 0;
  for (const { demo, params } of instances.values()) {
    const edges = edgeParams(demo).map((p) => refuse(demo.id, p));
    refusals += edges.filter((a) => !a.ok).length;
    fr.noteSaid(demo, [nativeCore.run(demo.id, params), nativeCore.run(demo.id, {}), ...edges]);
    const explained = explainSettings(demo, params).flatMap((p) => reachableExplanations(explainer, demo.id, p));
    explanations += explained.filter((a) => a.ok).length;
    fr.noteExplained(demo, explained);
  }
  assert.ok(refusals > 50, `the edges are refused (${refusals} refusals)`);
  assert.ok(explanations > 500, `the explanations are collected (${explanations})`);
  assert.deepEqual(await fr.check(), []);
});

// [fixture, its mistake, the table and line the message names, what it says]
const MISTAKES = [
  ['translation-missing-key', 'a missing key', 'words/lessons/attention/strings.fr.json:1',
    /the translation has no key "Multiply the scores by" \(said by demo "softmax_scaling", declared at core\/lessons\/attention\/softmax_scaling.cpp:\d+\)/],
  ['translation-unknown-key', 'an unknown key', 'words/lessons/attention/strings.fr.json:7', /"Multiply the scores with" is not a key of English/],
  ['translation-missing-explanation-key', 'a missing key of an explanation', 'words/lessons/attention/strings.fr.json:1',
    /the translation has no key "the factor c, which you set" \(said by an explanation of demo "softmax_scaling", declared at core\/lessons\/attention\/softmax_scaling_explain.cpp:\d+\)/],
  ['translation-unknown-explanation-key', 'an unknown key of an explanation', 'words/lessons/attention/strings.fr.json:5', /"the factor c, which you sett" is not a key of English/],
];
for (const [mistake, what, at, message] of MISTAKES) {
  test(`translations: the build stops on a table of the core's words with ${what}, naming the file and line`, () => {
    const folder = `tests/build/fixtures/${mistake}`;
    const { status, stderr } = buildLessons(folder, { ATTN_CORE_WORDS: `${folder}/words` });
    assert.equal(status, 1, stderr);
    assert.ok(stderr.includes(`${folder}/${at}: `), `expected "${folder}/${at}: " in: ${stderr}`);
    assert.match(stderr, message);
  });
}

test('translations: the runtime\'s French table with a key missing and a key unknown is refused at its file and lines', async () => {
  const text = fs.readFileSync(path.join(ROOT, 'web/runtime/strings/fr.js'), 'utf8')
    .replace(/^ {2}'demo\.reset': .*\n/m, '')
    .replace(/^ {2}('demo\.more_settings': .*)\n/m, "$1\n  'demo.more_setings': 'Plus de réglages',\n");
  const file = path.join(scratchDir('attn-fr-'), 'fr.js');
  fs.writeFileSync(file, text);
  const line = text.split('\n').findIndex((l) => l.includes("'demo.more_setings'")) + 1;
  assert.deepEqual(await runtimeProblems('fr', file), [
    `${file}:1: the translation has no key "demo.reset" (English: "Reset to the lesson's values"): add it to ${file}`,
    `${file}:${line}: "demo.more_setings" is not a key of English (a key misspelt, or one English no longer has): correct it or remove it`,
  ]);
});

test('translations: the core\'s words in French write numbers with a decimal comma and leave printouts as the program prints them', () => {
  const words = coreWords('fr', { '{list}': '{items} et {last}', '{item}': ' ; ', '{} weights': '{} poids' });
  assert.equal(words('0.707, 0 and 0.707'), '0,707 ; 0 et 0,707');
  assert.equal(words('38,416 weights'), `38${'\u202f'}416 poids`);
  assert.equal(words('[1, 0]'), '[1 ; 0]');
  assert.equal(words('[0.09  0.245 0.665]'), '[0.09  0.245 0.665]', 'a NumPy printout keeps its point');
  assert.equal(words('(3, 8)'), '(3, 8)', 'a shape is printed as Python prints it');
  assert.equal(words('An untranslated sentence.'), 'An untranslated sentence.');
});

test('translations: a refusal is put into French whole: its template, the control\'s label, its numbers, and what was typed kept as typed', () => {
  const table = { ...JSON.parse(fs.readFileSync(path.join(ROOT, 'core/demo/strings.fr.json'), 'utf8')), 'Tokens T': 'Jetons T' };
  const words = coreWords('fr', table);
  assert.equal(words('“Tokens T” is too large: it must be between 1 and 100000 (got 100001)'),
    `« Jetons T » : la valeur est trop grande ; elle doit être comprise entre 1 et 100${'\u202f'}000 (reçu : 100${'\u202f'}001)`);
  assert.equal(words('“Tokens T” must be a whole number between 1 and 12 (got "2,5 jetons")'),
    '« Jetons T » doit être un nombre entier compris entre 1 et 12 (reçu : « 2,5 jetons »)');
  assert.equal(words('“Tokens T” must be a whole number between 1 and 12 (got 2.5)'),
    '« Jetons T » doit être un nombre entier compris entre 1 et 12 (reçu : 2,5)');
  // A refusal the table lacks stays English, whole (not half translated).
  assert.equal(words('“Tokens T” must be one of "a", "b" (got "c")'), '“Tokens T” must be one of "a", "b" (got "c")');
});

test('translations: an explanation is put into French: its name, step, words and operands\' labels, with the indices and numbers put back', () => {
  const words = coreWords('fr', {
    'the weight of score {} at the factor {} on the chart': 'le poids du score {} au facteur {} sur le graphique',
    'w{} is e to the power of score {}, divided by the sum of the same for every score': 'w{} vaut e puissance le score {}, divisé par la somme de la même chose pour chaque score',
    'Why divide by √d: softmax of the same scores, multiplied by a factor': 'Pourquoi diviser par √d : la softmax des mêmes scores, multipliés par un facteur',
    'score {}, which you set': 'le score {}, que vous avez choisi',
  });
  const answer = { ok: true, explanation: {
    ref: { kind: 'chart', chart: 'sweep', series: 2, point: 30 }, name: 'the weight of score 2 at the factor 3.16 on the chart',
    step: 'Why divide by √d: softmax of the same scores, multiplied by a factor', formula: 'w₂ = e^s₂ / Σₖ e^sₖ',
    words: 'w₂ is e to the power of score 2, divided by the sum of the same for every score',
    operands: [{ ref: { kind: 'param', name: 'scores', index: 0 }, label: 'score 0, which you set', value: 1 }] } };
  const { explanation } = translateExplanation(answer, words);
  assert.equal(explanation.name, 'le poids du score 2 au facteur 3,16 sur le graphique');
  assert.equal(explanation.words, 'w₂ vaut e puissance le score 2, divisé par la somme de la même chose pour chaque score');
  assert.equal(explanation.step, 'Pourquoi diviser par √d : la softmax des mêmes scores, multipliés par un facteur');
  assert.equal(explanation.operands[0].label, 'le score 0, que vous avez choisi');
  assert.deepEqual(explanation.operands[0].ref, answer.explanation.operands[0].ref, 'the references stay the core\'s');
  assert.equal(explanation.formula, answer.explanation.formula, 'the formula is the lesson\'s notation');
});

test('translations: a formula that says words is translated by its key, numbers put back in the language; a formula of symbols alone needs no key', () => {
  const table = { 'T × T × heads × {} bytes / {}⁶': 'T × T × têtes × {} octets / {}⁶', 'Σ over j > i of wᵢⱼ': 'Σ sur j > i de wᵢⱼ' };
  const formula = (text) => translateExplanation({ ok: true, explanation: { formula: text } }, coreWords('fr', table), notationIn('fr', table)).explanation.formula;
  assert.equal(formula('T × T × heads × 4 bytes / 10⁶'), 'T × T × têtes × 4 octets / 10⁶');
  assert.equal(formula('Σ over j > i of wᵢⱼ'), 'Σ sur j > i de wᵢⱼ');
  for (const symbols of ['w₀₂ = e^s₀₂ / Σⱼ e^s₀ⱼ', 'concat[0][1] = Σⱼ wᵢⱼ · V[j][1]', 'argmaxⱼ w₀ⱼ', 'e^(c·s₀ − m), m = maxₖ c·sₖ', 'softmax(x)']) {
    assert.equal(formulaSaysWords(symbols), false, symbols);
  }
  assert.equal(formulaSaysWords('d_head = d_model / heads'), true);
});

test('translations: an explanation\'s formula, arithmetic, result and exact value are written with the language\'s numbers, every digit of the exact value kept', () => {
  const table = { '{item}': ' ; ' };
  const answer = { ok: true, explanation: {
    ref: { kind: 'table', table: 'weights', row: 0, col: 2 }, name: '', step: '', words: '', operands: [],
    formula: 'w₀₂ = e^s₀₂ / Σⱼ e^s₀ⱼ, m = max(0.5, 1)', plugged: 'e^0.707 / (e^0.707 + e^0 + e^(−0.962)) × 1,000',
    shown: '0.401', exact: '0.40111209386845375', value: 0.40111209386845375 } };
  const { explanation } = translateExplanation(answer, coreWords('fr', table), notationIn('fr', table));
  assert.equal(explanation.formula, 'w₀₂ = e^s₀₂ / Σⱼ e^s₀ⱼ ; m = max(0,5 ; 1)', 'the indices stay; a list\'s items are separated by " ; "');
  assert.equal(explanation.plugged, `e^0,707 / (e^0,707 + e^0 + e^(−0,962)) × 1${'\u202f'}000`);
  assert.equal(explanation.shown, '0,401');
  assert.equal(explanation.exact, '0,40111209386845375');
  assert.equal(explanation.value, answer.explanation.value, 'the value stays the core\'s');
  assert.equal(notationIn('fr', table)('1.1525e-275'), '1,1525e-275', 'an exact value in e-notation keeps its digits');
  assert.equal(translateExplanation(answer, (w) => w, notationIn('en', table)).explanation.plugged, answer.explanation.plugged, 'English as the core wrote it');
});
