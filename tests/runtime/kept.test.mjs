// What the lessons keep in this browser (web/runtime/kept.js, docs/progress-export.md): one record per lesson
// and per copy of the site, older versions' records read and moved into it, anything unreadable kept as text.
import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';

import { MemoryStorage as Storage } from '../support/memory-storage.mjs';

globalThis.localStorage = new Storage();
const kept = await import('../../web/runtime/kept.js');
const { ROOT, MAX_RECORD, lessonOfPath, placeAnswers, readAll, readLesson, recordKey, writeLesson, eraseAll, entry } = kept;

beforeEach(() => { globalThis.localStorage = new Storage(); });
const store = (key, value) => localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));

test('kept: a page\'s path names its lesson only under this copy\'s root', () => {
  assert.equal(lessonOfPath(`${ROOT}block/`), 'block');
  assert.equal(lessonOfPath(`${ROOT}block/index.html`), 'block');
  assert.equal(lessonOfPath('/another-copy/block/'), null);
  assert.equal(lessonOfPath(ROOT), null, 'the list of lessons is no lesson');
});

test('kept: a lesson\'s record and both older records by path are read as one, the same answer once', () => {
  store(recordKey('block'), { title: 'Block', answers: [{ number: 1, question: 'Q1', answer: 'rows' }], tried: ['stack'] });
  store(`attn-answers:${ROOT}block/`, { 0: 'rows', 1: 'norm' });
  store(`attn-tried:${ROOT}block/index.html`, { residual: true, stack: true, off: false });
  store('attn-progress:/another-copy/block', { title: 'Other', answers: [{ answer: 'not mine' }], tried: [] });
  const block = readAll().block;
  assert.deepEqual(block.answers.map((a) => [a.number, a.answer]), [[1, 'rows'], [2, 'norm']]);
  assert.deepEqual(block.tried.sort(), ['residual', 'stack']);
  assert.equal(block.keys.length, 3);
  assert.deepEqual(Object.keys(readAll()), ['block'], 'another copy\'s record is not this copy\'s');
});

test('kept: a record that is not JSON is kept whole as an earlier answer, and one past the limit is left unread', () => {
  store(recordKey('robot'), '{broken');
  assert.deepEqual(readLesson('robot').answers, [{ number: null, question: '', answer: '{broken', earlier: true }]);
  store(recordKey('robot'), 'x'.repeat(MAX_RECORD + 1));
  assert.deepEqual(readLesson('robot').unread, [{ key: recordKey('robot'), characters: MAX_RECORD + 1 }]);
  assert.equal(writeLesson('robot', { title: '', answers: [entry(1, 'Q', 'a')], tried: [] }), 'unread', 'never overwritten unseen');
});

test('kept: writing a lesson moves the older records into its one record, and a full storage says so and keeps them', () => {
  store(`attn-answers:${ROOT}block/`, { 0: 'rows' });
  const record = { title: 'Block', answers: [entry(1, 'Q1', 'rows')], tried: ['stack'], demos: { stack: 'Stacking' } };
  localStorage.full = true;
  assert.equal(writeLesson('block', record), 'full');
  assert.equal(localStorage.length, 1);
  localStorage.full = false;
  assert.equal(writeLesson('block', record), 'kept');
  assert.deepEqual([...localStorage.map.keys()], [recordKey('block')]);
  assert.deepEqual(JSON.parse(localStorage.getItem(recordKey('block'))),
    { title: 'Block', answers: [{ number: 1, question: 'Q1', answer: 'rows' }], tried: ['stack'], demos: { stack: 'Stacking' } });
});

test('kept: erasing removes this copy\'s records and nothing of another copy\'s', () => {
  store(recordKey('block'), { title: '', answers: [], tried: ['stack'] });
  store('attn-progress:/another-copy/block', { title: '', answers: [], tried: ['stack'] });
  assert.equal(eraseAll(), 1);
  assert.deepEqual([...localStorage.map.keys()], ['attn-progress:/another-copy/block']);
});

test('kept: an answer goes to the box of its question\'s text, else of its number; the rest are earlier answers', () => {
  const answers = [entry(2, 'What is a head?', 'a'), entry(1, '', 'b'), entry(9, '', 'c'), entry(1, 'Gone?', 'd')];
  const { placed, earlier } = placeAnswers(answers, ['Why?', 'What is a head?']);
  assert.deepEqual(placed.map((a) => a?.answer ?? null), ['b', 'a']);
  assert.deepEqual(earlier.map((a) => [a.answer, a.earlier]), [['c', true], ['d', true]]);
});
