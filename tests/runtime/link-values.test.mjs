// A link's values read within limits (web/runtime/link-values.js, docs/url.md): each part is checked before
// anything parses it, and what cannot be used is named in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_DEPTH, MAX_VALUE_CHARS, nameHint, readLinkValue, shapeProblem } from '../../web/runtime/link-values.js';

const WHAT = 'The link\'s value for “Keys”';

test('link values: JSON is parsed, and text that is not JSON is handed on as it is for the core to name', () => {
  assert.deepEqual(readLinkValue('[[1,0],[0,1]]', WHAT), { value: [[1, 0], [0, 1]] });
  assert.deepEqual(readLinkValue('0.5', WHAT), { value: 0.5 });
  assert.deepEqual(readLinkValue('[1,', WHAT), { value: '[1,' });
});

test('link values: a value one character over the limit is refused with its length and the limit, in thousands', () => {
  assert.ok(!readLinkValue('1'.repeat(MAX_VALUE_CHARS), WHAT).problem);
  assert.match(readLinkValue('1'.repeat(MAX_VALUE_CHARS + 1), WHAT).problem, /4,097.*4,096/);
});

test('link values: nesting is counted before parsing, and brackets inside strings do not count', () => {
  const deep = (n) => `${'['.repeat(n)}${']'.repeat(n)}`;
  assert.deepEqual(readLinkValue(deep(MAX_DEPTH), WHAT).problem, undefined);
  assert.match(readLinkValue(deep(MAX_DEPTH + 1), WHAT).problem, /65/);
  const inString = `["${'['.repeat(100)}\\"${'{'.repeat(100)}"]`;
  assert.deepEqual(readLinkValue(inString, WHAT), { value: [`${'['.repeat(100)}"${'{'.repeat(100)}`] });
});

test('link values: a lone surrogate, in a value or in a key, is refused; a pair is a character', () => {
  assert.ok(readLinkValue('"\\ud800"', WHAT).problem);
  assert.ok(readLinkValue('{"\\udc00": 1}', WHAT).problem);
  assert.ok(readLinkValue('[["\\ud800x"]]', WHAT).problem);
  assert.deepEqual(readLinkValue('"\\ud83d\\ude00"', WHAT), { value: '😀' });
});

test('link values: a list or table longer or wider than declared is named; one within is not', () => {
  const vector = { type: 'vector', max_len: 3 };
  const matrix = { type: 'matrix', max_len: 2, max_cols: 2 };
  assert.equal(shapeProblem(vector, [1, 2, 3], WHAT), null);
  assert.match(shapeProblem(vector, [1, 2, 3, 4], WHAT), /4 numbers.*at most 3/);
  assert.match(shapeProblem(matrix, [[1], [2], [3]], WHAT), /3 rows/);
  assert.match(shapeProblem(matrix, [[1, 2], [1, 2, 3]], WHAT), /3/);
  assert.equal(shapeProblem({ type: 'number' }, [1, 2, 3, 4], WHAT), null, 'a number\'s shape is the core\'s to check');
});

test('link values: a name that is a setting\'s label, in any case, points to the setting; another lists the names', () => {
  const decls = [{ name: 'divisor', label: 'Divisor' }, { name: 'keys', label: 'Key vectors' }];
  assert.match(nameHint('key VECTORS', decls), /keys/);
  const other = nameHint('typo', decls);
  assert.match(other, /divisor, keys/);
});
