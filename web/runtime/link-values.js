// What a link may carry is checked before anything parses it, so a hostile or damaged link costs
// the page nothing and refuses only its own part (docs/url.md).
// Pure functions of the link's text: the address (address.js) reads every key through them.
import { say } from './strings/index.js';
import { pageLanguage } from './strings/language.js';

// The longest value a demo declares is an 8 x 8 matrix written with every digit a number can have;
// this leaves room for hand-written spacing (docs/url.md gives the figures).
export const MAX_VALUE_CHARS = 4096;
// The core refuses JSON nested deeper than this (core/base/json_limits.hpp); the page's own recursion
// over a value (comparing, copying, drawing) stays far from the browser's stack at this depth.
export const MAX_DEPTH = 64;

// A link names at most this many unknown settings of one demo, one by one, so a long hostile link cannot
// bury the demo under notes; no demo declares more settings than this.
export const MAX_UNKNOWN_NAMED = 11;

export const thousands = (n) => n.toLocaleString(pageLanguage());

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
    return { problem: say('linkvalue.too_long', { what, length: thousands(text.length), most: thousands(MAX_VALUE_CHARS) }) };
  }
  const depth = nesting(text);
  if (depth > MAX_DEPTH) {
    return { problem: say('linkvalue.too_deep', { what, depth: thousands(depth), most: MAX_DEPTH }) };
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { value: text }; // not JSON: the core names what is wrong with it
  }
  if (hasLoneSurrogate(value)) {
    return { problem: say('linkvalue.broken_character', { what }) };
  }
  return { value };
}

/**
 * A list or table from a link with more rows or columns than the declaration allows, which the page would
 * otherwise draw as one box per number before the core refused it. @returns the problem, or null
 */
export function shapeProblem(decl, value, what) {
  if (!Array.isArray(value) || (decl.type !== 'matrix' && decl.type !== 'vector')) return null;
  if (value.length > decl.max_len) {
    return say(decl.type === 'vector' ? 'linkvalue.too_many_numbers' : 'linkvalue.too_many_rows', { what, count: thousands(value.length), most: decl.max_len });
  }
  const widest = decl.type === 'matrix' ? Math.max(0, ...value.map((row) => (Array.isArray(row) ? row.length : 0))) : 0;
  if (widest > decl.max_cols) return say('linkvalue.row_too_long', { what, count: thousands(widest), most: decl.max_cols });
  return null;
}

/** For a name a demo does not declare: the name of the setting it was likely meant for (its label, say), or the names there are. */
export function nameHint(name, declarations) {
  const meant = declarations.find((d) => [d.label, d.name].some((known) => known.toLowerCase() === name.toLowerCase()));
  return meant ? say('linkvalue.meant', { label: meant.label, name: meant.name }) : say('linkvalue.settings', { names: declarations.map((d) => d.name).join(', ') });
}
