// A lesson's language in the site build (docs/languages.md): lesson.json "lang" (default "en") sets the
// page's <html lang>, the runtime's table of strings (web/runtime/strings/<lang>.js) and the core's words
// (core/lessons/<lesson>/strings.<lang>.json, beside the declarations). The build checks each translation against
// English, for missing and unknown keys, with the same `file:line: message` as its other lesson checks.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import en from '../web/runtime/strings/en.js';
import { coreWords, explanationWords, formatNumberIn, keyOf, needsWords, saidWords, translateAnswer, translateDemo } from '../web/runtime/strings/core-words.js';
import { addStrings } from '../web/runtime/strings/index.js';
import { quoteResult } from '../web/runtime/render/format.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STRINGS = 'web/runtime/strings';
const lineOf = (text, index) => (index < 0 ? 1 : text.slice(0, index).split('\n').length);

/** The languages the runtime has a table for: en, and each web/runtime/strings/<lang>.js. */
export const runtimeLanguages = () => fs.readdirSync(path.join(ROOT, STRINGS)).map((f) => f.match(/^([a-z]{2,3})\.js$/)?.[1]).filter(Boolean);

/**
 * The keys of a translation against the keys it must have: a message for each missing key (at line 1 of the
 * file, or `missingAt(key)` when it knows better) and each unknown one (at its line). [] when it is complete.
 * @param file     the translation's path, as the messages name it
 * @param text     its text, to find each key's line
 * @param keys     its keys
 * @param expected the keys it must have: Map key -> what the English says or where (for the message)
 */
export function translationProblems(file, text, keys, expected, missingAt = () => `${file}:1`) {
  const problems = [];
  const have = new Set(keys);
  for (const [key, why] of expected) {
    if (!have.has(key)) problems.push(`${missingAt(key)}: the translation has no key ${JSON.stringify(key)} (${why}): add it to ${file}`);
  }
  for (const key of keys) {
    if (expected.has(key)) continue;
    const at = lineOf(text, Math.max(text.indexOf(`'${key}'`), text.indexOf(JSON.stringify(key))));
    problems.push(`${file}:${at}: ${JSON.stringify(key)} is not a key of English (a key misspelt, or one English no longer has): correct it or remove it`);
  }
  return problems;
}

/** web/runtime/strings/<lang>.js against en.js: every key of English, and no other. */
export async function runtimeProblems(lang, file = `${STRINGS}/${lang}.js`) {
  const table = (await import(path.resolve(ROOT, file))).default;
  const expected = new Map(Object.keys(en).map((key) => [key, `English: ${JSON.stringify(en[key])}`]));
  return translationProblems(file, fs.readFileSync(path.resolve(ROOT, file), 'utf8'), Object.keys(table), expected);
}

// Where the core's translations are: beside the declarations, in core/ (ATTN_CORE_WORDS: another folder, for the build's tests).
const CORE_WORDS = path.relative(ROOT, path.resolve(ROOT, process.env.ATTN_CORE_WORDS ?? 'core'));

/** Every strings.<lang>.json under core/: [{file, text, table}]. */
function coreTableFiles(lang) {
  return fs.readdirSync(path.join(ROOT, CORE_WORDS), { recursive: true })
    .filter((f) => path.basename(f) === `strings.${lang}.json`).sort()
    .map((f) => {
      const file = path.join(CORE_WORDS, f);
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      try {
        return { file, text, table: JSON.parse(text) };
      } catch (error) {
        throw new Error(`${file}:1: not valid JSON (${error.message}): write {"English words with {} for each number": "their translation"}`);
      }
    });
}

// Keys of a core table that are how the language writes, not words of a demo (strings/core-words.js).
// Words any demo may say at some setting, not only at the presets the build runs: the list's joints, and the
// counts core/demo/prose.cpp's count_word spells out (a table need not hold them all: the French one leaves out
// "one", whose gender depends on the noun it counts).
const COUNT_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const GRAMMAR = new Set(['{list}', '{item}', ...COUNT_WORDS]);

/** Where the C++ says `key`: the first core file and line holding its longest run of words, or null. */
function declaredAt(key) {
  const words = key.split('{}').sort((a, b) => b.length - a.length)[0].trim();
  if (!words) return null;
  // The lessons' declarations first, and a string literal before words in a comment.
  const files = fs.readdirSync(path.join(ROOT, 'core'), { recursive: true }).filter((name) => /\.(cpp|hpp)$/.test(name))
    .sort((a, b) => Number(!a.startsWith('lessons')) - Number(!b.startsWith('lessons')) || a.localeCompare(b));
  for (const needle of [`"${words}`, words]) {
    for (const f of files) {
      const text = fs.readFileSync(path.join(ROOT, 'core', f), 'utf8');
      const at = text.indexOf(needle);
      if (at >= 0) return `core/${f}:${lineOf(text, at)}`;
    }
  }
  return null;
}

/**
 * One language of the build: what its pages need (page words, core words, numbers) and what they said,
 * which check() holds against the language's tables once every page is built.
 */
export async function language(lang, where = 'lesson.json:1') {
  if (!runtimeLanguages().includes(lang)) {
    throw new Error(`${where}: "lang" is "${lang}", for which web/runtime/strings/ has no table: write one of ${runtimeLanguages().join(', ')}, or add ${STRINGS}/${lang}.js`);
  }
  const runtime = (await import(path.join(ROOT, STRINGS, `${lang}.js`))).default;
  addStrings(lang, runtime);  // the prerendering runs the runtime's renderers, whose say() then speaks it
  const files = lang === 'en' ? [] : coreTableFiles(lang);
  const table = Object.assign({}, ...files.map((f) => f.table));
  const words = coreWords(lang, table);
  const said = new Map();  // key -> who said it: 'demo "id"' or 'an explanation of demo "id"'
  const note = (texts, by) => {
    for (const w of texts) {
      const key = keyOf(w);
      if (needsWords(key) && !said.has(key)) said.set(key, by);
    }
  };
  return {
    lang,
    /** The page's own words (web/page.html's "say" keys), escaped for HTML by the caller. */
    say: (key) => {
      if (!(key in en)) throw new Error(`web/page.html: {{say ${key}}} names no key of ${STRINGS}/en.js`);
      return runtime[key] ?? en[key];
    },
    /** The script that gives the runtime this language's strings (assets/strings-<lang>.js), before runtime.js. */
    stringsScript: (root) => `<script type="module" src="${root}assets/strings-${lang}.js"></script>`,
    /** The table the page's runtime reads (strings/language.js), or '' in English. */
    coreWordsScript: () => (lang === 'en' ? '' : `<script type="application/json" id="core-words">${JSON.stringify(table).replace(/</g, '\\u003c')}</script>`),
    demo: (demo) => (lang === 'en' ? demo : translateDemo(demo, words)),
    answer: (answer) => (lang === 'en' ? answer : translateAnswer(answer, words)),
    quote: (result, name, digits) => {
      if (lang === 'en') return quoteResult(result, name, digits);
      if (name in result.numbers) return formatNumberIn(lang, result.numbers[name], digits);
      return name in (result.texts ?? {}) ? words(result.texts[name]) : null;
    },
    /** Notes the words a demo's declaration and answers say, for check(). */
    noteSaid: (demo, answers) => note(saidWords(demo, answers), `demo "${demo.id}"`),
    /** Notes the words of a demo's explanations (the explain panel's, reachableExplanations), for check(). */
    noteExplained: (demo, explanations) => note(explanationWords(explanations), `an explanation of demo "${demo.id}"`),
    /** Every problem of this language's translations: [] when complete. */
    check: async () => {
      if (lang === 'en') return [];
      const problems = await runtimeProblems(lang);
      const expected = new Map([...said].map(([key, id]) => [key, `said by ${id}${declaredAt(key) ? `, declared at ${declaredAt(key)}` : ''}`]));
      const owner = new Map(files.flatMap((f) => Object.keys(f.table).map((key) => [key, f])));
      // A missing key is reported in the table of the folder that declares it, when it has one.
      const folderOf = (f) => path.join('core', path.relative(CORE_WORDS, path.dirname(f.file))) + '/';
      const fileFor = (key) => files.find((f) => declaredAt(key)?.startsWith(folderOf(f)))?.file ?? files[0]?.file ?? `core/lessons/<lesson>/strings.${lang}.json`;
      for (const f of files) {
        const mine = new Map([...expected].filter(([key]) => owner.get(key) === f || (!owner.has(key) && fileFor(key) === f.file)));
        for (const key of GRAMMAR) if (key in f.table) mine.set(key, 'grammar');
        problems.push(...translationProblems(f.file, f.text, Object.keys(f.table), mine));
      }
      if (!files.length && expected.size) problems.push(`core/lessons/<lesson>/strings.${lang}.json:1: no table of the core's words in "${lang}": add one beside the demos' declarations`);
      return problems;
    },
  };
}

// What a learner may type in a number's box that is no number JSON holds, passed on as typed (controls.js):
// a number too large for a double either way, one too small to be anything but 0, and the names of the non-finite.
const TYPED_NUMBERS = ['1e999', '-1e999', '1e-999', '1e+99999', 'nan', 'NaN', 'inf', '-Infinity'];

/**
 * Values at and past the edges of each of a demo's parameters, one parameter at a time (the others at
 * their defaults): the core's refusals a learner can meet by typing or by a link ("“Tokens T” is too large:
 * …", a cell of a table out of range, a word where a number goes, a number typed past what a double holds),
 * so a translation has their words too.
 * An integer also takes its first few values, where a demo refuses a combination ("d_model must be
 * divisible by the heads").
 * @returns {object[]} parameter sets for run(id, params)
 */
export function edgeParams(demo) {
  const sets = [];
  for (const p of demo.params) {
    const values = ['x', null];
    const [low, high] = [p.min - 1, p.max + 1];
    if (p.type === 'integer') values.push(p.min + 0.5, ...[0, 1, 2, 3].map((k) => p.min + k).filter((v) => v <= p.max));
    if (p.type === 'integer' || p.type === 'number') values.push(low, high, ...TYPED_NUMBERS);
    if (p.type === 'vector') {
      values.push([], Array(p.min_len).fill(high), Array(p.min_len).fill(low), Array(p.min_len).fill('x'));
      for (const typed of TYPED_NUMBERS) values.push(Array(p.min_len).fill(typed));
    }
    if (p.type === 'matrix') {
      const row = (v) => Array(p.min_cols).fill(v);
      values.push([], [row(high)], [row(low)], [row('x')], [row(null)], Array(p.max_len + 1).fill(row(0)), [Array(p.max_cols + 1).fill(0)]);
      for (const typed of TYPED_NUMBERS) values.push([row(typed)]);
      if (p.max_len > 1 && p.max_cols > 1) values.push([[0, 0], [0]]);
    }
    if (p.type === 'choice') values.push('no such choice');
    if (p.type === 'text') values.push('', 'x'.repeat((p.max_len ?? 0) + 1), '\u0007');
    for (const value of values) sets.push({ [p.name]: value });
  }
  return sets;
}

/**
 * The settings a translated page's explanations are collected at, besides the preset and the defaults: each
 * parameter at its least and its most, one at a time (a softmax's "each less the largest" at the largest
 * scores), each count at its least with the other counts at two or more, each choice and each switch flipped.
 * A setting the demo refuses explains nothing.
 */
export function explainSettings(demo, preset) {
  const sets = [preset, {}];
  const filled = (p, v) => {
    if (p.type === 'vector') return Array(Math.max(p.min_len, (p.default ?? []).length)).fill(v);
    if (p.type === 'matrix') return (p.default?.length ? p.default : [[0]]).map((row) => row.map(() => v));
    return v;
  };
  const bounded = demo.params.filter((p) => ['integer', 'number', 'vector', 'matrix'].includes(p.type) && Number.isFinite(p.min) && Number.isFinite(p.max));
  // One count at its least beside the other counts at two or more: "the weights of all 2 heads at 1 token". (At
  // their most, the widest demos made the build four times as long.)
  const counts = bounded.filter((p) => p.type === 'integer');
  const several = (q) => Math.min(q.max, Math.max(q.min, 2));
  for (const p of counts) sets.push({ ...preset, ...Object.fromEntries(counts.map((q) => [q.name, several(q)])), [p.name]: p.min });
  for (const p of demo.params) {
    if (bounded.includes(p)) sets.push({ ...preset, [p.name]: filled(p, p.min) }, { ...preset, [p.name]: filled(p, p.max) });
    if (p.type === 'boolean') sets.push({ ...preset, [p.name]: !(preset[p.name] ?? p.default) });
    if (p.type === 'choice') for (const choice of p.choices) sets.push({ ...preset, [p.name]: choice });
  }
  return sets;
}

// A few places of n (the first ones and the last): a table's cells, a chart's points and a value's operands
// say the same words whatever their indices (the indices are numbers of the key), and a demo at its largest
// settings has millions of them (multi-head attention at its widest), so the words are found from a sample.
const sample = (n) => [...new Set([0, 1, 2, 3, n - 2, n - 1])].filter((k) => k >= 0 && k < n);

/**
 * The explanations a learner can reach on a demo at one setting, sampled: values the explainer says it
 * explains (its contents: tables' cells, sentences' numbers, the printout's numbers, charts' points, heat
 * maps' cells) and, from each, the operands and list items it links to, down to what the learner set.
 * @param core  a module's face with run and explain (core-face.js)
 * @returns {object[]} the explain module's answers (a refused setting: none)
 */
export function reachableExplanations(core, id, params) {
  const run = core.run(id, params);
  const contents = core.explain(id, params, { kind: 'contents' });
  if (!run.ok || !contents.ok) return [];
  const r = run.result;
  const c = contents.explanation;
  const seeds = [];
  for (const name of c.tables ?? []) {
    const values = r.tables?.find((t) => t.name === name)?.values ?? [];
    for (const row of sample(values.length)) for (const col of sample(values[row].length)) seeds.push({ kind: 'table', table: name, row, col });
  }
  for (const name of c.numbers ?? []) seeds.push({ kind: 'number', name });
  for (const name of c.charts ?? []) {
    const chart = r.charts?.find((t) => t.name === name);
    chart?.series.forEach((s, k) => { for (const point of sample(s.x.length)) seeds.push({ kind: 'chart', chart: name, series: k, point }); });
  }
  const answers = [];
  const seen = new Set();
  // A probe's refusal (past the printout's last number) is no explanation a learner can open; any other is shown.
  const explain = (ref, probe = false) => {
    const key = JSON.stringify(ref);
    if (seen.has(key)) return null;
    seen.add(key);
    const answer = core.explain(id, params, ref);
    if (answer.ok || !probe) answers.push(answer);
    return answer;
  };
  // The printout's numbers and the heat maps' cells, in order until the explainer says there is no such value.
  const MOST = 64;  // the first numbers of the printout and of a heat map's rows and columns [values]
  if (c.printed) for (let index = 0; index < MOST && explain({ kind: 'printed', index }, true).ok; ++index);
  for (const figure of c.figures ?? []) {
    for (let map = 0; map < MOST && explain({ kind: 'figure', figure, map, row: 0, col: 0 }, true).ok; ++map) {
      for (let row = 0; row < MOST && (row === 0 || explain({ kind: 'figure', figure, map, row, col: 0 }, true).ok); ++row) {
        for (let col = 1; col < MOST && explain({ kind: 'figure', figure, map, row, col }, true).ok; ++col);
      }
    }
  }
  const links = (answer) => {
    if (!answer?.ok) return [];
    const operands = answer.explanation.operands ?? [];
    return [...sample(operands.length).map((k) => operands[k]), ...(answer.explanation.items ?? [])].map((o) => o.ref);
  };
  const queue = [...seeds, ...answers.flatMap(links)];
  while (queue.length) queue.push(...links(explain(queue.pop())));
  return answers;
}

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A page's shell (web/*.html) with each "say" key of it in the language, escaped for HTML unless the key ends
 * in _html (words with a link or a <code> in them), and its `{name}`s filled from `values` (HTML as given).
 */
export function sayAll(template, say, values = {}) {
  return template.replace(/\{\{say ([\w.]+)\}\}/g, (_, key) => {
    const text = key.endsWith('_html') ? say(key) : escapeHtml(say(key));
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  });
}

/** English's own say(), for the shells that are English only (the index and the class page). */
export const sayEnglish = (key) => {
  if (!(key in en)) throw new Error(`a page's {{say ${key}}} names no key of ${STRINGS}/en.js`);
  return en[key];
};
