// One polite live region per demo, which says one short sentence per change: what changed and the
// key result, e.g. "Multiply the scores by: 20. The output now reads: [0. 0. 1.]". A screen reader hears that
// instead of the whole printout again on every slider step (the printout itself is not live).
//
//   what changed  the label of the changed parameter and its new value (a picture's parameter: its
//                 label only, unless the picture said what moved where: noteChange); Reset says so
//   key result    the result's declared `summary` if the core gives one, else the first printed line
//                 that differs from the last announced printout, cut to KEY_CHARS
//   a refusal     the message shown on the page
// The page's first result is not announced: nothing has changed yet.
import { say } from './strings/index.js';
import { formatIn, pageLanguage } from './render/format.js';

/** A value the learner set, as the page's language writes it: "2.5" in English, "2,5" in French. */
const numberText = (value) => (pageLanguage() === 'en' ? String(Number(value.toPrecision(6))) : formatIn(',.6~g')(value));

const KEY_CHARS = 100;
const notes = new WeakMap(); // demo state -> what a picture says it moved, for the next announcement

/**
 * A picture that moves things says what moved where ("cup moved to x 31 cm, y 50 cm."), just before
 * it sets the demo's parameters; the demo's next announcement begins with it instead of "Positions changed.".
 */
export function noteChange(state, sentence) { notes.set(state, sentence); }

const cut = (text) => (text.length > KEY_CHARS ? `${text.slice(0, KEY_CHARS - 1).trimEnd()}…` : text);

/** The printed line a learner would look at first: the first one that differs from before. */
export function keyLine(printed, before) {
  const line = printed.find((l, i) => l.trim() && l !== before?.[i]) ?? printed.find((l) => l.trim()) ?? '';
  return cut(line.trim());
}

/** "Tokens T: 392." for a number or a choice; "Positions changed." for a list or a picture's parameter. */
export function changeSentence(decls, changed, values, isPreset) {
  if (!changed.length) return '';
  if (isPreset && changed.length > 1) return say('announce.back');
  return changed.map((name) => {
    const decl = decls.find((d) => d.name === name);
    const label = (decl?.label ?? name).replace(/[.:]$/, '');
    const value = values[name];
    const shown = typeof value === 'number' ? numberText(value) : typeof value === 'string' || typeof value === 'boolean' ? String(value) : null;
    return shown === null || decl?.input === 'picture' ? say('announce.changed', { label }) : say('announce.value', { label, value: shown });
  }).join(' ');
}

/**
 * @param decls  the demo's parameter declarations
 * @param state  the demo's state (state.js): the announcer listens for what changed
 * @returns {{element, result(result), refused(message)}}
 */
export function createAnnouncer(decls, state) {
  const element = document.createElement('p');
  element.className = 'announce visually-hidden';
  element.setAttribute('role', 'status'); // polite
  let pending = [];
  let before = null;
  state.onChange((values, changed) => { pending = [...new Set([...pending, ...changed])]; });

  // A quoted printout is the program's English (its print statements), marked so for a screen reader on a page of another language.
  const speak = (text, quoted = '') => {
    if (!text || element.textContent === text + quoted) return;
    element.replaceChildren(text, ...(quoted ? [Object.assign(document.createElement('span'), { lang: 'en', textContent: quoted })] : []));
  };
  const what = () => {
    const text = notes.get(state) ?? changeSentence(decls, pending, state.values, state.isPreset());
    notes.delete(state);
    pending = [];
    return text;
  };
  return {
    element,
    result(result) {
      const printed = result.printed ?? [];
      const key = result.summary ? cut(String(result.summary)) : keyLine(printed, before);
      const first = before === null;
      before = printed;
      if (first || !pending.length) return; // the page's first result, or a redraw with nothing changed
      const [said, quoted] = key ? say('announce.output', { key: '\u0000' }).split('\u0000') : ['', ''];
      speak(`${what()}${said}`, key ? `${key}${quoted}` : '');
    },
    refused(message) {
      speak(`${what()} ${message}`.trim());
    },
  };
}
