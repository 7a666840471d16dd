// The core's words in another language (docs/languages.md). The C++ declarations stay the one source of
// names, bounds and units, and say their words in English; a translation is a table kept beside them
// (core/lessons/<lesson>/strings.<lang>.json) whose keys are the English words with each number replaced
// by {}: "Head {} weights" -> "Poids de la tête {}". The numbers are put back written as the language
// writes them (decimal comma in French), so one key serves every value the learner picks.
//
// What is never translated: printouts (the program's own output keeps the program's format, NumPy and
// CPython print a point whatever the language) and words without letters other than numbers and lists
// of numbers, which need no key: "(3, 8)" and "[0.09  0.245 0.665]" are quoted as printed.

// An English number as the core writes it: 38,416 · 0.707 · −2 (a minus sign, or a hyphen) · 1e+06; or
// the indices of a name, as the explanations subscript them (w₀₂, s₀), put back as they are.
const NUMBER = /[−-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:e[+-]\d+)?|[₀-₉]+/g;
const SUBSCRIPT = /^[₀-₉]+$/;
// A refusal names the control as the core quotes it ("“Tokens T” is too small: …") and quotes what the
// learner typed as JSON does ("(got \"abc\")"): a label is translated on its own (it is a key already),
// a typed value is kept as typed, so one key serves every control and every value. {q} and {s} in a key.
const LABEL = /“([^“”]*)”/g;
const TYPED = /"((?:[^"\\]|\\.)*)"/g;
// "1, 0 and 1": a list of numbers the core wrote in English.
const LIST = /\{\}(?:, \{\})* and \{\}/g;
// "[1, 0]": a vector the core wrote in English (a printout of NumPy has no commas, and is left alone).
const VECTOR = /\[\{\}(?:, \{\})+\]/g;
const LETTER = /\p{L}/u;

/** `text` with each number replaced by {}, and the numbers, in order. */
export function skeleton(text) {
  const numbers = [];
  const key = text.replace(NUMBER, (n) => { numbers.push(n); return '{}'; });
  return { key, numbers };
}

/**
 * The key of a text that quotes (a refusal): its labels as “{q}” and what was typed as "{s}", then its numbers
 * as {}. @returns {{key, labels, typed, numbers}}, or null for a text that quotes nothing
 */
export function quotingSkeleton(text) {
  const labels = [];
  const typed = [];
  const bare = text.replace(LABEL, (_, label) => { labels.push(label); return '“{q}”'; })
    .replace(TYPED, (_, value) => { typed.push(value); return '"{s}"'; });
  if (!labels.length && !typed.length) return null;
  return { ...skeleton(bare), labels, typed };
}

/** The key the table holds `text` under: its quoting skeleton's when it quotes, else its skeleton's. */
export const keyOf = (text) => (quotingSkeleton(text) ?? skeleton(text)).key;

/** Does `key` need a translation? Only words do: a key of numbers, brackets and signs is the same in every language. */
export const needsWords = (key) => LETTER.test(key.replace(LIST, '').replace(/\{\}/g, ''));

// A printout quoted in the prose, as NumPy or CPython prints it: an array with no commas, or a shape.
const PRINTOUT = /^(?:\[[^,\p{L}]*\]|\(\d+(?:, \d+)*,?\))$/u;

const formats = new Map();
const wholes = new Map();  // lang -> {group: whole numbers with the language's grouping, sign: its decimal sign}
/**
 * An English number of the core with every digit kept, as `lang` writes it: "38416.25" -> "38 416,25" and
 * "1.15e-275" -> "1,15e-275" in French (an exact value keeps all its digits; Intl would round them).
 */
function digitsIn(lang, english) {
  if (!wholes.has(lang)) {
    const sign = new Intl.NumberFormat(lang).formatToParts(0.5).find((part) => part.type === 'decimal').value;
    wholes.set(lang, { group: new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }), sign });
  }
  const { group, sign } = wholes.get(lang);
  const minus = /^[−-]/.test(english) ? '−' : '';
  const [mantissa, exponent] = english.replace(/^[−-]/, '').replace(/,/g, '').split('e');
  const [whole, fraction] = mantissa.split('.');
  return minus + group.format(BigInt(whole)) + (fraction === undefined ? '' : sign + fraction) + (exponent === undefined ? '' : `e${exponent}`);
}

/** One number of the core's English text, as `lang` writes it with as many decimals. */
function numberIn(lang, english) {
  if (SUBSCRIPT.test(english)) return english;
  if (!english.includes('e')) return digitsIn(lang, english);
  const sign = /^[−-]/.test(english) ? '−' : '';
  return sign + new Intl.NumberFormat(lang, { maximumSignificantDigits: 6 }).format(Number(english.replace(/^[−-]/, '')));
}

/**
 * The core's notation in `lang` (an explanation's formula, its arithmetic with the values plugged in, its result
 * and exact value, the panel's own numbers): each number with the language's decimal sign and grouping and every
 * digit kept, the indices (w₀₂) as they are, and the arguments of max(…) separated as the language separates a
 * list's items ("{item}" of its table), since its decimal sign may be the comma: "max(0.5, 1)" -> "max(0,5 ; 1)".
 * @returns {(text: string) => string} the same text in English
 */
export function notationIn(lang, table = {}) {
  if (lang === 'en') return (text) => text;
  const item = table['{item}'] ?? ', ';
  return (text) => (typeof text !== 'string' ? text
    : text.replace(/, /g, item).replace(NUMBER, (n) => (SUBSCRIPT.test(n) ? n : digitsIn(lang, n))));
}

/** A number of the core (result.numbers) as the lesson's sentence writes it in `lang`: `digits` decimals, 3 unless whole. */
export function formatNumberIn(lang, value, digits) {
  if (value === null) return '−∞';
  if (typeof value !== 'number') return String(value);
  const decimals = digits ?? (Number.isInteger(value) ? 0 : 3);
  const id = `${lang} ${decimals}`;
  if (!formats.has(id)) formats.set(id, new Intl.NumberFormat(lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }));
  const text = formats.get(id).format(Math.abs(value));
  return (value < 0 && /[1-9]/.test(text) ? '−' : '') + text;
}

/**
 * The translator of one language: words(text) is the core's English `text` in that language.
 * @param lang   "fr"
 * @param table  the merged tables of that language: {english key: translation}; "{list}" is how
 *               the language joins a list ("{items} et {last}"), "{item}" separates its items (", ")
 */
export function coreWords(lang, table) {
  const listOf = (items) => {
    if (items.length < 2) return items.join('');
    const join = table['{list}'] ?? '{items} and {last}';
    return join.replace('{items}', items.slice(0, -1).join(table['{item}'] ?? ', ')).replace('{last}', items.at(-1));
  };
  /** The translation of `text`, or `text` itself when the table has none (English stays readable). */
  function words(text) {
    if (typeof text !== 'string' || lang === 'en' || PRINTOUT.test(text)) return text;
    const { key, numbers } = skeleton(text);
    const written = numbers.map((n) => numberIn(lang, n));
    if (!needsWords(key)) {
      // Numbers and lists of numbers: the language's numbers, and its way of listing them.
      let k = 0;
      const item = table['{item}'] ?? ', ';
      return key.replace(new RegExp(`${LIST.source}|${VECTOR.source}|\\{\\}`, 'g'), (part) => {
        const items = part.match(/\{\}/g).map(() => written[k++]);
        if (part.startsWith('[')) return `[${items.join(item)}]`;
        return part === '{}' ? items[0] : listOf(items);
      });
    }
    const translated = table[key];
    if (translated === undefined) return quoting(text);
    let k = 0;
    return translated.replace(/\{\}/g, () => written[k++] ?? '{}');
  }
  /** A text that quotes (a refusal), its labels translated and what was typed kept; `text` itself without a key. */
  function quoting(text) {
    const parts = quotingSkeleton(text);
    const translated = parts && table[parts.key];
    if (translated === undefined || !parts) return text;
    const next = { '{}': parts.numbers.map((n) => numberIn(lang, n)), '{q}': parts.labels.map(words), '{s}': [...parts.typed] };
    return translated.replace(/\{q?s?\}/g, (slot) => next[slot].shift() ?? slot);
  }
  return words;
}

/** The demo's declaration (attn list) with its words in the language: title, and each control's. */
export function translateDemo(demo, words) {
  const list = (xs) => xs?.map(words);
  return {
    ...demo,
    title: words(demo.title),
    params: demo.params.map((p) => ({
      ...p,
      ...(p.label !== undefined && { label: words(p.label) }),
      ...(p.help !== undefined && { help: words(p.help) }),
      ...(p.unit !== undefined && { unit: words(p.unit) }),
      ...(p.row_name !== undefined && { row_name: words(p.row_name) }),
      ...(p.column_name !== undefined && { column_name: words(p.column_name) }),
      ...(p.column_names !== undefined && { column_names: list(p.column_names) }),
      ...(p.choice_labels !== undefined && { choice_labels: list(p.choice_labels) }),
    })),
  };
}

/**
 * A run's answer with its words in the language: tables' and charts' titles and labels, the figures'
 * words and a refusal's message. Numbers, claims, texts (quoted by the prose, which translates them
 * itself) and printouts are left as the core gave them, so the page's truth checks compare like with like.
 */
export function translateAnswer(answer, words) {
  if (!answer || typeof answer !== 'object') return answer;
  if (!answer.ok) return answer.error ? { ...answer, error: { ...answer.error, message: words(answer.error.message) } } : answer;
  const r = answer.result;
  const wordsOf = (object) => Object.fromEntries(Object.entries(object).map(([k, v]) => [k, typeof v === 'string' ? words(v) : v]));
  return {
    ...answer,
    result: {
      ...r,
      tables: r.tables?.map((t) => ({ ...t, title: words(t.title), col_labels: t.col_labels?.map(words), row_labels: t.row_labels?.map(words) })),
      charts: r.charts?.map((c) => ({ ...c, title: words(c.title), x_label: words(c.x_label), y_label: words(c.y_label), series: c.series?.map((s) => ({ ...s, name: words(s.name) })) })),
      figures: r.figures?.map((f) => (f.words ? { ...f, words: wordsOf(f.words) } : f)),
    },
  };
}

// A word in a formula ("T × T × heads", "Σ over j > i of wᵢⱼ"): two or more small letters on their own, not a
// function's name before its bracket (max(, softmax(), a table's name before its index (concat[i]), an index
// (idᵢ, maxₖ) or a name with an underscore (d_head).
const FORMULA_WORD = /(?<![\p{L}\p{N}_])[a-z]{2,}(?![\p{L}\p{N}_([])/u;
/** Does the formula say words (which the language's table translates), or is it notation alone? */
export const formulaSaysWords = (formula) => FORMULA_WORD.test(formula);

/**
 * An explanation (the explain module's answer, core/explain/explanation.hpp) in the language: its words (what the
 * value is, the lesson's step, the formula read aloud, each operand's label, and a formula that says words) through
 * `words`, and the numbers of its notation (a formula of symbols, the arithmetic plugged in, the result and the
 * exact value) through `notation` (notationIn). The values and the references stay as the core gave them (the
 * panel finds what it highlights by them).
 */
export function translateExplanation(answer, words, notation = (text) => text) {
  if (!answer || typeof answer !== 'object') return answer;
  if (!answer.ok) return answer.error ? { ...answer, error: { ...answer.error, message: words(answer.error.message) } } : answer;
  const e = answer.explanation;
  const saysWords = formulaSaysWords(e.formula ?? '');
  const worded = (object, keys, put = words) => Object.fromEntries(Object.entries(object).map(([k, v]) => [k, keys.includes(k) && typeof v === 'string' ? put(v) : v]));
  return {
    ...answer,
    explanation: {
      ...worded(worded(e, ['name', 'step', 'words', ...(saysWords ? ['formula'] : [])]), [...(saysWords ? [] : ['formula']), 'plugged', 'shown', 'exact'], notation),
      ...(e.operands && { operands: e.operands.map((o) => worded(o, ['label'])) }),
    },
  };
}

/** Every string of explanations (and of an explanation's refusal, which the panel shows) that translateExplanation would translate (for the build's check). */
export function explanationWords(answers) {
  const said = [];
  for (const answer of answers) translateExplanation(answer, (w) => { said.push(w); return w; });
  return said.filter((w) => typeof w === 'string' && w !== '' && !PRINTOUT.test(w));
}

/** Every string of a declaration and an answer that translateDemo and translateAnswer would translate (for the build's check). */
export function saidWords(demo, answers) {
  const said = [];
  translateDemo(demo, (w) => { said.push(w); return w; });
  for (const answer of answers) {
    translateAnswer(answer, (w) => { said.push(w); return w; });
    for (const text of Object.values(answer.result?.texts ?? {})) said.push(text);
  }
  return said.filter((w) => typeof w === 'string' && !PRINTOUT.test(w));
}
