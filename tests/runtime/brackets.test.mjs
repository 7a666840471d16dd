// Brackets that do not pair up in a learner's program (web/runtime/programs/brackets.js), with the line and
// the words CPython 3.10 prints for them (the messages below are CPython's).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bracketProblem } from '../../web/runtime/programs/brackets.js';

test('brackets: an unclosed bracket is named on the line that opened it, not where the parser gave up', () => {
  assert.deepEqual(bracketProblem('x = 1\ny = max(x,\n  2\nprint(y)\n'), { line: 2, message: "SyntaxError: '(' was never closed" });
});

test('brackets: a closer with no opener, and one that closes the wrong kind, are named as CPython names them', () => {
  assert.deepEqual(bracketProblem('a = 1)\n'), { line: 1, message: "SyntaxError: unmatched ')'" });
  // CPython 3.11 calls every bracket a parenthesis, and names the opener's line only when it is another one.
  assert.deepEqual(bracketProblem('a = [1,\n 2)\n'), {
    line: 2, message: "SyntaxError: closing parenthesis ')' does not match opening parenthesis '[' on line 1",
  });
  assert.deepEqual(bracketProblem('a = {1)\n'), { line: 1, message: "SyntaxError: closing parenthesis ')' does not match opening parenthesis '{'" });
  assert.deepEqual(bracketProblem('a = (1]\n'), { line: 1, message: "SyntaxError: closing parenthesis ']' does not match opening parenthesis '('" });
});

test('brackets: brackets in strings, triple-quoted strings and comments do not count, and their lines still do', () => {
  assert.equal(bracketProblem('s = "(["  # ) ]\nt = \'\'\'\n{\n\'\'\'\nu = (1)\n'), null);
  assert.deepEqual(bracketProblem('s = """\n(\n"""\n(\n'), { line: 4, message: "SyntaxError: '(' was never closed" });
  assert.equal(bracketProblem('s = "a\\"("\n'), null, 'an escaped quote does not end the string');
});
