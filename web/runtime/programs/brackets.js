// Where a program's brackets fail to pair up, as CPython 3.10+ says it. MicroPython's
// parser only says "invalid syntax" at the line where it gave up, which for an
// unclosed "(" is a later line, often the last; the learner needs the line that opened it.
// Written by hand: no Python tokenizer runs in the page, and brackets outside strings
// and comments are all this needs.

const PAIRS = { '(': ')', '[': ']', '{': '}' };
const CLOSERS = { ')': '(', ']': '[', '}': '{' };

/** The index just after the string whose opening quote is at `i`. */
function stringEnd(code, i) {
  const quote = code[i];
  const end = code.startsWith(quote.repeat(3), i) ? quote.repeat(3) : quote;
  for (let j = i + end.length; j < code.length; j += 1) {
    if (code[j] === '\\') j += 1;
    else if (code.startsWith(end, j)) return j + end.length;
    else if (code[j] === '\n' && end.length === 1) return j;  // an unclosed one-line string ends with its line
  }
  return code.length;
}

/**
 * {line, message} for the first bracket that never closes or closes the wrong one,
 * or null when every bracket pairs up.
 */
export function bracketProblem(code) {
  const open = [];  // {char, line}
  let line = 1;
  for (let i = 0; i < code.length; i += 1) {
    const c = code[i];
    if (c === '\n') line += 1;
    else if (c === '#') while (i + 1 < code.length && code[i + 1] !== '\n') i += 1;
    else if (c === '"' || c === "'") {
      const next = stringEnd(code, i);
      line += code.slice(i, next).split('\n').length - 1;
      i = next - 1;
    } else if (PAIRS[c]) open.push({ char: c, line });
    else if (CLOSERS[c]) {
      const last = open.pop();
      if (!last) return { line, message: `SyntaxError: unmatched '${c}'` };
      if (last.char !== CLOSERS[c]) {
        // CPython calls every bracket a parenthesis, and names the opener's line only when it is another.
        const where = last.line === line ? '' : ` on line ${last.line}`;
        return { line, message: `SyntaxError: closing parenthesis '${c}' does not match opening parenthesis '${last.char}'${where}` };
      }
    }
  }
  const first = open[0];
  return first ? { line: first.line, message: `SyntaxError: '${first.char}' was never closed` } : null;
}
