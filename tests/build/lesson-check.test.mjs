// The site build refuses a lesson with a mistake and says where: one fixture
// folder of lessons per kind of mistake (tests/build/fixtures/<mistake>/), each
// built by the real scripts/build-site.mjs, which must stop with `file:line: message`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildLessons } from '../support/site-build.mjs';

const MISTAKES = [
  ['unknown-demo', 3, /no demo called "block_residuals" in the core/],
  ['unknown-param', 2, /data-params names "layers", which demo "block_stack" does not declare/],
  ['unknown-lock', 4, /data-lock names "normalise", which demo "block_stack" does not declare/],
  ['unknown-hide', 2, /data-hide names "Residual", which demo "block_stack" does not declare/],
  ['unknown-number', 3, /demo "block_stack" returns no number "spread_at_end"/],
  ['preset-out-of-bounds', 2, /the preset of "stack" is refused: .*Blocks/],
  ['broken-link', 3, /the link "..\/attention\/#no-such-section" names no id of lesson "attention"/],
  ['check-without-explanation', 2, /a knowledge check without an explanation/],
  ['demos-of-two-modules', 5, /no module of web\/modules.json has every demo this page uses: worked_example \(attention\); block_residual \(block\)/],
];

for (const [mistake, line, message] of MISTAKES) {
  test(`lesson check: the build stops on ${mistake.replace(/-/g, ' ')}, naming the file and line`, () => {
    const { status, stderr } = buildLessons(`tests/build/fixtures/${mistake}`);
    assert.equal(status, 1, stderr);
    const where = `tests/build/fixtures/${mistake}/mistake/lesson.html:${line}: `;
    assert.ok(stderr.includes(where), `expected "${where}" in: ${stderr}`);
    assert.match(stderr, message);
  });
}
