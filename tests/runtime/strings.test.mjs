// The runtime's table of strings (web/runtime/strings/): every key the runtime says is in the English table,
// every key of the table is said somewhere, and say() fills each {name} it is given.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../support/core.mjs';
import en from '../../web/runtime/strings/en.js';
import { say } from '../../web/runtime/strings/index.js';

const RUNTIME = path.join(ROOT, 'web/runtime');
const sources = fs.readdirSync(RUNTIME, { recursive: true }).filter((f) => f.endsWith('.js') && !f.startsWith('strings'))
  .map((f) => fs.readFileSync(path.join(RUNTIME, f), 'utf8'));
const keys = Object.keys(en);

test('strings: every key said by a literal say(\'…\') call is in the English table', () => {
  const said = sources.flatMap((text) => [...text.matchAll(/\bsay\('([\w.]+)'/g)].map((m) => m[1]));
  assert.ok(said.length > 10, 'the runtime says its words through say()');
  assert.deepEqual(said.filter((key) => !(key in en)), []);
});

test('strings: every key of the English table is used by the runtime', () => {
  assert.deepEqual(keys.filter((key) => !sources.some((text) => text.includes(`'${key}'`))), []);
});

test('strings: say() fills the names it is given and leaves a missing one visible', () => {
  assert.equal(say('teach.title', { demo: 'Blocks' }), 'Task sheet for “Blocks”');
  assert.equal(say('teach.title'), 'Task sheet for “{demo}”');
  assert.throws(() => say('teach.no_such_key'), /no string "teach.no_such_key"/);
});
