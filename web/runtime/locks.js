// Which of a demo instance's parameters a teacher fixed (locked) or took away
// (hidden), from the lesson and from the link (docs/lesson-format.md):
//   <div class="demo" ... data-lock="blocks,residual" data-hide="norm">
//   ?stack.lock=blocks,residual&stack.hide=norm&stack.blocks=6
// A locked parameter keeps its preset value (a link's value for it becomes the
// preset): its control is disabled with the reason beside it, and the demo's
// state refuses to change it. A hidden one has no control at all.
import { el } from './dom.js';

const names = (text) => (text ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/**
 * @returns {{locked: Set, hidden: Set, lockedByLink: Set}} only names the demo declares
 *          (the build checks the lesson's; a link's unknown names are dropped)
 */
export function readLocks(container, instance, declarations) {
  const declared = new Set(declarations.map((d) => d.name));
  const query = new URLSearchParams(window.location.search);
  const known = (list) => new Set(list.filter((n) => declared.has(n)));
  const lesson = known(names(container.dataset.lock));
  const lockedByLink = known(names(query.get(`${instance}.lock`)).filter((n) => !lesson.has(n)));
  return {
    locked: new Set([...lesson, ...lockedByLink]),
    hidden: known([...names(container.dataset.hide), ...names(query.get(`${instance}.hide`))]),
    lockedByLink,
  };
}

/** Disables a locked control's inputs and says why beside it. */
export function lockControl(control, byLink) {
  for (const input of control.element.querySelectorAll('input, select, textarea, button')) input.disabled = true;
  control.element.classList.add('locked');
  control.element.append(el('p', {
    className: 'lock-reason',
    textContent: byLink ? 'Locked by the link you followed: your teacher fixed this value.' : 'Locked by the lesson: this value stays as set here.',
  }));
}

/** The line above a demo naming the controls a link locked, or null when it locked none. */
export function linkLocksNote(locks, declarations) {
  if (!locks.lockedByLink.size) return null;
  const labels = declarations.filter((d) => locks.lockedByLink.has(d.name)).map((d) => `“${d.label}”`);
  return el('p', { className: 'link-locks', textContent: `The link you followed locked ${labels.join(', ')}.` });
}
