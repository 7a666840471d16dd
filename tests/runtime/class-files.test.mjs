// A class's progress files (web/runtime/class-files.js, docs/progress-export.md): untrusted, so sized before
// they are read and measured before they are parsed; each file that cannot be used is named, the rest are read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_DEPTH, MAX_FILE_BYTES, nestingDepth, readProgress, readProgressFiles } from '../../web/runtime/class-files.js';

const v3 = (lessons, extra = {}) => JSON.stringify({ format: 'attention-lessons-progress', version: 3, learner: ' Ana ', exported: '2026-12-03', lessons, ...extra });

test('class files: nesting is measured without parsing, brackets in strings aside', () => {
  assert.equal(nestingDepth('{"a": [[1], {"b": []}]}'), 4);
  assert.equal(nestingDepth('["[[[[", "\\"{{{"]'), 1);
  assert.equal(nestingDepth('['.repeat(1000), MAX_DEPTH), MAX_DEPTH + 1, 'it stops counting past the limit');
});

test('class files: a version 3 export gives each lesson\'s answers and demos, the learner\'s name trimmed', () => {
  const read = readProgress(v3({ block: { title: 'Block', answers: [{ number: 1, question: 'Q', answer: 'A' }, { number: 2, answer: '  ' }], tried: [{ instance: 'stack', title: 'Stacking' }] } }), 'ana.json');
  assert.equal(read.ok, true);
  assert.equal(read.learner, 'Ana');
  assert.deepEqual(read.lessons.get('block'), {
    title: 'Block',
    answers: [{ number: 1, question: 'Q', answer: 'A', earlier: false }],
    tried: [{ instance: 'stack', title: 'Stacking' }],
  });
});

test('class files: a version 1 export is read by its pages\' paths and its numbered answers', () => {
  const read = readProgress(JSON.stringify({ exported: 'x', pages: { '/site/block/index.html': { answers: { 'question 2': 'yes' }, tried: ['stack'] } } }), 'old.json');
  assert.equal(read.version, 1);
  assert.deepEqual(read.lessons.get('block').answers, [{ number: 2, question: '', answer: 'yes', earlier: false }]);
  assert.deepEqual(read.lessons.get('block').tried, [{ instance: 'stack', title: '' }]);
});

test('class files: a file too deep, not JSON, of another format, of a newer version or with no lessons is refused by name', () => {
  const refusal = (text) => readProgress(text, 'f.json');
  assert.equal(refusal('['.repeat(MAX_DEPTH + 1)).ok, false);
  assert.match(refusal('{').message, /f\.json/);
  assert.match(refusal('{"format": "other"}').message, /f\.json/);
  assert.match(refusal(v3({}, { version: 4 })).message, /4/);
  assert.equal(refusal(v3(null)).ok, false);
  assert.equal(readProgress(v3({ '../etc': { title: 'x', answers: [], tried: [] } }), 'f.json').lessons.size, 0, 'a lesson\'s name is a folder name');
});

test('class files: a file chosen twice counts once, and one over the size limit is refused before it is read', async () => {
  let reads = 0;
  const blob = (name, size, text) => ({ name, size, lastModified: 1, text: async () => { reads += 1; return text; } });
  const good = blob('a.json', 10, v3({}));
  const already = new Set();
  const first = await readProgressFiles([good, blob('big.json', MAX_FILE_BYTES + 1, v3({}))], { already });
  assert.deepEqual(first.read.map((r) => r.file), ['a.json']);
  assert.deepEqual(first.refused.map((r) => r.file), ['big.json']);
  assert.equal(reads, 1, 'the large file was never read');
  const again = await readProgressFiles([good], { already });
  assert.equal(again.read.length, 0);
  assert.equal(again.refused.length, 1);
});
