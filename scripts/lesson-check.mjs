// The checks of a lesson's markup that need no demo run, made before its prose is
// filled (scripts/lesson-prose.mjs), each stopping the build with `file:line: message`:
//   <div class="demo" data-demo=…></div>   exactly that class, closed at once (the page fills it)
//   data-params, data-lock, data-hide   name only parameters the demo declares
//   data-program="NAME"                 lessons/<slug>/programs/NAME.py exists
//   <div class="check">                 has a <details> explanation
//   \( … \) and \[ … \]                 closed, and math KaTeX can typeset
//   <pre class="source" data-source=…>  names a snippet that core/ marks
//   href="../slug/#id", href="#id"      reaches a lesson and an id that exist
// The format itself is documented in docs/lesson-format.md.
import fs from 'node:fs';
import path from 'node:path';
import katex from 'katex';
import { LessonError, lessonInstances } from './lesson-prose.mjs';

const lineOf = (text, index) => text.slice(0, index).split('\n').length;
const attribute = (tag, name) => tag.match(new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)')`))?.slice(1).find((v) => v !== undefined);
const classesOf = (tag) => (attribute(tag, 'class') ?? '').split(/\s+/).filter(Boolean);
/** "a, b" -> ["a", "b"] */
export const nameList = (text) => (text ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/**
 * The page runtime mounts a demo on any element with class "demo" and data-demo, but the build
 * finds, checks and prerenders only `<div class="demo" …>`: anything else would run unchecked.
 */
function checkDemoTags(html, file) {
  for (const match of html.matchAll(/<(\w+)\b[^>]*>/g)) {
    const [tag, name] = match;
    const isDemo = classesOf(tag).includes('demo');
    const hasId = attribute(tag, 'data-demo') !== undefined;
    if (!isDemo && !hasId) continue;
    const where = `${file}:${lineOf(html, match.index)}`;
    if (!hasId) throw new LessonError(`${where}: a demo needs data-demo="ID", the core's demo id (build/native/attn list lists them)`);
    if (name !== 'div' || attribute(tag, 'class') !== 'demo') {
      const written = `<${name}${attribute(tag, 'class') === undefined ? '' : ` class="${attribute(tag, 'class')}"`}>`;
      throw new LessonError(`${where}: a demo is written <div class="demo" data-demo="…">, with "demo" as its only class (this one is ${written}): ` +
        'write it so. The page lays every demo out itself, and the build checks and prerenders only such a div');
    }
  }
}

/** The page replaces whatever a demo's div holds, so text inside one (an unclosed div) would be lost. */
function checkDemosClosed(html, file) {
  for (const match of html.matchAll(/<div class="demo"[^>]*>/g)) {
    const after = html.slice(match.index + match[0].length);
    if (/^\s*<\/div>/.test(after)) continue;
    const name = attribute(match[0], 'data-instance') || attribute(match[0], 'data-demo');
    throw new LessonError(`${file}:${lineOf(html, match.index)}: the demo "${name}" is not closed at once: write </div> right after ` +
      'its <div class="demo" …>, with nothing between. The page fills the demo itself, so anything inside it would disappear, ' +
      'and without its </div> that is the text after it');
  }
}

/** Every parameter name a demo instance's attributes use must be one its demo declares. */
function checkParameterNames(html, file, demos) {
  for (const match of html.matchAll(/<div class="demo"[^>]*>/g)) {
    const tag = match[0];
    const line = lineOf(html, match.index);
    const demo = demos.get(attribute(tag, 'data-demo'));
    if (!demo) continue; // lessonInstances names it
    const declared = demo.params.map((p) => p.name);
    const used = [
      ...Object.keys(JSON.parse(attribute(tag, 'data-params') ?? '{}')).map((n) => ['data-params', n]),
      ...nameList(attribute(tag, 'data-lock')).map((n) => ['data-lock', n]),
      ...nameList(attribute(tag, 'data-hide')).map((n) => ['data-hide', n]),
    ];
    for (const [where, name] of used) {
      if (!declared.includes(name)) {
        throw new LessonError(`${file}:${line}: ${where} names "${name}", which demo "${demo.id}" does not declare (it has: ${declared.join(', ')})`);
      }
    }
  }
}

/** data-program="NAME" opens lessons/<slug>/programs/NAME.py under the demo: the file must be there. */
function checkPrograms(html, file, folder) {
  for (const match of html.matchAll(/<div class="demo"[^>]*>/g)) {
    const name = attribute(match[0], 'data-program');
    if (name === undefined) continue;
    const where = `${file}:${lineOf(html, match.index)}`;
    if (!/^[\w-]+$/.test(name)) throw new LessonError(`${where}: data-program="${name}" must be a file name without ".py" (data-program="scores" opens programs/scores.py)`);
    const program = path.join(folder, 'programs', `${name}.py`);
    if (!fs.existsSync(program)) {
      throw new LessonError(`${where}: data-program="${name}" opens programs/${name}.py, which the lesson's folder does not have: ` +
        `add ${path.join(path.dirname(file), 'programs', `${name}.py`)}, or correct the name`);
    }
  }
}

/** The names of the program files a lesson's demos open (checkPrograms has checked they exist). */
export const lessonPrograms = (html) => [...html.matchAll(/<div class="demo"[^>]*\sdata-program="([\w-]+)"/g)].map((m) => `programs/${m[1]}.py`);

const isCheck = (tag) => classesOf(tag).includes('check');

/** Each knowledge check holds an explanation (<details>) before the next check or the end of its section. */
function checkExplanations(html, file) {
  const checks = [...html.matchAll(/<div\b[^>]*>/g)].filter((m) => isCheck(m[0]));
  checks.forEach((match, k) => {
    const start = match.index + match[0].length;
    const next = k + 1 < checks.length ? checks[k + 1].index : html.length;
    const sectionEnd = html.indexOf('</section>', start);
    const end = sectionEnd >= 0 ? Math.min(sectionEnd, next) : next;
    if (!html.slice(start, end).includes('<details')) {
      throw new LessonError(`${file}:${lineOf(html, match.index)}: a knowledge check without an explanation: ` +
        'add <details><summary>Reveal the explanation</summary>…</details> inside it');
    }
  });
}

// The lesson's math, as scripts/build-site.mjs typesets it: \[ display \] first, then \( inline \).
export const DISPLAY_MATH = /\\\[([\s\S]+?)\\\]/g;
export const INLINE_MATH = /\\\(([\s\S]+?)\\\)/g;
/** The HTML text of a formula as KaTeX reads it. */
export const mathSource = (tex) => tex.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * Every formula must typeset, and every \( and \[ be closed: KaTeX's own message alone names no
 * page or line, and an unclosed \( would swallow the text up to the next formula's \).
 */
function checkMath(html, file) {
  const blank = (s) => s.replace(/[^\n]/g, ' '); // keeps the offsets, and so the lines, of what follows
  let rest = html;
  for (const [pattern, displayMode, open, close] of [[DISPLAY_MATH, true, '\\[', '\\]'], [INLINE_MATH, false, '\\(', '\\)']]) {
    for (const match of rest.matchAll(pattern)) {
      const tex = match[1];
      const where = `${file}:${lineOf(html, match.index)}`;
      const inner = tex.match(/(?<!\\)\\[([]/); // not \\[2pt], a line break's spacing
      if (inner) {
        throw new LessonError(`${where}: the formula opened here with ${open} is not closed before the next one begins: ` +
          `write ${close} at its end`);
      }
      try {
        katex.renderToString(mathSource(tex), { displayMode, throwOnError: true });
      } catch (error) {
        const line = lineOf(html, match.index + open.length + (error.position ?? 0));
        throw new LessonError(`${file}:${line}: the formula ${open}${tex.trim()}${close} cannot be typeset: ` +
          `KaTeX says "${error.rawMessage ?? error.message}". Check the spelling of its commands and that every { has its }`);
      }
    }
    rest = rest.replace(pattern, blank);
  }
  const stray = rest.match(/(?<!\\)\\[()[\]]/);
  if (stray) {
    const opens = stray[0] === '\\(' || stray[0] === '\\[';
    throw new LessonError(`${file}:${lineOf(html, stray.index)}: ${stray[0]} ${opens ? 'opens a formula that is never closed' : 'closes a formula that was never opened'}: ` +
      'write inline math as \\( … \\) and displayed math as \\[ … \\]');
  }
}

/** `<pre class="source" data-source="NAME"></pre>`: core/ marks NAME (`// [snippet:NAME]`), and the pre is empty. */
function checkSnippets(html, file, snippets) {
  for (const match of html.matchAll(/<pre\b[^>]*\sdata-source="([^"]*)"[^>]*>/g)) {
    const where = `${file}:${lineOf(html, match.index)}`;
    const name = match[1];
    if (!snippets.has(name)) {
      throw new LessonError(`${where}: no file in core/ marks a snippet "${name}": mark the code with // [snippet:${name}] and // [/snippet], ` +
        `or use one that exists (${[...snippets.keys()].sort().join(', ')})`);
    }
    if (!html.slice(match.index).startsWith(`<pre class="source" data-source="${name}"></pre>`)) {
      throw new LessonError(`${where}: write the core code as <pre class="source" data-source="${name}"></pre>, empty: the build copies the code in`);
    }
  }
}

const idsOf = (html) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));

/**
 * Links inside the site: "#id" on this page, "../slug/" or "../slug/#id" to a lesson,
 * "../index.html" to the list. `pages` maps each lesson's slug to its html.
 */
function checkInternalLinks(html, file, pages) {
  for (const match of html.matchAll(/\shref="([^"]*)"/g)) {
    const url = match[1];
    if (/^[a-z]+:|^\/\//i.test(url)) continue; // another site: not ours to check
    const line = lineOf(html, match.index);
    const [target, id] = url.split('#');
    if (target === '' || target === '../index.html') {
      if (target === '' && !idsOf(html).has(id)) throw new LessonError(`${file}:${line}: the link "${url}" names no id of this page`);
      continue;
    }
    const slug = target.match(/^\.\.\/([\w-]+)\/(?:index\.html)?$/)?.[1];
    if (!slug || !pages.has(slug)) throw new LessonError(`${file}:${line}: the link "${url}" reaches no lesson (write ../slug/ or ../slug/#id)`);
    if (id && !idsOf(pages.get(slug)).has(id)) throw new LessonError(`${file}:${line}: the link "${url}" names no id of lesson "${slug}"`);
  }
}

/**
 * All the checks. `file`: the lesson.html as messages name it; `folder`: the lesson's folder;
 * `demos`: id -> the core's declaration; `pages`: slug -> html of every lesson of the site;
 * `snippets`: name -> the marked core code.
 */
export function checkLesson(html, file, { folder, demos, pages, snippets }) {
  checkDemoTags(html, file);
  checkDemosClosed(html, file);
  lessonInstances(html, file, demos); // unknown demos, repeated instances, data-params that is not JSON
  checkParameterNames(html, file, demos);
  checkPrograms(html, file, folder);
  checkExplanations(html, file);
  checkMath(html, file);
  checkSnippets(html, file, snippets);
  checkInternalLinks(html, file, pages);
}
