// The language model's default text (scripts/lm-corpus.mjs): the lessons' prose, without markup or
// math, the same bytes every time, in the lessons' order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { lessonProse, lessonsCorpus } from '../../scripts/lm-corpus.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

test('lm corpus: the same lessons give the same text', () => {
  assert.equal(lessonsCorpus(), lessonsCorpus());
});

test('lm corpus: no markup, math, demos or entities are left, only the words around them', () => {
  const prose = lessonProse('<p class="lede">A <em>block</em> adds \\(x + f(x)\\) back &amp; more.</p>\n' +
    '<div class="demo" data-demo="x"></div>\n\\[ y = 1 \\]\n<pre class="source" data-source="s"></pre><h2>Next</h2>');
  assert.equal(prose, 'A block adds back & more.\nNext');
  const text = lessonsCorpus();
  assert.doesNotMatch(text, /<[a-z/]/i);
  assert.doesNotMatch(text, /\\\(|\\\[|&amp;/);
});

test('lm corpus: every lesson is in it, in the lessons\' order', () => {
  const lessons = fs.readdirSync(path.join(ROOT, 'lessons'))
    .filter((slug) => fs.existsSync(path.join(ROOT, 'lessons', slug, 'lesson.json')))
    .map((slug) => ({ slug, ...JSON.parse(fs.readFileSync(path.join(ROOT, 'lessons', slug, 'lesson.json'), 'utf8')) }))
    .sort((a, b) => a.order - b.order);
  const text = lessonsCorpus();
  const places = lessons.map(({ slug }) => {
    const first = lessonProse(fs.readFileSync(path.join(ROOT, 'lessons', slug, 'lesson.html'), 'utf8')).split('\n')[0];
    return text.indexOf(first);
  });
  assert.ok(places.every((p) => p >= 0), `each lesson's first line is in the text: ${places}`);
  assert.deepEqual(places, [...places].sort((a, b) => a - b));
});
