// What these lessons keep in this browser, for one copy of the site (one sub-path of a host).
//
// One record per lesson, under "attn-progress:<the copy's root path><lesson>", e.g.
// "attn-progress:/course-a/block":
//   {"title": "Inside the transformer block",
//    "answers": [{"number": 1, "question": "A token's vector …", "answer": "A row of zeros"},
//                {"number": 4, "question": "…", "answer": "…", "earlier": true}],
//    "tried": ["stack"], "demos": {"stack": "Stacking blocks"}}
// Keyed by the lesson, not the page's path: /block/ and /block/index.html are one lesson. The copy's
// root is in the key so that two copies on one host (/course-a/, /course-b/) never see, change or
// erase each other's records. "demos": the title of each demo marked as tried, as its page showed it
// (left out when the page showed none), so that the export names every demo. "earlier": the lesson's page no longer has a box for that question
// (the lesson changed): the answer is kept, shown under the questions and exported.
//
// Older versions of the site kept two records per page, by path: "attn-answers:<path>" ({"0": "text"})
// and "attn-tried:<path>" ({"stack": true}). They are read too, and moved into the lesson's record
// when its page is opened (removed only once the new record is written).
//
// Storage is untrusted input: another version of the site, another copy, an extension or a person
// may have written anything. A record over MAX_RECORD characters is not parsed (and never rewritten);
// anything else that cannot be understood is kept as an answer's text rather than thrown away.
// The export's format is docs/progress-export.md.
export const SITE = new URL('../', import.meta.url).href; // assets/<bundle>.js -> the copy's root, under any sub-path
export const ROOT = new URL(SITE).pathname;
export const EXPORT_FORMAT = 'attention-lessons-progress';
export const EXPORT_VERSION = 3;
const PREFIX = 'attn-progress:';
// The learner's name, if they give one, for the files they export: one per copy, erased with everything.
const LEARNER = `attn-learner:${ROOT}`;
export const MAX_LEARNER = 200; // characters
const OLD_ANSWERS = 'attn-answers:';
const OLD_TRIED = 'attn-tried:';
export const MAX_RECORD = 4_000_000; // characters; more than a browser keeps for a whole site (about 5 million)
export const MAX_ANSWER = 100_000;   // characters in one answer box (maxlength): a record stays far under MAX_RECORD

/** The lesson a path belongs to under this copy ("/course/block/index.html" -> "block"), or null. */
export function lessonOfPath(pathname) {
  if (!pathname.startsWith(ROOT)) return null;
  return /^([^/]+)\//.exec(pathname.slice(ROOT.length))?.[1] ?? null;
}
// Reads the location's path, not its keys (address.js owns those): the lesson whose record this page keeps.
export const thisLesson = () => lessonOfPath(location.pathname);
export const recordKey = (lesson) => `${PREFIX}${ROOT}${lesson}`;

/**
 * The lesson a stored key belongs to, in this copy, and of which kind; null for every other key
 * (another copy's among them: its root differs, and a lesson's name has no "/").
 */
function classify(key) {
  for (const [prefix, kind] of [[PREFIX, 'record'], [OLD_ANSWERS, 'old-answers'], [OLD_TRIED, 'old-tried']]) {
    if (!key.startsWith(prefix + ROOT)) continue;
    const rest = key.slice(prefix.length + ROOT.length);
    // The record is "<lesson>"; the old ones were the page's path: "<lesson>/" or "<lesson>/index.html".
    const match = kind === 'record' ? /^([^/]+)$/.exec(rest) : /^([^/]+)\/(?:index\.html)?$/.exec(rest);
    if (match) return { lesson: match[1], kind };
  }
  return null;
}

function storedKeys() {
  try {
    const keys = [];
    for (let i = 0; i < localStorage.length; i++) keys.push(localStorage.key(i));
    return keys;
  } catch {
    return []; // storage off: nothing is kept
  }
}

function read(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

const isQuotaError = (error) => error instanceof DOMException
  && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED');

/** Writes one key: 'kept', 'full' (the browser's storage for this site is full) or 'off' (storage refused). */
export function write(key, text) {
  try {
    if (text === null) localStorage.removeItem(key); else localStorage.setItem(key, text);
    return 'kept';
  } catch (error) {
    return isQuotaError(error) ? 'full' : 'off';
  }
}
export { isQuotaError };

/** Any stored value as text: a string as it is, anything else as its JSON (which throws when nested too deep). */
const asText = (value) => (typeof value === 'string' ? value : JSON.stringify(value));

export const entry = (number, question, answer, earlier = false) => ({
  number: Number.isInteger(number) && number >= 1 && number <= 10_000 ? number : null,
  question: typeof question === 'string' ? question : '',
  answer,
  ...(earlier ? { earlier: true } : {}),
});

/**
 * One stored text, in any of the formats above, as {title, answers, tried}; nothing in it is lost:
 * a value that is not text becomes its JSON text, and a record that cannot be understood (not JSON,
 * the wrong shape, nested too deep to write back) is kept whole, as the text of one answer.
 */
function parse(text, kind) {
  const none = { title: '', answers: [], tried: [], demos: {} };
  try {
    return understood(JSON.parse(text), kind, none);
  } catch {
    return kind === 'old-tried' ? none : { ...none, answers: [entry(null, '', text, true)] };
  }
}

function understood(value, kind, none) {
  if (value === null || value === '') return none;
  if (kind === 'old-tried') {
    return { ...none, tried: typeof value === 'object' ? Object.keys(value).filter((k) => value[k] === true) : [] };
  }
  if (typeof value !== 'object' || Array.isArray(value)) throw new Error('not a record');
  if (kind === 'old-answers') {
    // {"0": "text", "1": …}: keyed by the question's place on the page, counted from 0.
    return {
      ...none,
      answers: Object.entries(value).filter(([, v]) => v !== null && v !== '')
        .map(([k, v]) => entry(/^\d+$/.test(k) ? Number(k) + 1 : null, '', asText(v))),
    };
  }
  const { title = '', answers = [], tried = [], demos = {} } = value;
  if (typeof title !== 'string' || !Array.isArray(answers) || !Array.isArray(tried)) throw new Error('not a record');
  return {
    demos: demoTitles(demos),
    title: title.slice(0, 500),
    answers: answers.filter((a) => a !== null && a !== '').map((a) => (a && typeof a === 'object' && !Array.isArray(a) && 'answer' in a
      ? entry(a.number, a.question, asText(a.answer), a.earlier === true)
      : entry(null, '', asText(a), true))),
    tried: tried.filter((t) => typeof t === 'string' && t.length <= 200),
  };
}

/** A record's demo titles, instance -> title; anything that is not a short text is left out. */
function demoTitles(value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([k, v]) => k.length <= 200 && typeof v === 'string').map(([k, v]) => [k, v.slice(0, 500)]));
}

/**
 * Everything kept for this copy, by lesson: {lesson: {title, answers, tried, demos, keys, unread}}.
 * keys: every stored key that makes up the lesson's record (the current one and any older ones);
 * unread: those too large to read (left as they are, named in the export).
 */
export function readAll(only = null) {
  const lessons = {};
  const seen = {}; // lesson -> Map(number and answer -> the entries kept with them): a look-up, as a record may hold 100,000s
  for (const key of storedKeys()) {
    const found = classify(key);
    if (!found || (only !== null && found.lesson !== only)) continue;
    const lesson = (lessons[found.lesson] ??= { title: '', answers: [], tried: [], demos: {}, keys: [], unread: [] });
    lesson.keys.push(key);
    const text = read(key);
    if (text === null) continue;
    if (text.length > MAX_RECORD) { lesson.unread.push({ key, characters: text.length }); continue; }
    const part = parse(text, found.kind);
    lesson.title ||= part.title;
    const known = (seen[found.lesson] ??= new Map());
    for (const a of part.answers) {
      // The same answer kept twice (under /block/ and /block/index.html, say) is one answer.
      const id = `${a.number} ${a.answer}`;
      const same = known.get(id)?.find((b) => !a.question || !b.question || a.question === b.question);
      if (same) { same.question ||= a.question; continue; }
      known.set(id, [...(known.get(id) ?? []), a]);
      lesson.answers.push(a);
    }
    lesson.tried = [...new Set([...lesson.tried, ...part.tried])];
    lesson.demos = { ...part.demos, ...lesson.demos };
  }
  return lessons;
}

export function readLesson(lesson) {
  return readAll(lesson)[lesson] ?? { title: '', answers: [], tried: [], demos: {}, keys: [], unread: [] };
}

/**
 * A lesson's record as stored: without the fields that say nothing (no number, no question's text), as a
 * browser keeps only about 5 million characters for a whole site; null when there is nothing to keep.
 */
function recordText({ title, answers, tried, demos = {} }) {
  if (!answers.length && !tried.length) return null;
  const compact = answers.map(({ number, question, ...rest }) => ({ ...(number ? { number } : {}), ...(question ? { question } : {}), ...rest }));
  const titles = Object.fromEntries(tried.filter((t) => demos[t]).map((t) => [t, demos[t]]));
  return JSON.stringify({ title, answers: compact, tried, ...(Object.keys(titles).length ? { demos: titles } : {}) });
}

/**
 * Writes a lesson's whole record and, once that worked, removes the older keys it replaces:
 * 'kept', 'full', 'off', or 'unread' when part of what is kept for the lesson was too large to read
 * (it is then never overwritten unseen). A record the page could not read back is not written ('full').
 */
export function writeLesson(lesson, record) {
  const before = readLesson(lesson);
  if (before.unread.length) return 'unread';
  const key = recordKey(lesson);
  const text = recordText(record);
  if (text?.length > MAX_RECORD) return 'full';
  const outcome = write(key, text);
  if (outcome === 'kept') for (const old of before.keys) if (old !== key) write(old, null);
  return outcome;
}

/**
 * Writes the record only if what is stored differs: moves older versions' keys (by the page's path) into
 * the lesson's one record, and adds each question's text once the page shows it.
 */
export function tidyLesson(lesson, record) {
  const before = readLesson(lesson);
  if (!before.keys.length || before.unread.length) return;
  const key = recordKey(lesson);
  if (before.keys.some((k) => k !== key) || read(key) !== recordText(record)) writeLesson(lesson, record);
}

/** Removes every record of this copy and the learner's name (never another copy's, nor the theme); returns how many keys are gone. */
export function eraseAll() {
  let count = 0;
  for (const { keys } of Object.values(readAll())) for (const key of keys) if (write(key, null) === 'kept') count += 1;
  if (read(LEARNER) !== null && write(LEARNER, null) === 'kept') count += 1;
  return count;
}

/** The learner's name as they gave it for this copy, or '' (what is stored is cut to MAX_LEARNER characters). */
export const learnerName = () => (read(LEARNER) ?? '').slice(0, MAX_LEARNER);

/** Keeps the learner's name ('' forgets it): 'kept', 'full' or 'off', as write(). */
export const keepLearnerName = (name) => write(LEARNER, name.trim() ? name.slice(0, MAX_LEARNER) : null);

/** The theme this page shows ('light', 'dark' or 'system'): the kept choice, or the one the storage could not keep. */
export function pageTheme() {
  const value = document.documentElement.dataset.theme;
  return value === 'light' || value === 'dark' ? value : 'system';
}

// ---- The page's questions, as reader.js shows them ----

/** A piece of the page as plain text; typeset maths as the TeX it came from, e.g. \((x - 50)/25\). */
function plainText(node) {
  const copy = node.cloneNode(true);
  for (const math of copy.querySelectorAll('.katex')) {
    const tex = math.querySelector('annotation[encoding="application/x-tex"]')?.textContent ?? math.textContent;
    const display = math.closest('.katex-display') !== null;
    math.replaceWith(display ? `\\[${tex}\\]` : `\\(${tex}\\)`);
  }
  return copy.textContent.replace(/\s+/g, ' ').trim();
}

/** A knowledge check's question: its paragraphs outside the answer box and the explanation. */
export function questionOf(check) {
  return [...check.children].filter((child) => child.matches('p:not(.answer-note)')).map(plainText).join(' ');
}

export const lessonTitle = () => plainText(document.querySelector('main h1') ?? document.createElement('h1'));

/**
 * Which kept answer goes in which box: the one written for the same question (its text), else, for an
 * answer kept without its question's text (older versions), the one written for the same number.
 * Returns {placed: [entry or null per box], earlier: [the rest, marked earlier]}.
 */
export function placeAnswers(answers, questions) {
  const placed = questions.map(() => null);
  const unplaced = new Set(answers);
  const put = (a, i) => { if (i >= 0 && placed[i] === null) { placed[i] = a; unplaced.delete(a); } };
  for (const a of answers) if (a.question) put(a, questions.indexOf(a.question));
  for (const a of answers) if (!a.question && a.number !== null && a.number <= questions.length) put(a, a.number - 1);
  return { placed, earlier: [...unplaced].map((a) => ({ ...a, earlier: true })) };
}

/** The knowledge checks that have an answer box, in the page's order: the lesson numbers its questions so. */
export const answerChecks = () => [...document.querySelectorAll('main .check')].filter((check) => check.querySelector('textarea'));

/**
 * This lesson's record as the page shows it: the answer in each box, the kept answers that have no box
 * here (leaving out `without`, one being erased), and the "I tried this" marks (those for demos not on
 * this page kept as they were).
 */
export function pageRecord(stored, { without = null } = {}) {
  const checks = answerChecks();
  const questions = checks.map(questionOf);
  const boxes = checks.map((check, i) => entry(i + 1, questions[i], check.querySelector('textarea').value))
    .filter((a) => a.answer.trim());
  const earlier = placeAnswers(stored.answers, questions).earlier
    .filter((a) => !(without && a.number === without.number && a.question === without.question && a.answer === without.answer));
  const marks = [...document.querySelectorAll('input[data-tried]')];
  const here = new Set(marks.map((box) => box.dataset.tried));
  const tried = [...stored.tried.filter((t) => !here.has(t)), ...marks.filter((box) => box.checked).map((box) => box.dataset.tried)];
  const shown = Object.fromEntries(marks.filter((box) => box.dataset.title).map((box) => [box.dataset.tried, box.dataset.title]));
  return { title: lessonTitle(), answers: [...boxes, ...earlier], tried, demos: { ...stored.demos, ...shown } };
}

/** Keeps what this lesson's page shows: 'kept', 'full', 'off' or 'unread' (writeLesson). */
export function savePage(options) {
  const lesson = thisLesson();
  if (!lesson) return 'off';
  return writeLesson(lesson, pageRecord(readLesson(lesson), options));
}
