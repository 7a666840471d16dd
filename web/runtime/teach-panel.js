// Teacher mode (?teach): a task-sheet builder under each demo. The teacher sets values with the demo's own
// controls, ticks lock and hide per control, and copies a link (or an embed snippet) that opens the demo so.
// What it makes is checked as the build checks a lesson's demo: the core must take the values, and the link,
// read back as the page reads any link (locks.js, readLink), must open the demo with exactly these values,
// locks and hides. The ticks are kept in the address (address.js), so a reload keeps the task sheet.
import { el } from './dom.js';
import { ADDRESS_WRITTEN, addressWithout, packedProgram, pageAddress, taskQuery, write } from './address.js';
import { readLink } from './locks.js';
import { iframeSnippet } from './embed-links.js';
import { say } from './strings/index.js';

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const quoted = (labels) => labels.map((label) => `“${label}”`).join(', ');

/** The address without teacher mode: what a learner opens (the page keeps writing the demos' values into it). */
const learnerAddress = () => addressWithout('teach');

/** The line under the page's heading that says the page is in teacher mode, with the way out. */
export function showTeacherMode() {
  const leave = el('a', { textContent: say('teach.leave'), href: learnerAddress() });
  const refresh = () => { leave.href = learnerAddress(); };
  for (const type of ['pointerenter', 'focus', 'click']) leave.addEventListener(type, refresh);
  const banner = el('div', { className: 'teach-banner' }, [el('p', { textContent: say('teach.banner') }), el('p', {}, [leave])]);
  (document.querySelector('.lesson-head') ?? document.querySelector('main'))?.append(banner);
}

/** A checkbox that adds its parameter's name to `set` or takes it out, then calls `changed`. */
function tick(set, name, label, changed) {
  const box = el('input', { type: 'checkbox', checked: set.has(name), ariaLabel: label });
  box.addEventListener('change', () => {
    if (box.checked) set.add(name); else set.delete(name);
    changed();
  });
  return box;
}

/**
 * What the link `query` opens, read as the page reads a link, against what the builder set.
 * @returns {string|null} the problem in the teacher's words, or null when it opens the demo as set
 */
function checkLink(view, core, query, values, locked, hidden) {
  const { demo, instance, lesson, container } = view;
  const read = readLink(container, instance, demo.params, lesson.preset, (params) => core.run(demo.id, params), { search: query });
  if (read.problems.length) return say('teach.unreadable', { problems: read.problems.join(' ') });
  const opened = { ...read.preset, ...read.values };
  const label = (name) => demo.params.find((d) => d.name === name).label;
  const wrong = demo.params.filter((d) => !same(opened[d.name], values[d.name])
    || read.locks.lockedByLink.has(d.name) !== locked.includes(d.name)
    || read.locks.hiddenByLink.has(d.name) !== hidden.includes(d.name)).map((d) => label(d.name));
  return wrong.length ? say('teach.differs', { what: quoted(wrong) }) : null;
}

/** The sentence that says what the check found: the values are refused, the link is wrong, or all is well. */
function verdict(view, core, query, locked, hidden) {
  const { demo, state } = view;
  const answer = core.run(demo.id, state.values);
  if (!answer.ok) return { ok: false, text: say('teach.refused', { message: answer.error.message }) };
  const problem = checkLink(view, core, query, state.values, locked, hidden);
  if (problem) return { ok: false, text: problem };
  const labels = (names) => quoted(names.map((n) => demo.params.find((d) => d.name === n).label));
  const parts = [locked.length ? say('teach.checked_locked', { labels: labels(locked) }) : '',
    hidden.length ? say('teach.checked_hidden', { labels: labels(hidden) }) : ''].filter(Boolean).join(say('teach.checked_and'));
  return { ok: true, text: say('teach.checked', { what: parts ? say('teach.checked_with', { parts }) : '' }) };
}

/** One row of the table: the setting, whether the link carries a value of it, and its two ticks. */
function settingRow(decl, view, ticks, changed) {
  const { lesson } = view;
  const value = el('td', { className: 'task-value' });
  const cells = [el('th', { scope: 'row', textContent: decl.label }), value];
  if (lesson.hidden.has(decl.name)) cells.push(el('td', { colSpan: 2, textContent: say('teach.lesson_hides') }));
  else if (lesson.locked.has(decl.name)) cells.push(el('td', { colSpan: 2, textContent: say('teach.lesson_locks') }));
  else {
    cells.push(el('td', {}, tick(ticks.lock, decl.name, say('teach.lock_label', { label: decl.label }), changed)));
    // A parameter set in a picture has no control of its own to hide.
    cells.push(decl.input === 'picture'
      ? el('td', { textContent: say('teach.no_control') })
      : el('td', {}, tick(ticks.hide, decl.name, say('teach.hide_label', { label: decl.label }), changed)));
  }
  return {
    element: el('tr', {}, cells),
    show(values) {
      const text = say(same(values[decl.name], lesson.preset[decl.name]) ? 'teach.preset' : 'teach.changed');
      if (value.textContent !== text) value.textContent = text;
    },
  };
}

/** Copies `text`; where the browser refuses, selects it in `box` so Ctrl+C copies it. Says which in `said`. */
async function copy(text, box, said, done) {
  try {
    await navigator.clipboard.writeText(text);
    said.textContent = say(done);
  } catch {
    window.getSelection()?.selectAllChildren(box);
    said.textContent = say('teach.copy_refused');
  }
}

/**
 * Adds the task-sheet builder under one mounted demo (demo-view.js's view, mounted with `teaching`).
 * @param core  from loadCore(): the check runs the demo's values through it
 */
export function attachTaskBuilder(view, core) {
  const { demo, instance, state, lesson } = view;
  const ticks = { lock: new Set(view.ticked?.lock ?? []), hide: new Set(view.ticked?.hide ?? []) };
  const inOrder = (set) => demo.params.map((d) => d.name).filter((n) => set.has(n) && !lesson.locked.has(n) && !lesson.hidden.has(n));
  const changed = () => {
    write('lock', { instance }, inOrder(ticks.lock));
    write('hide', { instance }, inOrder(ticks.hide));
    refresh();
  };
  const rows = demo.params.map((decl) => settingRow(decl, view, ticks, changed));
  const headingId = `task-${instance}-title`;
  const check = el('p', { className: 'task-check' });
  const link = el('pre', { className: 'task-link', tabIndex: 0, ariaLabel: say('teach.link_label', { demo: demo.title }) });
  const snippet = el('pre', { className: 'task-snippet', tabIndex: 0, ariaLabel: say('teach.snippet_label', { demo: demo.title }) });
  // A <pre> that takes focus (a keyboard scrolls and selects it) is a named group, as the C++ listings are.
  for (const box of [link, snippet]) box.setAttribute('role', 'group');
  const said = el('p', { className: 'task-said' });
  said.setAttribute('role', 'status');
  const open = el('a', { className: 'task-open', textContent: say('teach.open_link'), target: '_blank', rel: 'noopener' });
  const copyLink = el('button', { type: 'button', textContent: say('teach.copy_link') });
  const copySnippet = el('button', { type: 'button', textContent: say('teach.copy_snippet') });
  copyLink.addEventListener('click', () => copy(link.textContent, link, said, 'teach.copied_link'));
  copySnippet.addEventListener('click', () => copy(snippet.textContent, snippet, said, 'teach.copied_snippet'));
  // What there is to copy: only once the check has passed.
  const output = el('div', { className: 'task-output' }, [
    el('p', { className: 'task-heading', textContent: say('teach.link_heading') }), link,
    el('p', { className: 'task-buttons' }, [copyLink, ' ', open]),
    el('p', { className: 'task-heading', textContent: say('teach.snippet_heading') }), snippet,
    el('p', { className: 'task-buttons' }, [copySnippet]),
    said,
  ]);
  const head = (key) => el('th', { scope: 'col', textContent: say(key) });
  const builder = el('section', { className: 'task-builder' }, [
    el('h3', { id: headingId, textContent: say('teach.title', { demo: demo.title }) }),
    el('p', { textContent: say('teach.how') }),
    el('div', { className: 'table-wrap' }, [el('table', { className: 'task-settings' }, [
      el('thead', {}, el('tr', {}, [head('teach.setting'), head('teach.value'), head('teach.lock'), head('teach.hide')])),
      el('tbody', {}, rows.map((r) => r.element)),
    ])]),
    check,
    output,
  ]);
  builder.setAttribute('aria-labelledby', headingId);

  function refresh() {
    const locked = inOrder(ticks.lock);
    const hidden = inOrder(ticks.hide);
    for (const row of rows) row.show(state.values);
    const query = taskQuery(instance, { values: state.values, preset: lesson.preset, locked, hidden, program: packedProgram(instance) });
    const found = verdict(view, core, query, locked, hidden);
    check.textContent = found.text;
    check.classList.toggle('task-refused', !found.ok);
    const address = pageAddress(query);
    output.hidden = !found.ok;
    link.textContent = found.ok ? address : '';
    snippet.textContent = found.ok ? iframeSnippet(instance, demo.title, query) : '';
    open.href = found.ok ? address : '';
    said.textContent = '';
  }
  // A drag changes the state every frame: the check (up to three runs of the core) follows once a frame.
  let queued = false;
  state.onChange(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; refresh(); });
  });
  // An edited program reaches the link once the page has packed it into the address.
  window.addEventListener(ADDRESS_WRITTEN, refresh);
  refresh();
  view.container.append(builder);
}
