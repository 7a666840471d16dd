// The words a person reads, from the page's table of strings (one per language; English, strings/en.js).
import en from './en.js';
import fr from './fr.js';

const TABLES = { en, fr };

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
