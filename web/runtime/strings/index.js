// The words a person reads, from the page's table of strings (one per language; English, strings/en.js).
// In the site, each table is a script of its own (assets/strings-<lang>.js, made by scripts/build-site.mjs,
// where the import of en.js below is an empty table), loaded before the runtime by that language's pages
// only, which hands its table to addStrings(): a page downloads its own language's words and no other
// (the sizes: docs/benchmarks.md).
import en from './en.js';

const TABLES = { en };

/** Makes `table` the strings of `lang` (its pages' strings-<lang>.js; the site build, for its prerendering). */
export function addStrings(lang, table) {
  TABLES[lang] = table;
}

/** The page's language, as its <html lang> says; English when there is no table for it. */
const language = () => {
  const lang = (globalThis.document?.documentElement.lang || 'en').toLowerCase().split('-')[0];
  return TABLES[lang] ? lang : 'en';
};

/**
 * The string `key` of the page's language with each `{name}` replaced by `values[name]`.
 * A key missing from a translation falls back to English; one missing from English is a bug, and says so.
 */
export function say(key, values = {}) {
  const text = TABLES[language()][key] ?? en[key];
  if (text === undefined) throw new Error(`no string "${key}" in web/runtime/strings/en.js`);
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** `n` and its noun: the string `key`_one for 1, `key`_many otherwise, with `{count}` replaced by n. */
export const sayCount = (n, key) => say(`${key}_${n === 1 ? 'one' : 'many'}`, { count: n });
