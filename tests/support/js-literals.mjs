// The string literals of a JavaScript source, with their lines: '…', "…" and each template's text (its
// ${…} parts read as code, so the literals inside them are found too). Comments and regular expressions
// are skipped. A small scanner rather than a parser (no JavaScript parser is among the dependencies): it
// knows what the runtime's sources use, and throws on what it cannot read rather than guess.

// After these a "/" starts a regular expression; after a name, a number or a closing bracket it divides.
const BEFORE_REGEX = /^(?:[(,=:[!&|?{};+\-*%<>~^]|return|typeof|case|of|in|=>|)$/;

/** @returns {{line: number, text: string}[]} every literal of `source`, in order (a template's ${…} written as ${}) */
export function stringLiterals(source) {
  const found = [];
  let i = 0;
  let line = 1;
  let previous = '';  // the last token that was not space or a comment

  const fail = (what) => { throw new Error(`line ${line}: ${what}`); };
  const advance = (to) => {
    for (let k = i; k < to; ++k) if (source[k] === '\n') ++line;
    i = to;
  };

  function quoted(quote) {
    const start = line;
    let text = '';
    ++i;
    while (source[i] !== quote) {
      if (i >= source.length || source[i] === '\n') fail('a string that does not end');
      if (source[i] === '\\') { text += source.slice(i, i + 2); advance(i + 2); continue; }
      text += source[i++];
    }
    ++i;
    found.push({ line: start, text });
  }

  function template() {
    const start = line;
    let text = '';
    ++i;
    while (source[i] !== '`') {
      if (i >= source.length) fail('a template that does not end');
      if (source[i] === '\\') { text += source.slice(i, i + 2); advance(i + 2); continue; }
      if (source[i] === '$' && source[i + 1] === '{') {
        text += '${}';
        advance(i + 2);
        code('}');
        ++i;
        continue;
      }
      text += source[i];
      advance(i + 1);
    }
    ++i;
    found.push({ line: start, text });
  }

  function regex() {
    let inClass = false;
    ++i;
    while (inClass || source[i] !== '/') {
      if (i >= source.length || source[i] === '\n') fail('a regular expression that does not end');
      if (source[i] === '\\') { i += 2; continue; }
      if (source[i] === '[') inClass = true;
      else if (source[i] === ']') inClass = false;
      ++i;
    }
    ++i;
    while (/[a-z]/.test(source[i] ?? '')) ++i;
  }

  /** Code up to the unmatched `end` ('}' closes a template's ${…}; '' reads to the end of the source). */
  function code(end) {
    let depth = 0;
    while (i < source.length) {
      const c = source[i];
      const next = source[i + 1];
      if (c === '\n' || c === ' ' || c === '\t' || c === '\r') { advance(i + 1); continue; }
      if (c === '/' && next === '/') { while (i < source.length && source[i] !== '\n') ++i; continue; }
      if (c === '/' && next === '*') {
        const close = source.indexOf('*/', i + 2);
        if (close < 0) fail('a comment that does not end');
        advance(close + 2);
        continue;
      }
      if (c === '/' && BEFORE_REGEX.test(previous)) { regex(); previous = 'regex'; continue; }
      if (c === '\'' || c === '"') { quoted(c); previous = 'string'; continue; }
      if (c === '`') { template(); previous = 'string'; continue; }
      if (c === '{') ++depth;
      if (c === '}') {
        if (depth === 0 && end === '}') return;
        --depth;
      }
      const word = /^(?:[\w$]+|=>)/.exec(source.slice(i, i + 64));
      previous = word ? word[0] : c;
      i += word ? word[0].length : 1;
    }
    if (end) fail(`no "${end}" before the end`);
  }

  code('');
  return found;
}
