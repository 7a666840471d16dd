// The checks of a lesson's markup that need no demo run, made before its prose is
// filled (scripts/lesson-prose.mjs), each stopping the build with `file:line: message`:
//   data-params, data-lock, data-hide   name only parameters the demo declares
//   <div class="check">                 has a <details> explanation
//   href="../slug/#id", href="#id"      reaches a lesson and an id that exist
// The format itself is documented in docs/lesson-format.md.
import { LessonError, lessonInstances } from './lesson-prose.mjs';

const lineOf = (text, index) => text.slice(0, index).split('\n').length;
const attribute = (tag, name) => tag.match(new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)')`))?.slice(1).find((v) => v !== undefined);
/** "a, b" -> ["a", "b"] */
export const nameList = (text) => (text ?? '').split(',').map((s) => s.trim()).filter(Boolean);

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

/** Each knowledge check holds an explanation (<details>) before the next check or the end of its section. */
function checkExplanations(html, file) {
  for (const match of html.matchAll(/<div class="check">/g)) {
    const rest = html.slice(match.index + match[0].length);
    const end = rest.search(/<div class="check">|<\/section>/);
    if (!(end < 0 ? rest : rest.slice(0, end)).includes('<details')) {
      throw new LessonError(`${file}:${lineOf(html, match.index)}: a knowledge check without an explanation (a <details> with the answer)`);
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

/** All the checks; `pages`: slug -> html of every lesson of the site. */
export function checkLesson(html, file, demos, pages) {
  lessonInstances(html, file, demos); // unknown demos, repeated instances, data-params that is not JSON
  checkParameterNames(html, file, demos);
  checkExplanations(html, file);
  checkInternalLinks(html, file, pages);
}
