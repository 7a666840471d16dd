// The lesson's sentences read the demo's result, never the other way round
// (after Bret Victor's Tangle): a number is a view of a named number the core
// returns, a phrase that can change is one of several, each kept for one value
// of a named claim, and as soon as the demo leaves its preset the paragraphs
// written for it are greyed, with one note under the demo that says why.
//
//   <span data-num="lab.miss_cm" data-digits="2">0.07</span>
//   <span data-claim="lab.miss_size" data-is="under_mm">well under a millimetre</span>
//   <p data-defaults="lab">At the defaults ...</p>
//
// The site build checks every name against the core and fills each at the preset
// (scripts/lesson-prose.mjs), with the same formatting as here.
import { quoteInLanguage } from './strings/language.js';
import { writeText } from './render/in-place.js';
import { watch, writeAfterFrame, writeSoon } from './render/write-soon.js';
import { say } from './strings/index.js';

const nameIn = (attribute, instance) => `[${attribute}^="${CSS.escape(instance)}."]`;

// A paragraph written for the preset keeps the preset's numbers and phrases,
// filled in by the build; only its note says when the demo has left the preset.
const live = (node) => !node.closest('[data-defaults]');

// The block a number or phrase is read in: its sentence is laid out again when one of them changes.
const blockOf = (node) => node.closest('p, li, dd, dt, td, th, figcaption, h2, h3, h4, blockquote') ?? node.parentElement;

// instance -> its live numbers (each span with the name and digits it shows) and claim phrases (each with its
// claim's name), by the block they are read in; read from the page once: the lesson's text never adds any.
const blocksOf = new Map();
const ownName = (value, instance) => value.slice(instance.length + 1);

function blocks(instance) {
  if (!blocksOf.has(instance)) {
    const byBlock = new Map();
    const add = (node, kind, item) => {
      const block = blockOf(node);
      if (!byBlock.has(block)) byBlock.set(block, { block, numbers: [], claims: [] });
      byBlock.get(block)[kind].push(item);
    };
    for (const span of [...document.querySelectorAll(nameIn('data-num', instance))].filter(live)) {
      add(span, 'numbers', { span, name: ownName(span.dataset.num, instance), digits: span.dataset.digits === undefined ? undefined : Number(span.dataset.digits) });
    }
    for (const phrase of [...document.querySelectorAll(nameIn('data-claim', instance))].filter(live)) {
      add(phrase, 'claims', { phrase, name: ownName(phrase.dataset.claim, instance) });
    }
    for (const entry of byBlock.values()) {
      // A block that also quotes another demo is written at once, with each demo's result: render/write-soon.js
      // keeps one waiting write a block, and the other demo's would replace this one's.
      const others = [...entry.block.querySelectorAll('[data-num], [data-claim]')].some((n) => !(n.dataset.num ?? n.dataset.claim).startsWith(`${instance}.`));
      if (others) entry.block = null; else watch(entry.block);
    }
    blocksOf.set(instance, [...byBlock.values()]);
  }
  return blocksOf.get(instance);
}

/** Writes a block's numbers and phrases from `result`, only those that changed. */
function writeBlock({ numbers, claims }, result) {
  for (const { span, name, digits } of numbers) {
    // A number these values do not give (a third key when there are two) must not keep an old value.
    writeText(span, quoteInLanguage(result, name, digits) ?? '—');
  }
  for (const { phrase, name } of claims) {
    const hidden = result.claims?.[name] !== phrase.dataset.is;
    if (phrase.hidden !== hidden) phrase.hidden = hidden;
  }
}

/**
 * Updates every number and claim phrase of `instance` in the page from its result, writing only those
 * that changed: a slider step then re-lays out the few sentences whose numbers moved, not every one.
 * A sentence on the screen is written at once, one beyond it when the page is idle or it comes onto the screen, as
 * the demo's tables are (render/write-soon.js): on a slow phone, laying the sentences below a demo out again
 * was a large part of the frame that shows its Reset or "+ token" (docs/page-performance.md).
 */
export function renderProse(instance, result) {
  for (const entry of blocks(instance)) {
    if (entry.block) writeSoon(entry.block, () => writeBlock(entry, result));
    else writeBlock(entry, result);
  }
}

/**
 * Marks the paragraphs written for `instance`'s preset while the demo is off it: each is greyed, and
 * one note after the demo, for the section that holds it, says so with a button that brings the preset
 * back (a note on every paragraph put six on the page for one edit, on the Try-it list too). A change of the
 * demo's values is marked once the page is idle after the frame that shows it (write-soon.js).
 * @param state        the instance's state (state.js)
 * @param lessonSetup  () => false while the demo runs a network that is not the lesson's
 * @param backToLesson () => puts the lesson's networks back
 * @param byLink       what a link changed for good ("locked “Blocks”"), or '': the note then always shows,
 *                     as the paragraph may ask for what the link took away, and its button only once the
 *                     learner has moved off the link's setup too
 * @returns {() => void}  marks again (after a network changed)
 */
export function attachDefaultsNotes(instance, state, lessonSetup = () => true, backToLesson = () => {}, byLink = '') {
  const paragraphs = [...document.querySelectorAll(`[data-defaults="${CSS.escape(instance)}"]`)];
  const container = document.querySelector(`.demo[data-instance="${CSS.escape(instance)}"]`);
  let note = null;
  if (paragraphs.length && container) {
    note = document.createElement('p');
    note.className = 'defaults-note';
    note.dataset.for = instance;
    note.hidden = true;
    const back = Object.assign(document.createElement('button'), { type: 'button', textContent: say('prose.back') });
    back.addEventListener('click', () => { backToLesson(); state.reset(); });
    note.append(byLink ? say('prose.by_link', { what: byLink }) : say('prose.changed'), back);
    // After the demo (and its code), so showing the note moves nothing the learner is using.
    const after = container.nextElementSibling?.matches('details.demo-source') ? container.nextElementSibling : container;
    after.after(note);
  }
  const mark = () => {
    const moved = !state.isPreset() || !lessonSetup();
    const off = moved || Boolean(byLink);
    if (note) {
      if (note.hidden === off) note.hidden = !off;
      note.querySelector('button').hidden = !moved;
    }
    for (const paragraph of paragraphs) paragraph.classList.toggle('off-preset', off);
  };
  // After the frame that shows the change, not in it: greying repaints the paragraphs, and the note moves
  // everything below it, so the page paints again what it had painted. A slow phone paid that on the step that
  // left the preset, on every Reset and on every "+ token" (docs/benchmarks.md, 2026-12-06, 13:40).
  state.onChange(() => (note ? writeAfterFrame(note, mark) : mark()));
  mark();
  return mark;
}
