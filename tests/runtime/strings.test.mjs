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
const shells = ['page.html', 'embed.html', 'head.html', 'theme-menu.html', 'index.html', 'class.html'].map((f) => read(path.join(ROOT, 'web', f)));
const build = ['scripts/build-site.mjs', 'scripts/languages.mjs'].map((f) => read(path.join(ROOT, f)));
const keys = Object.keys(en);
const saidInShells = [...shells, ...build].flatMap((text) => [...text.matchAll(/\{\{say ([\w.]+)\}\}/g)].map((m) => m[1]));
// A key said through a computed name: `${key}_${n === 1 ? 'one' : 'many'}` (strings/index.js's sayCount, which
// progress.js and lesson-path.js call count).
const counted = sources.flatMap((text) => [...text.matchAll(/\b(?:count|sayCount)\([^,]+, '([\w.]+)'\)/g)].map((m) => m[1]));

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

// A string literal of the runtime that reads as English words (two or more, or one capitalised word such as
// "Play") is a string a person reads, written outside the tables, unless it is one of these. Found by
// tests/support/js-literals.mjs; a literal of several lines is code (Python for the interpreter, a script
// for an embedding page), and one made only of the style sheet's class names and HTML tags is a selector.
const NOT_READ = {
  // Key names and a select's value, not words.
  any: ['Escape', 'Enter', 'Infinity'],
  // A class list (the live region's own class, which the style sheet does not style).
  'announce.js': ['announce visually-hidden'],
  // CPython's own SyntaxError messages: the program's printout, as the interpreter prints it.
  'programs/brackets.js': ['SyntaxError: closing parenthesis \'${}\' does not match opening parenthesis \'${}\'${}', ' on line ${}', 'SyntaxError: \'${}\' was never closed'],
  // Python for the interpreter.
  'programs/run-program.js': ['for _ in range(2): pass', 'import sys\\nif "robot" in sys.modules: del sys.modules["robot"]'],
  // A developer's errors, thrown when the site's files disagree, and a reading error caught where it is thrown.
  'render/index.js': ['the page has no picture for the figure kinds ${} (core/demo/figure_kinds.json)'],
  'core-face.js': ['no answer', 'the core could not list its demos: ${}'],
  'kept.js': ['not a record'],
  // A CSS colour the page asks the browser to resolve (the heat maps' palette), not words.
  'render/heat-palette.js': ['color-mix(in oklab, var(${}) 100%, var(${}) 0%)'],
};
const READS = /\b[A-Za-z][a-z]+(?:[ '’][a-z]+)+\b|^[A-Z][a-z]+[.…:!?]?$/;
const css = read(path.join(ROOT, 'web/style.css'));
const CODE_WORDS = new Set([...css.matchAll(/[.#]([a-z][\w-]*)/g)].map((m) => m[1])
  .concat('a p div span tbody thead tr td th li ul label input textarea button select details summary table svg g path main pre code figure'.split(' '),
    'not open solid var'.split(' ')));  // CSS's :not(), [open] and a border's value
/** A selector, a class list or a CSS value: every word a class of the style sheet, a tag, or written with a hyphen or digit. */
const isSelector = (text) => text.split(/[\s>,+~]+/).every((part) => part.split(/[.#:[\]()=*^$"']+/).every((w) => !w || CODE_WORDS.has(w) || /[-\d]/.test(w)));

test('strings: no runtime source writes English words a person reads outside the tables', async () => {
  const { stringLiterals } = await import('../support/js-literals.mjs');
  const files = fs.readdirSync(RUNTIME, { recursive: true }).filter((f) => f.endsWith('.js') && !f.startsWith('strings'));
  const found = [];
  let literals = 0;
  for (const file of files) {
    for (const { line, text } of stringLiterals(read(path.join(RUNTIME, file)))) {
      ++literals;
      const words = text.replace(/\$\{\}/g, ' ').replace(/<[^>]*>/g, ' ').trim();
      if (text.includes('\n') || !READS.test(words) || isSelector(words)) continue;
      if ([...NOT_READ.any, ...(NOT_READ[file] ?? [])].includes(text)) continue;
      found.push(`web/runtime/${file}:${line}: ${text}`);
    }
  }
  assert.ok(literals > 2000, `the scanner read the runtime's literals (${literals})`);
  assert.deepEqual(found, []);
});

test('strings: the style sheet shows no words of its own: its ::before and ::after words come from the tables (web/head.html sets them)', () => {
  const worded = [...css.matchAll(/content:\s*"([^"]*)"/g)].map((m) => m[1]).filter((text) => /\p{L}{2}/u.test(text));
  assert.deepEqual(worded, []);
  const shell = read(path.join(ROOT, 'web/head.html'));
  for (const [, name] of css.matchAll(/content:\s*var\((--say-[\w-]+)\)/g)) assert.match(shell, new RegExp(`${name}: "\\{\\{say [\\w.]+\\}\\}"`), `head.html sets ${name}`);
});

test('strings: the words the page hands the programs\' runner, which has no table of its own, are keys of English and of French', async () => {
  const { RUNNER_WORDS } = await import('../../web/runtime/programs/run-program.js');
  const fr = (await import('../../web/runtime/strings/fr.js')).default;
  assert.ok(RUNNER_WORDS.length >= 4);
  assert.deepEqual(RUNNER_WORDS.filter((key) => !(key in en) || !(key in fr)), []);
});
