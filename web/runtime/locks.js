// Which of a demo instance's parameters a teacher fixed (locked) or took away
// (hidden), from the lesson and from the link (docs/lesson-format.md):
//   <div class="demo" ... data-lock="blocks,residual" data-hide="norm">
//   ?stack.lock=blocks,residual&stack.hide=norm&stack.blocks=6
// A locked parameter keeps its preset value: the lesson's, or for a parameter only the
// link locks, the link's value if the core accepts it. Its control is disabled with the
// reason beside it, and the demo's state refuses to change it. A hidden one has no control.
// What the link asked for and did not get is said in the note above the demo.
import { el } from './dom.js';
import { read, readParams } from './address.js';
import { MAX_UNKNOWN_NAMED, nameHint } from './link-values.js';
import { say } from './strings/index.js';

const names = (text) => (text ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const quoted = (labels) => labels.map((label) => `“${label}”`).join(', ');

/** Why a name in a link's lock or hide list is not one of the demo's parameters, in the teacher's words. */
function unknownName(name, list, declarations) {
  return say(list === 'lock' ? 'link.unknown_lock' : 'link.unknown_hide', { name, hint: nameHint(name, declarations) });
}

/** The names of a link's lock or hide list the demo declares, and a note for each it does not. */
function linkList(instance, list, declarations, problems, search) {
  const got = read(list, { instance }, {}, search);
  if (got?.problem) problems.push(got.problem);
  const listed = got?.value ?? [];
  const declared = new Set(declarations.map((d) => d.name));
  const unknown = [...new Set(listed.filter((n) => !declared.has(n)))];
  for (const name of unknown.slice(0, MAX_UNKNOWN_NAMED)) problems.push(unknownName(name, list, declarations));
  if (unknown.length > MAX_UNKNOWN_NAMED) {
    const more = (unknown.length - MAX_UNKNOWN_NAMED).toLocaleString('en');
    problems.push(say(list === 'lock' ? 'link.more_locks' : 'link.more_hides', { more }));
  }
  return listed.filter((n) => declared.has(n));
}

/**
 * @returns {{locked: Set, hidden: Set, lockedByLink: Set, hiddenByLink: Set, problems: string[]}}
 *          only names the demo declares (the build checks the lesson's); `problems` names the rest of the link's
 */
function readLocks(container, instance, declarations, search) {
  const problems = [];
  const declared = (list) => new Set(names(list).filter((n) => declarations.some((d) => d.name === n)));  // the build checks them
  const lesson = declared(container.dataset.lock);
  const lessonHidden = declared(container.dataset.hide);
  const lockedByLink = new Set(linkList(instance, 'lock', declarations, problems, search).filter((n) => !lesson.has(n)));
  const hiddenByLink = new Set(linkList(instance, 'hide', declarations, problems, search).filter((n) => !lessonHidden.has(n)));
  return {
    locked: new Set([...lesson, ...lockedByLink]),
    hidden: new Set([...lessonHidden, ...hiddenByLink]),
    lockedByLink,
    hiddenByLink,
    problems,
  };
}

/**
 * The preset under the locks: the lesson's, with the link's value for each parameter only the link locks.
 * A link's value for a parameter the lesson locks is not used (the lesson's lock beats a link), and a
 * locked value the core refuses is not locked, so the learner is never held at a value with no output.
 * @param accepts  (params) => the core's answer for them
 * @returns {{preset, locks, problems: string[], refused: boolean}}  refused: a value of the link was refused
 */
function presetUnderLocks(declarations, lessonPreset, locks, fromUrl, accepts) {
  const label = (name) => declarations.find((d) => d.name === name).label;
  const differs = (n) => JSON.stringify(fromUrl[n]) !== JSON.stringify(lessonPreset[n]);
  const problems = Object.keys(fromUrl).filter((n) => locks.locked.has(n) && !locks.lockedByLink.has(n) && differs(n))
    .map((n) => say('link.lesson_locks', { label: label(n) }));
  const lockedByLink = new Set([...locks.lockedByLink]);
  const linkValues = () => Object.fromEntries([...lockedByLink].filter((n) => n in fromUrl).map((n) => [n, fromUrl[n]]));
  let refused = false;
  while (Object.keys(linkValues()).length) {
    const answer = accepts({ ...lessonPreset, ...linkValues() });
    if (answer.ok) break;
    // Unlock the value the core names, or, when it names another, every value the link locks.
    const culprits = lockedByLink.has(answer.error.param) ? [answer.error.param] : Object.keys(linkValues());
    for (const name of culprits) lockedByLink.delete(name);
    problems.push(say(culprits.length > 1 ? 'link.locks_refused_many' : 'link.locks_refused_one', { labels: quoted(culprits.map(label)), message: answer.error.message }));
    refused = true;
  }
  // The link's other values, which the learner may change: one the core refuses is named too.
  const free = Object.fromEntries(Object.entries(fromUrl).filter(([n]) => !locks.locked.has(n) && differs(n)));
  const answer = Object.keys(free).length ? accepts({ ...lessonPreset, ...linkValues(), ...free }) : { ok: true };
  if (!answer.ok) {
    const named = answer.error.param in free ? [answer.error.param] : Object.keys(free);
    problems.push(say('link.refused_value', { labels: quoted(named.map(label)), message: answer.error.message }));
    refused = true;
  }
  const lesson = [...locks.locked].filter((n) => !locks.lockedByLink.has(n));
  return {
    preset: { ...lessonPreset, ...linkValues() },
    locks: { ...locks, lockedByLink, locked: new Set([...lesson, ...lockedByLink]) },
    problems,
    refused,
  };
}

/**
 * Everything a link asks of one demo instance, checked: its values, locks and hides, and the preset under
 * the locks (the lesson's, with the values only the link locks, where the core accepts them).
 * @param accepts  (params) => the core's answer for them
 * @returns {{values, preset, locks, problems: string[], refused: boolean}}  values: the link's usable values;
 *          problems: each part of the link not used, in words; refused: a value was refused (and, if locked, not locked)
 */
export function readLink(container, instance, declarations, lessonPreset, accepts, { search, teaching = false } = {}) {
  const { values, problems: unreadable } = readParams(instance, declarations, search);
  const asked = readLocks(container, instance, declarations, search);
  const { preset, locks, problems, refused } = presetUnderLocks(declarations, lessonPreset, asked, values, accepts);
  const read = { values, preset, locks, problems: [...unreadable, ...asked.problems, ...problems], refused };
  return teaching ? forTeaching(read, lessonPreset) : read;
}

/**
 * In teacher mode the link's locks and hides are the builder's ticks (teach-panel.js), not the demo's: every
 * control but the lesson's locks stays free to set, and the demo starts from the link's values.
 * @returns readLink's answer with only the lesson's locks, and `ticked: {lock, hide}` the link's usable ones
 */
function forTeaching(read, lessonPreset) {
  const { locks } = read;
  const lesson = (all, byLink) => new Set([...all].filter((n) => !byLink.has(n)));
  return {
    ...read,
    preset: lessonPreset,
    locks: { locked: lesson(locks.locked, locks.lockedByLink), hidden: lesson(locks.hidden, locks.hiddenByLink), lockedByLink: new Set(), hiddenByLink: new Set() },
    ticked: { lock: locks.lockedByLink, hide: locks.hiddenByLink },
  };
}

/** Disables a locked control's inputs and says why beside it. */
export function lockControl(control, byLink) {
  for (const input of control.element.querySelectorAll('input, select, textarea, button')) input.disabled = true;
  control.element.classList.add('locked');
  control.element.append(el('p', {
    className: 'lock-reason',
    textContent: byLink ? say('link.locked_by_link') : say('link.locked_by_lesson'),
  }));
}

/** What the link changed, for the paragraphs written for the lesson's preset ("locked “Blocks” and hid …"), or ''. */
export function linkChanges(locks, declarations) {
  const labels = (set) => quoted(declarations.filter((d) => set.has(d.name)).map((d) => d.label));
  return [locks.lockedByLink.size ? say('link.changes_locked', { labels: labels(locks.lockedByLink) }) : '',
    locks.hiddenByLink.size ? say('link.changes_hid', { labels: labels(locks.hiddenByLink) }) : ''].filter(Boolean).join(say('link.and'));
}

/**
 * The note above a demo: the controls a link locked, and each part of the link that was not used.
 * @param backToPreset  shown as a button when a refused value was left in place, or null
 * @returns the element, or null when the link asked for nothing of the kind
 */
export function linkNote(locks, declarations, problems, backToPreset) {
  const lines = problems.map((text) => el('p', { className: 'link-problem', textContent: text }));
  if (locks.lockedByLink.size) {
    const labels = quoted(declarations.filter((d) => locks.lockedByLink.has(d.name)).map((d) => d.label));
    lines.unshift(el('p', { className: 'link-locks', textContent: say('link.locked', { labels }) }));
  }
  if (backToPreset) {
    const back = el('button', { type: 'button', className: 'link-back', textContent: say('link.back') });
    back.addEventListener('click', backToPreset);
    lines.push(el('p', {}, [back]));
  }
  return lines.length ? el('div', { className: 'link-note' }, lines) : null;
}
