// The page's parameters live in the URL query, one entry per changed parameter:
//   ?worked.X=[[1,0],[0,1],[1,1]]&scaling.scale=20
// Only values that differ from the defaults are written, so a plain URL shows
// the lesson as written and "reset" simply removes entries.

const keyOf = (instance, param) => `${instance}.${param}`;

// What a link may carry is checked before anything parses it, so a hostile or damaged link costs
// the page nothing and refuses only its own part (issue 20).
// The longest value a demo declares is an 8 x 8 matrix: written with every digit a number can have
// (about 25 characters each) it is under 1,700 characters; 4,096 leaves room for hand-written spacing.
export const MAX_VALUE_CHARS = 4096;
// The core refuses JSON nested deeper than this (core/api/json_limits.hpp); the page's own recursion
// over a value (comparing, copying, drawing) stays far from the browser's stack at this depth.
export const MAX_DEPTH = 64;

// A link names at most this many unknown settings of one demo, one by one, so a long hostile link cannot
// bury the demo under notes; the most any demo declares is 11 settings.
export const MAX_UNKNOWN_NAMED = 11;

const thousands = (n) => n.toLocaleString('en');

/** How deeply lists and objects nest in JSON `text`, read without parsing it (brackets in strings do not count). */
function nesting(text) {
  let depth = 0, deepest = 0, inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') deepest = Math.max(deepest, ++depth);
    else if (c === ']' || c === '}') depth--;
  }
  return deepest;
}

// A "\ud800" escape with no partner gives a string no text encoding can hold (a lone surrogate).
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const hasLoneSurrogate = (value) => (typeof value === 'string' ? LONE_SURROGATE.test(value)
  : value !== null && typeof value === 'object'
    && Object.entries(value).some(([key, inner]) => LONE_SURROGATE.test(key) || hasLoneSurrogate(inner)));

/**
 * One value of a link, read within the limits above.
 * @param what  the value's name in the learner's words, for the message ("The link's value for “Blocks”")
 * @returns {{value}} the parsed JSON (or the text itself when it is not JSON), or {{problem}}: why it was not used
 */
export function readLinkValue(text, what) {
  if (text.length > MAX_VALUE_CHARS) {
    return { problem: `${what} is too long to use (${thousands(text.length)} characters; at most ${thousands(MAX_VALUE_CHARS)}).` };
  }
  const depth = nesting(text);
  if (depth > MAX_DEPTH) {
    return { problem: `${what} has lists nested ${thousands(depth)} deep; no setting here takes more than ${MAX_DEPTH}.` };
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { value: text }; // not JSON: the core names what is wrong with it
  }
  if (hasLoneSurrogate(value)) {
    return { problem: `${what} has a broken character in it (half of a pair of text codes, such as \\ud800, on its own).` };
  }
  return { value };
}

/**
 * A list or table from a link with more rows or columns than the declaration allows, which the page would
 * otherwise draw as one box per number before the core refused it. @returns the problem, or null
 */
function shapeProblem(decl, value, what) {
  if (!Array.isArray(value) || (decl.type !== 'matrix' && decl.type !== 'vector')) return null;
  if (value.length > decl.max_len) {
    const things = decl.type === 'vector' ? 'numbers' : 'rows';
    return `${what} has ${thousands(value.length)} ${things}; this demo takes at most ${decl.max_len}.`;
  }
  const widest = decl.type === 'matrix' ? Math.max(0, ...value.map((row) => (Array.isArray(row) ? row.length : 0))) : 0;
  if (widest > decl.max_cols) return `${what} has a row of ${thousands(widest)} numbers; this demo takes at most ${decl.max_cols} a row.`;
  return null;
}

/**
 * Values the URL gives for one demo instance: each is parsed JSON, or the raw text if it is not JSON
 * (the core will say what is wrong with it). A value past the limits is left out, with the reason.
 * @returns {{values: object, problems: string[]}}
 */
export function readParams(instance, declarations) {
  const query = new URLSearchParams(window.location.search);
  const values = {};
  const problems = [];
  for (const decl of declarations) {
    const text = query.get(keyOf(instance, decl.name));
    if (text === null) continue;
    const what = `The link's value for “${decl.label}”`;
    const read = readLinkValue(text, what);
    const problem = read.problem ?? shapeProblem(decl, read.value, what);
    if (problem) problems.push(`${problem} It was not used.`);
    else values[decl.name] = read.value;
  }
  return { values, problems: [...problems, ...unknownParams(query, instance, declarations)] };
}

// The instance's keys of a link that are not parameters: its locks and hides (locks.js) and its program.
const NOT_PARAMS = new Set(['lock', 'hide', 'program']);

/** A note for each name the link sets for this instance that the demo does not declare (a typo, a label). */
function unknownParams(query, instance, declarations) {
  const prefix = `${instance}.`;
  const unknown = [...new Set([...query.keys()].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length)))]
    .filter((name) => !NOT_PARAMS.has(name) && !declarations.some((d) => d.name === name));
  return unknown.slice(0, MAX_UNKNOWN_NAMED)
    .map((name) => `The link you followed sets “${name}”, which this demo does not have, so it was not used. ${nameHint(name, declarations)}`);
}

/** For a name a demo does not declare: the name of the setting it was likely meant for (its label, say), or the names there are. */
export function nameHint(name, declarations) {
  const meant = declarations.find((d) => [d.label, d.name].some((known) => known.toLowerCase() === name.toLowerCase()));
  return meant ? `A link names the setting “${meant.label}” as ${meant.name}.` : `This demo's settings are ${declarations.map((d) => d.name).join(', ')}.`;
}

// Browsers throttle history.replaceState (Chromium warns past about 100 calls in
// 10 s), and a write costs several milliseconds on a slow phone (it serialises the
// whole address), so a drag or a held-down slider writes the URL once it pauses for
// WRITE_DELAY_MS, not on every frame, and builds the query once per write.
// Then it waits for the page to be idle (the write took 6 ms at 4x CPU slowdown, and landing inside
// the next input's frame it made that input late), though no longer than IDLE_WAIT_MS.
const WRITE_DELAY_MS = 250;
const IDLE_WAIT_MS = 1000;
const whenIdle = window.requestIdleCallback ?? ((write) => setTimeout(write, 0)); // Safari has none
const pending = new Map();  // instance -> {values, defaults}
let timer = 0;
let waitingForIdle = false;

function flush() {
  timer = 0;
  waitingForIdle = false;
  const query = new URLSearchParams(window.location.search);
  for (const [instance, { values, defaults }] of pending) {
    for (const [name, value] of Object.entries(values)) {
      const encoded = JSON.stringify(value);
      if (encoded === JSON.stringify(defaults[name])) query.delete(keyOf(instance, name));
      else query.set(keyOf(instance, name), encoded);
    }
  }
  pending.clear();
  const url = new URL(window.location.href);
  url.search = query.toString();
  if (url.href !== window.location.href) window.history.replaceState(null, '', url);
}

// Leaving the page within the delay still records the last change.
window.addEventListener('pagehide', () => { if (timer || waitingForIdle) { clearTimeout(timer); flush(); } });

/** Whether a change still waits to be written: the browser tests wait on it rather than on a clock. */
export const addressPending = () => timer !== 0 || waitingForIdle;

/** Records one instance's parameters in the URL, dropping those equal to `defaults`, once the changes pause. */
export function writeParams(instance, values, defaults) {
  pending.set(instance, { values, defaults });
  if (waitingForIdle) return; // the write to come reads `pending`, this change included
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = 0;
    waitingForIdle = true;
    whenIdle(flush, { timeout: IDLE_WAIT_MS });
  }, WRITE_DELAY_MS);
}
