// A lesson in another language (docs/languages.md): the build checks each translation for missing and unknown
// keys against English and stops with `file:line: message`; the French attention lesson's tables are complete;
// the core's words are put into French with the language's numbers, and printouts are left as printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, nativeCore } from '../support/core.mjs';
import { buildLessons } from '../support/site-build.mjs';
import { edgeParams, language, runtimeProblems } from '../../scripts/languages.mjs';
import { declaredModules, loadModule } from '../../scripts/core-modules.mjs';
import { lessonInstances } from '../../scripts/lesson-prose.mjs';
import { coreWords } from '../../web/runtime/strings/core-words.js';
import { scratchDir } from '../../scripts/scratch-dir.mjs';

test('translations: every word the French attention lesson\'s demos say has a translation, and the tables hold no other', async () => {
  const fr = await language('fr');
  const demos = new Map(nativeCore.list().map((d) => [d.id, d]));
  const file = 'lessons/attention-fr/lesson.html';
  const instances = lessonInstances(fs.readFileSync(path.join(ROOT, file), 'utf8'), file, demos);
  assert.ok(instances.size >= 6, 'the lesson has its demos');
  // The refusals at the parameters' edges too, run in the WebAssembly modules as the build runs them.
  const cores = await Promise.all([...declaredModules().keys()].map((name) => loadModule(name)));
  const refuse = (id, params) => cores.find((c) => c.demos.has(id)).run(id, params);
  let refusals = 0;
  for (const { demo, params } of instances.values()) {
    const edges = edgeParams(demo).map((p) => refuse(demo.id, p));
    refusals += edges.filter((a) => !a.ok).length;
    fr.noteSaid(demo, [nativeCore.run(demo.id, params), nativeCore.run(demo.id, {}), ...edges]);
  }
  assert.ok(refusals > 50, `the edges are refused (${refusals} refusals)`);
  assert.deepEqual(await fr.check(), []);
});

// [fixture, its mistake, the table and line the message names, what it says]
const MISTAKES = [
  ['translation-missing-key', 'a missing key', 'words/lessons/attention/strings.fr.json:1',
    /the translation has no key "Multiply the scores by" \(said by demo "softmax_scaling", declared at core\/lessons\/attention\/softmax_scaling.cpp:\d+\)/],
  ['translation-unknown-key', 'an unknown key', 'words/lessons/attention/strings.fr.json:7', /"Multiply the scores with" is not a key of English/],
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
