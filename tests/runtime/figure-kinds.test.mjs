// The page's reading of a result's figures (web/runtime/render/figure-kinds.js) against their one
// declaration (core/demo/figure_kinds.json), which the core's tests hold its results to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { FIGURE_KINDS, figureProblem } from '../../web/runtime/render/figure-kinds.js';

const declared = JSON.parse(fs.readFileSync(new URL('../../core/demo/figure_kinds.json', import.meta.url), 'utf8')).kinds;
const RENDER = new URL('../../web/runtime/render/', import.meta.url);
const views = fs.readFileSync(new URL('figure-views.js', RENDER), 'utf8');

/** A figure of `kind` with a value of each declared field's type. */
const sample = (kind) => ({
  kind,
  ...Object.fromEntries(Object.entries(declared[kind]).map(([name, type]) => [name, { number: 1, string: 'a', array: [], object: {} }[type]])),
});

test('figure kinds: a figure of each declared kind with its declared fields is one the page draws', () => {
  assert.deepEqual(FIGURE_KINDS, Object.keys(declared));
  for (const kind of FIGURE_KINDS) assert.equal(figureProblem(sample(kind)), null, kind);
});

test('figure kinds: a kind the declaration does not list is an error naming it, not a picture left out', () => {
  assert.match(figureProblem({ kind: 'pie_chart', name: 'x' }), /a kind this page does not know \(“pie_chart”\)/);
  assert.match(figureProblem({ name: 'x' }), /does not know \(“undefined”\)/);
});

test('figure kinds: a declared field missing or of another type is named', () => {
  const mat = sample('bugbot_mat');
  delete mat.frames;
  mat.window = 'wide';
  assert.equal(figureProblem(mat), 'the core sent a bugbot_mat picture without window, frames as declared');
});

test('figure kinds: the page has a view for every declared kind, in a file that exports it', () => {
  for (const kind of FIGURE_KINDS) {
    const loader = views.match(new RegExp(`^\\s+${kind}: \\(\\) => import\\('\\./([\\w-]+\\.js)'\\)\\.then\\(\\(m\\) => m\\.(create\\w+)\\),$`, 'm'));
    assert.ok(loader, `figure-views.js loads no view for ${kind}`);
    const [, file, name] = loader;
    assert.match(fs.readFileSync(new URL(file, RENDER), 'utf8'), new RegExp(`^export function ${name}\\(`, 'm'), `${file} exports ${name}`);
  }
});
