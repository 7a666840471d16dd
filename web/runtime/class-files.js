// A teacher's class page (web/class.html) reads the progress files learners exported
// (docs/progress-export.md): each is untrusted, so its size is checked before it is read, its nesting
// before it is parsed, and only the fields the format documents are taken, each of the expected type
// and cut to a bounded length; anything else in it is ignored. Versions 1, 2 and 3 are read.
// A file that cannot be used gets a message that names it; the others are still read.
import { EXPORT_FORMAT } from './kept.js';
import { say } from './strings/index.js';

export const MAX_FILE_BYTES = 8_000_000;   // a browser keeps about 5 million characters for a whole site
export const MAX_TOTAL_BYTES = 64_000_000; // every file of one class together
export const MAX_FILES = 400;
export const MAX_DEPTH = 16;                // a real export is 5 levels deep
export const MAX_LESSONS = 100;
export const MAX_ANSWERS = 500;             // per lesson (a learner's export may keep thousands of older answers)
export const MAX_TRIED = 200;
const MAX_TEXT = { learner: 200, title: 500, question: 5_000, answer: 100_000, instance: 200, site: 2_000 };
const SLUG = /^[\w-]{1,100}$/;

// The words, from the page's table (strings/<lang>.js).
const WORDS = {
  tooLarge: (name, mb) => say('classfile.too_large', { name, mb, most: MAX_FILE_BYTES / 1e6 }),
  tooMany: (name) => say('classfile.too_many', { name, most: MAX_FILES }),
  tooMuch: (name) => say('classfile.too_much', { name, most: MAX_TOTAL_BYTES / 1e6 }),
  unreadable: (name) => say('classfile.unreadable', { name }),
  tooDeep: (name) => say('classfile.too_deep', { name, most: MAX_DEPTH }),
  notJson: (name) => say('classfile.not_json', { name, export: say('progress.export') }),
  notProgress: (name) => say('classfile.not_progress', { name, format: EXPORT_FORMAT }),
  newer: (name, v) => say('classfile.newer', { name, version: v }),
  noLessons: (name) => say('classfile.no_lessons', { name }),
  again: (name) => say('classfile.again', { name }),
};

/** How deeply the JSON text's lists and objects nest, found without parsing it (strings skipped); stops past `limit`. */
export function nestingDepth(text, limit = MAX_DEPTH) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;               // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) { depth++; if (depth > deepest) { deepest = depth; if (deepest > limit) return deepest; } }
    else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v, max) => (typeof v === 'string' ? v.slice(0, max) : '');
const number = (v) => (Number.isInteger(v) && v >= 1 && v <= 10_000 ? v : null);

/** One lesson's answers as the format has them (versions 2 and 3), bounded. */
function answersOf(list) {
  if (!Array.isArray(list)) return [];
  return list.slice(0, MAX_ANSWERS).filter(isObject).filter((a) => typeof a.answer === 'string' && a.answer.trim())
    .map((a) => ({ number: number(a.number), question: text(a.question, MAX_TEXT.question), answer: text(a.answer, MAX_TEXT.answer), earlier: a.earlier === true }));
}

/** The demos tried: names (version 2) or {instance, title} (version 3). */
function triedOf(list) {
  if (!Array.isArray(list)) return [];
  const seen = new Map();
  for (const t of list.slice(0, MAX_TRIED)) {
    const instance = typeof t === 'string' ? t : isObject(t) ? t.instance : null;
    if (typeof instance !== 'string' || !instance || instance.length > MAX_TEXT.instance || seen.has(instance)) continue;
    seen.set(instance, { instance, title: isObject(t) ? text(t.title, MAX_TEXT.title) : '' });
  }
  return [...seen.values()];
}

/** Version 1 (before December 2026): {exported, pages: {path: {answers: {"question 1": text}, tried: [names]}}}. */
function lessonsOfVersion1(pages) {
  const lessons = new Map();
  for (const [pagePath, page] of Object.entries(pages).slice(0, MAX_LESSONS)) {
    const slug = /([^/]+)\/(?:index\.html)?$/.exec(pagePath)?.[1];
    if (!slug || !SLUG.test(slug) || !isObject(page)) continue;
    const answers = isObject(page.answers) ? Object.entries(page.answers).slice(0, MAX_ANSWERS)
      .filter(([, a]) => typeof a === 'string' && a.trim())
      .map(([k, a]) => ({ number: number(Number(/^question (\d+)$/.exec(k)?.[1])), question: '', answer: a.slice(0, MAX_TEXT.answer), earlier: false })) : [];
    lessons.set(slug, { title: '', answers, tried: triedOf(page.tried) });
  }
  return lessons;
}

/** Versions 2 and 3: {lessons: {slug: {title, answers, tried}}}. */
function lessonsOf(value) {
  const lessons = new Map();
  if (!isObject(value)) return lessons;
  for (const [slug, lesson] of Object.entries(value).slice(0, MAX_LESSONS)) {
    if (!SLUG.test(slug) || !isObject(lesson)) continue;
    lessons.set(slug, { title: text(lesson.title, MAX_TEXT.title), answers: answersOf(lesson.answers), tried: triedOf(lesson.tried) });
  }
  return lessons;
}

/**
 * A progress file's text as {ok: true, learner, exported, site, version, lessons: Map(slug -> {title, answers, tried})}
 * or {ok: false, message}. `name` is the file's name, for messages.
 */
export function readProgress(source, name) {
  if (nestingDepth(source) > MAX_DEPTH) return { ok: false, message: WORDS.tooDeep(name) };
  let value;
  try { value = JSON.parse(source); } catch { return { ok: false, message: WORDS.notJson(name) }; }
  if (!isObject(value)) return { ok: false, message: WORDS.notProgress(name) };
  const version1 = value.format === undefined && isObject(value.pages);
  if (!version1 && value.format !== EXPORT_FORMAT) return { ok: false, message: WORDS.notProgress(name) };
  const version = version1 ? 1 : value.version;
  if (!version1 && !(Number.isInteger(version) && version >= 2)) return { ok: false, message: WORDS.notProgress(name) };
  if (version > 3) return { ok: false, message: WORDS.newer(name, version) };
  if (!version1 && !isObject(value.lessons)) return { ok: false, message: WORDS.noLessons(name) };
  const lessons = version1 ? lessonsOfVersion1(value.pages) : lessonsOf(value.lessons);
  return {
    ok: true, version, lessons,
    learner: text(value.learner, MAX_TEXT.learner).trim(),
    exported: text(value.exported, 40),
    site: text(value.site, MAX_TEXT.site),
  };
}

/**
 * Reads the chosen or dropped files, one at a time, each checked by its size before it is read:
 * {read: [{file: name, key, ...readProgress}], refused: [{file, message}]}. `already` holds the keys
 * (name, size, date) of files read before, so a file chosen twice counts once; `bytesBefore` their size.
 */
export async function readProgressFiles(files, { already = new Set(), countBefore = 0, bytesBefore = 0 } = {}) {
  const read = [];
  const refused = [];
  let count = countBefore;
  let bytes = bytesBefore;
  for (const file of files) {
    const name = String(file.name).slice(0, 200);
    const key = `${file.name} ${file.size} ${file.lastModified}`;
    if (already.has(key)) { refused.push({ file: name, message: WORDS.again(name) }); continue; }
    if (file.size > MAX_FILE_BYTES) { refused.push({ file: name, message: WORDS.tooLarge(name, (file.size / 1e6).toFixed(1)) }); continue; }
    if (count >= MAX_FILES) { refused.push({ file: name, message: WORDS.tooMany(name) }); continue; }
    if (bytes + file.size > MAX_TOTAL_BYTES) { refused.push({ file: name, message: WORDS.tooMuch(name) }); continue; }
    let source;
    try { source = await file.text(); } catch { refused.push({ file: name, message: WORDS.unreadable(name) }); continue; }
    const result = readProgress(source, name);
    if (!result.ok) { refused.push({ file: name, message: result.message }); continue; }
    already.add(key);
    count += 1;
    bytes += file.size;
    read.push({ file: name, key, size: file.size, ...result });
  }
  return { read, refused };
}
