// The site build refuses a lesson with a mistake and says where: one fixture
// folder of lessons per kind of mistake (tests/build/fixtures/<mistake>/), each
// built by the real scripts/build-site.mjs, which must stop with `file:line: message`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildLessons } from '../support/site-build.mjs';

// [fixture folder, the file and line the message must name, what it must say]
const MISTAKES = [
  ['unknown-demo', 'lesson.html:3', /no demo called "block_residuals" in the core/],
  ['unknown-param', 'lesson.html:2', /data-params names "layers", which demo "block_stack" does not declare/],
  ['unknown-lock', 'lesson.html:4', /data-lock names "normalise", which demo "block_stack" does not declare/],
  ['unknown-hide', 'lesson.html:2', /data-hide names "Residual", which demo "block_stack" does not declare/],
  ['unknown-number', 'lesson.html:3', /demo "block_stack" returns no number "spread_at_end"/],
  ['preset-out-of-bounds', 'lesson.html:2', /the preset of "stack" is refused: .*Blocks/],
  ['broken-link', 'lesson.html:3', /the link "..\/attention\/#no-such-section" names no id of lesson "attention"/],
  ['check-without-explanation', 'lesson.html:2', /a knowledge check without an explanation/],
  ['unclosed-demo', 'lesson.html:2', /the demo "stack" is not closed at once: write <\/div> right after its <div class="demo" …>/],
  ['demo-with-another-class', 'lesson.html:3', /a demo is written <div class="demo" data-demo="…">, with "demo" as its only class \(this one is <div class="demo wide">\): write it so/],
  ['check-with-id-without-explanation', 'lesson.html:2', /a knowledge check without an explanation: add <details>/],
  ['claim-value-misspelt', 'lesson.html:3', /claim "stack.tokens" is never "colapsed": write data-is="…" with one of its values \(one, collapsed, merged, distinct\)/],
  ['claim-value-without-phrase', 'lesson.html:2', /claim "stack.tokens" has no phrase for "one".*Add <span data-claim="stack.tokens" data-is="one">…<\/span>/],
  ['bad-math', 'lesson.html:3', /the formula \\\(\\softmaxx\(q \\cdot k\)\\\) cannot be typeset: KaTeX says "Undefined control sequence: \\softmaxx"/],
  ['unclosed-math', 'lesson.html:2', /the formula opened here with \\\( is not closed before the next one begins: write \\\) at its end/],
  ['unknown-snippet', 'lesson.html:3', /no file in core\/ marks a snippet "encoder-blocks": mark the code with \/\/ \[snippet:encoder-blocks\]/],
  ['invalid-lesson-json', 'lesson.json:3', /lesson.json is not valid JSON here \(Expected ',' or '}' after property value\)/],
  ['slug-not-folder', 'lesson.json:2', /"slug" is "my-lesson", but the lesson's folder is called "mistake": write "slug": "mistake"/],
  ['data-file-missing', 'lesson.json:3', /"data" names tables\/readings.csv, which the lesson's folder does not have: add the file to mistake\/, or correct the name/],
  ['networks-in-lesson-json', 'lesson.json:3', /"models" is not read: the networks a lesson ships, and which of them load on request, are entries of the network table \(core\/nn\/network_table.cpp, docs\/networks.md\): remove it here/],
  ['translation-of-nothing', 'lesson.json:2', /"translation_of" names "attentoin", which is not the folder of a lesson in another language/],
  ['missing-program', 'lesson.html:3', /data-program="score" opens programs\/score.py, which the lesson's folder does not have/],
];

for (const [mistake, at, message] of MISTAKES) {
  test(`lesson check: the build stops on ${mistake.replace(/-/g, ' ')}, naming the file and line`, () => {
    const { status, stderr } = buildLessons(`tests/build/fixtures/${mistake}`);
    assert.equal(status, 1, stderr);
    const where = `tests/build/fixtures/${mistake}/mistake/${at}: `;
    assert.ok(stderr.includes(where), `expected "${where}" in: ${stderr}`);
    assert.match(stderr, message);
  });
}
