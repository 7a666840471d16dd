// The lesson text's numbers and claims, checked against the core and filled in
// at each demo instance's preset, so that no number in a lesson is typed by hand
// and a name the demo does not return stops the build with the file and line.
//
//   <div class="demo" data-demo="ID" data-instance="NAME" data-params='{...}'>   an instance and its preset
//   <span data-num="NAME.number" data-digits="3"></span>                         filled with the number
//   <span data-claim="NAME.claim" data-is="value">phrase</span>                  shown only for that value;
//                                                                                one phrase for every value
//                                                                                the demo declares for the claim
//   <p data-defaults="NAME">...</p>                                              written for the preset
//
// The page runtime (web/runtime/prose.js) keeps them in step afterwards, with
// the same formatting (web/runtime/render/format.js).
import { quoteResult } from '../web/runtime/render/format.js';

export class LessonError extends Error {}

const lineOf = (text, index) => text.slice(0, index).split('\n').length;
const attribute = (tag, name) => tag.match(new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)')`))?.slice(1).find((v) => v !== undefined);

/** Every demo instance of a lesson: name -> {demo, params, line}. */
export function lessonInstances(html, file, demos) {
  const instances = new Map();
  for (const match of html.matchAll(/<div class="demo"[^>]*>/g)) {
    const tag = match[0];
    const line = lineOf(html, match.index);
    const id = attribute(tag, 'data-demo');
    const demo = demos.get(id);
    if (!demo) throw new LessonError(`${file}:${line}: no demo called "${id}" in the core`);
    const name = attribute(tag, 'data-instance') || id;
    if (instances.has(name)) throw new LessonError(`${file}:${line}: a second demo instance called "${name}"`);
    let params = {};
    try {
      params = JSON.parse(attribute(tag, 'data-params') ?? '{}');
    } catch {
      throw new LessonError(`${file}:${line}: data-params of "${name}" is not JSON`);
    }
    instances.set(name, { demo, params, line });
  }
  return instances;
}

/** Every value `claim` of `demo` can take, as the core declares it (`attn list`); undefined when it has no such claim. */
const declaredClaimValues = (demo, claim) => demo?.claims?.[claim];

/**
 * A claim's value changes with the learner's settings: a value without a phrase would end the
 * sentence with nothing at that setting, so each claim the lesson uses needs a phrase for every value.
 */
function checkEveryClaimValueHasAPhrase(claimsUsed, instances, file) {
  for (const [full, { line, phrases }] of claimsUsed) {
    const name = full.slice(0, full.indexOf('.'));
    const values = declaredClaimValues(instances.get(name).demo, full.slice(name.length + 1));
    const missing = values.filter((v) => !phrases.has(v));
    if (missing.length) {
      throw new LessonError(`${file}:${line}: claim "${full}" has no phrase for ${missing.map((v) => `"${v}"`).join(', ')}: ` +
        `at some settings the demo gives ${missing.length > 1 ? 'those values' : 'that value'}, and the sentence would end with nothing. ` +
        `Add ${missing.map((v) => `<span data-claim="${full}" data-is="${v}">…</span>`).join(' ')} beside the others`);
    }
  }
}

/**
 * Checks every number, claim and defaults mark of `html` and fills numbers and
 * claims at the presets. `run(id, params)` is the native core's answer.
 */
export function fillProse(html, file, demos, run, quote = quoteResult) {
  const instances = lessonInstances(html, file, demos);
  const results = new Map();
  const resultOf = (name, line) => {
    const instance = instances.get(name);
    if (!instance) throw new LessonError(`${file}:${line}: "${name}" is not a demo instance of this lesson`);
    if (!results.has(name)) {
      const answer = run(instance.demo.id, instance.params);
      if (!answer.ok) throw new LessonError(`${file}:${instance.line}: the preset of "${name}" is refused: ${answer.error.message}`);
      results.set(name, answer.result);
    }
    return results.get(name);
  };
  // Every preset must be one the core accepts, quoted or not.
  for (const [name, { line }] of instances) resultOf(name, line);
  const split = (full, line, what) => {
    const dot = full.indexOf('.');
    if (dot < 0) throw new LessonError(`${file}:${line}: ${what} "${full}" must be written instance.name`);
    return [full.slice(0, dot), full.slice(dot + 1)];
  };

  let out = html.replace(/<span([^>]*\sdata-num="([^"]+)"[^>]*)>([^<]*)<\/span>/g, (whole, attrs, full, _text, offset) => {
    const line = lineOf(html, offset);
    const [name, number] = split(full, line, 'number');
    const result = resultOf(name, line);
    const digits = attribute(attrs, 'data-digits');
    const text = quote(result, number, digits === undefined ? undefined : Number(digits));
    if (text === null) {
      const has = [...Object.keys(result.numbers), ...Object.keys(result.texts ?? {})];
      throw new LessonError(`${file}:${line}: demo "${instances.get(name).demo.id}" returns no number "${number}" (it has: ${has.join(', ')})`);
    }
    return `<span${attrs}>${text}</span>`;
  });

  const claimsUsed = new Map(); // "name.claim" -> {line, phrases: the data-is values written}
  out = out.replace(/<(\w+)([^>]*\sdata-claim="([^"]+)"[^>]*)>/g, (whole, tag, attrs, full, offset) => {
    const line = lineOf(out, offset + whole.indexOf('data-claim')); // a tag may span lines: the attribute's
    const [name, claim] = split(full, line, 'claim');
    const current = resultOf(name, line).claims?.[claim];
    const { demo } = instances.get(name);
    const values = declaredClaimValues(demo, claim);
    if (!values) {
      throw new LessonError(`${file}:${line}: demo "${demo.id}" returns no claim "${claim}" (it has: ${Object.keys(demo.claims ?? {}).join(', ') || 'none'})`);
    }
    if (current === undefined) throw new LessonError(`${file}:${line}: demo "${demo.id}" gives claim "${claim}" no value at the preset of "${name}", so none of its phrases would show`);
    if (!values.includes(current)) {
      // The core's mistake, not the lesson's (tests/core/demo/declared_claims_test.cpp looks for it).
      throw new LessonError(`${file}:${line}: demo "${demo.id}" gives claim "${claim}" the value "${current}", which its declaration in core/lessons/ does not list`);
    }
    const is = attribute(attrs, 'data-is');
    if (is === undefined) throw new LessonError(`${file}:${line}: the phrase for claim "${full}" needs data-is="value" (one of: ${values.join(', ')})`);
    if (!values.includes(is)) {
      throw new LessonError(`${file}:${line}: claim "${full}" is never "${is}": write data-is="…" with one of its values (${values.join(', ')})`);
    }
    const used = claimsUsed.get(full) ?? { line, phrases: new Set() };
    used.phrases.add(is);
    claimsUsed.set(full, used);
    return current === is ? whole : `<${tag}${attrs} hidden>`;
  });
  checkEveryClaimValueHasAPhrase(claimsUsed, instances, file);

  for (const match of out.matchAll(/\sdata-defaults="([^"]*)"/g)) {
    if (!instances.has(match[1])) {
      throw new LessonError(`${file}:${lineOf(out, match.index)}: data-defaults names "${match[1]}", which is not a demo instance of this lesson`);
    }
  }
  return out;
}
