// The runtime's table of strings (web/runtime/strings/): every key the runtime and the pages' shells say is in
// the English table, every key of the table is said somewhere, say() fills each {name} it is given, and each
// translation has exactly English's keys (the site build checks the same, scripts/languages.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../support/core.mjs';
import en from '../../web/runtime/strings/en.js';
import { say } from '../../web/runtime/strings/index.js';
import { runtimeProblems } from '../../scripts/languages.mjs';

const RUNTIME = path.join(ROOT, 'web/runtime');
const read = (file) => fs.readFileSync(file, 'utf8');
const sources = fs.readdirSync(RUNTIME, { recursive: true }).filter((f) => f.endsWith('.js') && !f.startsWith('strings'))
  .map((f) => read(path.join(RUNTIME, f)));
// The pages' shells say {{say key}}; the site build says the words it writes around a lesson.
const shells = ['page.html', 'embed.html', 'index.html', 'class.html'].map((f) => read(path.join(ROOT, 'web', f)));
const build = ['scripts/build-site.mjs', 'scripts/languages.mjs'].map((f) => read(path.join(ROOT, f)));
const keys = Object.keys(en);
const saidInShells = [...shells, ...build].flatMap((text) => [...text.matchAll(/\{\{say ([\w.]+)\}\}/g)].map((m) => m[1]));
// A key said through a computed name: `${key}_${n === 1 ? 'one' : 'many'}` (progress.js's count).
const counted = sources.flatMap((text) => [...text.matchAll(/count\([^,]+, '([\w.]+)'\)/g)].map((m) => m[1]));

test('strings: every key said by a literal say(\'…\') call or a shell\'s {{say key}} is in the English table', () => {
  const said = [...sources, ...build].flatMap((text) => [...text.matchAll(/\bsay\('([\w.]+)'/g)].map((m) => m[1]));
  assert.ok(said.length > 100, 'the runtime says its words through say()');
  assert.deepEqual([...said, ...saidInShells].filter((key) => !(key in en)), []);
});

test('strings: every key of the English table is used by the runtime, a shell or the build', () => {
  const used = (key) => [...sources, ...build].some((text) => text.includes(`'${key}'`)) || saidInShells.includes(key)
    || counted.some((stem) => key === `${stem}_one` || key === `${stem}_many`);
  assert.deepEqual(keys.filter((key) => !used(key)), []);
});

test('strings: say() fills the names it is given and leaves a missing one visible', () => {
  assert.equal(say('teach.title', { demo: 'Blocks' }), 'Task sheet for “Blocks”');
  assert.equal(say('teach.title'), 'Task sheet for “{demo}”');
  assert.throws(() => say('teach.no_such_key'), /no string "teach.no_such_key"/);
});

test('strings: the French table has every key of English and no other', async () => {
  assert.deepEqual(await runtimeProblems('fr'), []);
});
