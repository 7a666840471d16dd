// The site build's check of a lesson's prose (scripts/lesson-prose.mjs): it fills
// every number and claim at the instance's preset, and refuses, with the file and
// line, a name the demo does not return.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fillProse, LessonError } from '../../scripts/lesson-prose.mjs';
import { nativeCore } from '../support/core.mjs';

const demos = new Map(nativeCore.list().map((d) => [d.id, d]));
const fill = (html) => fillProse(html, 'lessons/x/lesson.html', demos, nativeCore.run);
const LESSON = '<p>intro</p>\n<div class="demo" data-demo="attention_cost" data-instance="cost" data-params=\'{"tokens":10}\'></div>\n';

test('lesson prose: a number is filled from the core at the instance\'s preset, whatever was typed', () => {
  const html = fill(`${LESSON}<p><span data-num="cost.entries_text">typed by hand</span></p>`);
  assert.match(html, /<span data-num="cost.entries_text">100<\/span>/);
});

test('lesson prose: only the phrase of the claim\'s value at the preset is shown', () => {
  const html = fill('<div class="demo" data-demo="worked_example" data-instance="w"></div>\n' +
    '<span data-claim="w.scaled" data-is="yes">scaled</span><span data-claim="w.scaled" data-is="no">raw</span>');
  assert.match(html, /data-is="yes">scaled/);
  assert.match(html, /data-is="no" hidden>raw/);
});

test('lesson prose: the build refuses an unknown number, with the file and line', () => {
  assert.throws(() => fill(`${LESSON}<p>one</p>\n<p><span data-num="cost.no_such_number"></span></p>`),
    (e) => e instanceof LessonError && /^lessons\/x\/lesson\.html:4: demo "attention_cost" returns no number "no_such_number"/.test(e.message));
});

test('lesson prose: the build refuses an unknown claim, with the file and line', () => {
  assert.throws(() => fill(`${LESSON}<span data-claim="cost.no_such_claim" data-is="x">?</span>`),
    (e) => e instanceof LessonError && /lesson\.html:3: demo "attention_cost" returns no claim "no_such_claim"/.test(e.message));
});

test('lesson prose: the build refuses a claim with no phrase for its value at the preset', () => {
  assert.throws(() => fill('<div class="demo" data-demo="worked_example" data-instance="w"></div>\n' +
    '<span data-claim="w.scaled" data-is="no">raw</span>'), /lesson\.html:2: claim "w.scaled" has no phrase for "yes"/);
});

test('lesson prose: the build refuses a claim with no phrase for a value it takes only away from the preset', () => {
  assert.throws(() => fill('<div class="demo" data-demo="worked_example" data-instance="w"></div>\n' +
    '<span data-claim="w.scaled" data-is="yes">scaled</span>'), /lesson\.html:2: claim "w.scaled" has no phrase for "no"/);
});

test('lesson prose: the build refuses a phrase for a value the claim cannot take, naming those it can', () => {
  assert.throws(() => fill('<div class="demo" data-demo="worked_example" data-instance="w"></div>\n' +
    '<span data-claim="w.scaled" data-is="yes">scaled</span><span data-claim="w.scaled" data-is="No">raw</span>'),
  /lesson\.html:2: claim "w.scaled" is never "No": write data-is="…" with one of its values \(yes, no\)/);
});

test('lesson prose: the build refuses a name of an instance the lesson does not have, and an unknown demo', () => {
  assert.throws(() => fill(`${LESSON}<span data-num="other.tokens"></span>`), /lesson\.html:3: "other" is not a demo instance/);
  assert.throws(() => fill(`${LESSON}<p data-defaults="nobody">x</p>`), /data-defaults names "nobody"/);
  assert.throws(() => fill('<div class="demo" data-demo="no_such_demo"></div>'), /lesson\.html:1: no demo called "no_such_demo"/);
});

test('lesson prose: the build refuses a preset the core refuses', () => {
  assert.throws(() => fill('<div class="demo" data-demo="attention_cost" data-instance="c" data-params=\'{"tokens":0}\'></div>'),
    /lesson\.html:1: the preset of "c" is refused: “Tokens/);
});
