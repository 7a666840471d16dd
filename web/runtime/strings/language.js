// The page's language (its <html lang>, from lesson.json "lang") and what follows from it: the core's
// words in that language (a table the build writes into the page) and the prose's numbers written for it.
import { quoteResult } from '../render/format.js';
import { coreWords, formatNumberIn, notationIn } from './core-words.js';

/** "en", "fr": the page's <html lang>, without a region. */
export const pageLanguage = () => (globalThis.document?.documentElement.lang || 'en').toLowerCase().split('-')[0];

let table = null;
/** The core's words in the page's language, the table the build writes into the page: {} in English. */
function coreTable() {
  const data = pageLanguage() === 'en' ? null : globalThis.document?.getElementById('core-words')?.textContent;
  table ??= data ? JSON.parse(data) : {};
  return table;
}

let words = null;
/** words(text): the core's English words in the page's language (strings/core-words.js); as they are in English. */
export function pageWords() {
  words ??= pageLanguage() === 'en' ? (text) => text : coreWords(pageLanguage(), coreTable());
  return words;
}

let notation = null;
/** notation(text): the numbers of the core's notation (an explanation's formula and arithmetic) as the page's language writes them. */
export function pageNotation() {
  notation ??= notationIn(pageLanguage(), coreTable());
  return notation;
}

/**
 * What a lesson's sentence shows for `name` of a result, in the page's language: a number written as the
 * language writes it, or the core's words translated. English: render/format.js's quoteResult, unchanged.
 */
export function quoteInLanguage(result, name, digits, lang = pageLanguage(), words = pageWords()) {
  if (lang === 'en') return quoteResult(result, name, digits);
  if (name in result.numbers) return formatNumberIn(lang, result.numbers[name], digits);
  if (name in (result.texts ?? {})) return words(result.texts[name]);
  return null;
}
