// What each built lesson page's scripts carry (site/, made by scripts/build.sh): the runtime's strings of
// a language come in that language's pages only (assets/strings-<lang>.js, web/runtime/strings/index.js),
// so an English page's first load does not pay for the French words, nor a French page's for the English
// ones (issue 19's first-load budget).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../support/core.mjs';
import { builtLessons, pageLanguage } from '../support/site.mjs';
import en from '../../web/runtime/strings/en.js';
import fr from '../../web/runtime/strings/fr.js';

const SITE = path.join(ROOT, 'site');

/**
 * Every script file a page runs before the learner does anything: its <script src> and, in each, the
 * files it imports statically (`import … from "./x.js"`, `import "./x.js"`), as paths under site/.
 */
function pageScripts(slug) {
  const html = fs.readFileSync(path.join(SITE, slug, 'index.html'), 'utf8');
  const queue = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => path.join(SITE, slug, m[1]));
  const seen = new Set();
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.[^"']+)["']/g)) queue.push(path.join(path.dirname(file), m[1]));
  }
  return [...seen];
}

// A table's strings as a bundle writes them: the ones in plain ASCII (esbuild escapes other characters),
// long enough to be that table's and no other's.
const own = (table, other) => Object.values(table).filter((text) => /^[ -~]{24,}$/.test(text) && !/["'\\`]/.test(text) && !Object.values(other).includes(text));
const FRENCH = own(fr, en);
const ENGLISH = own(en, fr);

const carries = (files, texts) => {
  const code = files.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  return texts.filter((text) => code.includes(text));
};

test('page scripts: each table has strings a bundle would show as they are', () => {
  assert.ok(FRENCH.length >= 10, `only ${FRENCH.length} French strings to look for`);
  assert.ok(ENGLISH.length >= 10, `only ${ENGLISH.length} English strings to look for`);
});

test('page scripts: an English lesson page loads none of the French table', () => {
  const english = builtLessons().filter((slug) => pageLanguage(slug) === 'en');
  assert.ok(english.length > 0);
  for (const slug of english) {
    const files = pageScripts(slug);
    assert.ok(files.some((f) => f.endsWith(`${path.sep}runtime.js`)), `${slug}: the page loads runtime.js`);
    assert.deepEqual(carries(files, FRENCH), [], `${slug}: its scripts (${files.map((f) => path.relative(SITE, f)).join(', ')}) carry French strings`);
  }
});

test('page scripts: an English lesson page loads the whole English table, before its runtime', () => {
  for (const slug of builtLessons().filter((s) => pageLanguage(s) === 'en')) {
    assert.deepEqual(ENGLISH.filter((text) => !carries(pageScripts(slug), [text]).length), [], `${slug}: English strings its scripts lack`);
    const html = fs.readFileSync(path.join(SITE, slug, 'index.html'), 'utf8');
    assert.ok(html.indexOf('assets/strings-en.js') >= 0 && html.indexOf('assets/strings-en.js') < html.indexOf('assets/runtime.js'),
      `${slug}: strings-en.js comes before runtime.js`);
  }
});

test('page scripts: a French lesson page loads none of the English table, which the French one replaces whole', () => {
  for (const slug of builtLessons().filter((s) => pageLanguage(s) === 'fr')) {
    assert.deepEqual(carries(pageScripts(slug), ENGLISH), [], `${slug}: its scripts carry English strings`);
  }
});

test('page scripts: a French lesson page loads the whole French table, before its runtime', () => {
  const french = builtLessons().filter((slug) => pageLanguage(slug) === 'fr');
  assert.ok(french.length > 0, 'the site has a French lesson');
  for (const slug of french) {
    assert.deepEqual(FRENCH.filter((text) => !carries(pageScripts(slug), [text]).length), [], `${slug}: French strings its scripts lack`);
    const html = fs.readFileSync(path.join(SITE, slug, 'index.html'), 'utf8');
    assert.ok(html.indexOf('assets/strings-fr.js') >= 0 && html.indexOf('assets/strings-fr.js') < html.indexOf('assets/runtime.js'),
      `${slug}: strings-fr.js comes before runtime.js`);
  }
});

// The files esbuild makes for what a page imports only when it needs it (issue 19: web/runtime/explainable.js,
// render/figure-views.js): named after their source, as explain-panel-<hash>.js.
const PICTURE_FILES = { head_split: 'head-split', bugbot_mat: 'bugbot-mat', weight_strip: 'weight-strip', table_lab: 'table-lab',
  table_attention: 'table-attention', act_diagram: 'act-diagram', heat_maps: 'heat-maps', char_bars: 'char-bars' };
const lazyFile = (name) => new RegExp(`^${name}-[A-Z0-9]+\\.js$`);
const assets = () => fs.readdirSync(path.join(SITE, 'assets'));

test('page scripts: the explain panel is a file of its own, which no page loads before a learner points at a number', () => {
  assert.equal(assets().filter((f) => lazyFile('explain-panel').test(f)).length, 1, 'site/assets/ has explain-panel-<hash>.js');
  for (const slug of builtLessons()) {
    const loaded = pageScripts(slug).map((f) => path.basename(f));
    assert.deepEqual(loaded.filter((f) => lazyFile('explain-panel').test(f)), [], `${slug}: its first scripts include the panel`);
  }
});

test('page scripts: a page loads at first the views of the pictures its demos draw at their presets, and no other', () => {
  for (const name of Object.values(PICTURE_FILES)) assert.equal(assets().filter((f) => lazyFile(name).test(f)).length, 1, `site/assets/ has ${name}-<hash>.js`);
  for (const slug of builtLessons()) {
    const html = fs.readFileSync(path.join(SITE, slug, 'index.html'), 'utf8');
    const drawn = new Set([...html.matchAll(/\sdata-figures="([^"]*)"/g)].flatMap((m) => m[1].split(' ')));
    const loaded = pageScripts(slug).map((f) => path.basename(f));
    for (const [kind, name] of Object.entries(PICTURE_FILES)) {
      if (!drawn.has(kind)) assert.deepEqual(loaded.filter((f) => lazyFile(name).test(f)), [], `${slug}: its first scripts include the ${kind} view`);
    }
  }
  const robot = fs.readFileSync(path.join(SITE, 'robot', 'index.html'), 'utf8');
  assert.match(robot, /\sdata-figures="[^"]*bugbot_mat/, 'the robot page names the pictures it fetches with its module');
});
