// The class's progress put together (web/runtime/class-summary.js): who answered what and tried which demo,
// and the same as a spreadsheet a teacher opens safely.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { csvCell, learnerLabels, summarise, toCsv } from '../../web/runtime/class-summary.js';

const file = (name, learner, lessons) => ({ file: name, learner, exported: '2026-12-03', version: 3, lessons: new Map(Object.entries(lessons)) });
const lesson = (title, answers, tried = []) => ({ title, answers, tried });
const answer = (number, question, text, earlier = false) => ({ number, question, answer: text, earlier });

test('class summary: two learners with one name are told apart by their files; a nameless file goes by its name', () => {
  const files = [file('ana.json', 'Ana', {}), file('ana-2.json', 'Ana', {}), file('bo.json', '', {})];
  assert.deepEqual(learnerLabels(files), ['Ana (ana.json)', 'Ana (ana-2.json)', 'bo']);
});

test('class summary: a question is one row however many learners answered it, each learner once, in the lesson\'s order', () => {
  const files = [
    file('a.json', 'A', { block: lesson('Block', [answer(2, 'Why?', 'because'), answer(1, 'What?', 'this'), answer(1, 'What?', 'again')]) }),
    file('b.json', 'B', { block: lesson('Block', [answer(1, 'What?', 'that')]) }),
  ];
  const { learners, lessons } = summarise(files);
  assert.deepEqual(lessons[0].questions.map((q) => [q.number, q.text, q.answers]), [
    [1, 'What?', [{ learner: 0, answer: 'this' }, { learner: 1, answer: 'that' }]],
    [2, 'Why?', [{ learner: 0, answer: 'because' }]],
  ]);
  assert.deepEqual(learners.map((l) => l.answers), [2, 1]);
});

test('class summary: a question the lesson no longer has comes after the lesson\'s own, and a demo tried twice counts once', () => {
  const files = [file('a.json', 'A', { block: lesson('Block', [answer(null, 'Old?', 'x', true), answer(3, 'New?', 'y')],
    [{ instance: 'stack', title: 'Stacking' }, { instance: 'stack', title: 'Stacking' }]) })];
  const { learners, lessons } = summarise(files);
  assert.deepEqual(lessons[0].questions.map((q) => q.text), ['New?', 'Old?']);
  assert.deepEqual(lessons[0].demos, [{ instance: 'stack', title: 'Stacking', tried: [0] }]);
  assert.equal(learners[0].tried, 1);
});

test('class summary: a cell a spreadsheet would run as a formula starts with an apostrophe; quotes are doubled', () => {
  for (const lead of ['=', '+', '-', '@', '\t', '\r']) assert.equal(csvCell(`${lead}1+1`), `"'${lead}1+1"`);
  assert.equal(csvCell('say "hi", then go'), '"say ""hi"", then go"');
  assert.equal(csvCell(3), '"3"');
});

test('class summary: the sheet starts with a byte-order mark and a header, one row per answer and per demo tried, lines ending in CRLF', () => {
  const files = [file('a.json', 'A', { block: lesson('Block', [answer(1, 'Q', 'yes')], [{ instance: 'stack', title: 'Stacking' }]) })];
  const lines = toCsv(summarise(files)).split('\r\n');
  assert.ok(lines[0].startsWith('\uFEFF"'));
  assert.deepEqual(lines.slice(1), [
    '"A","a.json","block","Block","answer","1","Q","yes"',
    '"A","a.json","block","Block","tried","","Stacking",""',
    '',
  ]);
});
