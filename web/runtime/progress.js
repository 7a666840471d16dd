// The learner's progress, kept in this browser only, with no account (what is kept, and where, is
// web/runtime/kept.js):
//   - an "I tried this" mark beside every demo;
//   - at the end of the page: export everything this copy of the site keeps, for every lesson, as a
//     small JSON file (docs/progress-export.md) or as a printable page; and one button that erases
//     every lesson's answers and marks, after asking;
//   - askFirst(): the page's own confirmation (reader.js asks with it too);
//   - sayNotKept(): when the browser's storage is full, one note on the page, with the export (also for
//     theme.js, through an "attn-storage-full" event; offline.js loads this file on the list of lessons).
import {
  EXPORT_FORMAT, EXPORT_VERSION, MAX_LEARNER, SITE, answerChecks, eraseAll, keepLearnerName, learnerName, pageRecord, pageTheme, readAll, recordKey,
  savePage, thisLesson,
} from './kept.js';
import { saveFile } from './save-file.js';
import { say, sayCount as count } from './strings/index.js';

// The printable page's code is a file of its own (progress-print.js), fetched on the press, not with every
// lesson page; its window is opened at the press itself, when a browser allows a new window.
function printable() {
  const page = window.open('', '_blank');
  if (page) import('./progress-print.js').then((m) => m.openPrintable(progressReport(), SITE, page));
}

const make = (tag, props = {}, children = []) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

let asked = 0;
/**
 * Asks in the page, not with window.confirm (which some browsers and tests block): a modal <dialog>,
 * so focus stays in it and a screen reader reads its title and text; Escape or "no" keeps everything.
 * Resolves to true only for "yes". Focus goes back to what had it.
 */
export function askFirst({ title, text, yes, no }) {
  const opener = document.activeElement;
  const id = `ask-first-${++asked}`;
  const keep = make('button', { type: 'submit', value: 'no', textContent: no, autofocus: true }); // the safe choice has focus
  const go = make('button', { type: 'submit', value: 'yes', textContent: yes, className: 'ask-first-yes' });
  const dialog = make('dialog', { className: 'ask-first' }, [
    make('form', { method: 'dialog' }, [
      make('h2', { id: `${id}-title`, textContent: title }),
      make('p', { id: `${id}-text`, textContent: text }),
      make('p', { className: 'ask-first-buttons' }, [keep, ' ', go]),
    ]),
  ]);
  dialog.setAttribute('role', 'alertdialog');
  dialog.setAttribute('aria-labelledby', `${id}-title`);
  dialog.setAttribute('aria-describedby', `${id}-text`);
  document.body.append(dialog);
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      const answer = dialog.returnValue === 'yes'; // Escape closes with no value
      dialog.remove();
      if (opener?.isConnected) opener.focus();
      resolve(answer);
    }, { once: true });
  });
}

/** Everything this copy of the site keeps in this browser, in the export's format (docs/progress-export.md). */
export function progressReport() {
  const kept = readAll();
  const here = thisLesson();
  // This page as it is now, whether or not the browser could keep it (its storage may be full).
  if (here && document.querySelector('main .check textarea, input[data-tried]')) {
    kept[here] = { ...(kept[here] ?? { unread: [] }), ...pageRecord(kept[here] ?? { answers: [], tried: [] }) };
  }
  const lessons = {};
  const unread = [];
  for (const lesson of Object.keys(kept).sort()) {
    const { title, answers, tried, demos = {} } = kept[lesson];
    unread.push(...kept[lesson].unread);
    if (!answers.length && !tried.length) continue;
    lessons[lesson] = {
      title, address: new URL(`${lesson}/`, SITE).href, answers, tried: tried.map((instance) => ({ instance, title: demos[instance] ?? '' })),
    };
  }
  // The box on this page, whether or not the browser could keep it.
  const learner = (document.querySelector('input.learner-name')?.value ?? learnerName()).trim().slice(0, MAX_LEARNER);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    ...(learner ? { learner } : {}),
    exported: new Date().toISOString(),
    site: SITE,
    theme: pageTheme(),
    lessons,
    ...(unread.length ? { unread } : {}),
  };
}

/** The file's name: the learner's, when given, so that a teacher's folder of files tells them apart. */
export function exportFileName(learner) {
  const name = (learner ?? '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return name ? `progress-${name}.json` : 'my-progress.json';
}

function download(report) {
  saveFile(exportFileName(report.learner), `${JSON.stringify(report, null, 2)}\n`, 'application/json');
}

/**
 * When the browser's storage is full (or, rarely, what it kept for this lesson is too large to read),
 * says so once on the page, whichever script found it (the theme menu's bundle is not reader.js's, so
 * the page itself remembers it was said), and offers the export, which includes what is on this page now.
 */
export function sayNotKept(reason = 'full') {
  const root = document.documentElement;
  if (root.dataset.notKeptSaid !== undefined) return;
  root.dataset.notKeptSaid = reason;
  const text = reason === 'unread'
    ? say('progress.unread')
    : say('progress.full');
  const exportButton = make('button', { type: 'button', textContent: say('progress.export') });
  exportButton.addEventListener('click', () => download(progressReport()));
  const close = make('button', { type: 'button', textContent: say('progress.close') });
  close.setAttribute('aria-label', say('progress.close_note'));
  const note = make('div', { className: 'not-kept' }, [
    make('p', { textContent: say('progress.not_kept', { text }) }),
    make('p', { className: 'not-kept-buttons' }, [exportButton, ' ', close]),
  ]);
  note.setAttribute('role', 'alert');
  close.addEventListener('click', () => note.remove()); // said once: it does not come back on this page
  document.body.append(note);
}

// theme.js cannot import this file (it is also the <head>'s classic script): it says a full storage so.
document.addEventListener('attn-storage-full', () => sayNotKept('full'));

/** What a save's outcome means for the page: a full storage (or an unreadable record) is said. */
export function said(outcome) {
  if (outcome === 'full' || outcome === 'unread') sayNotKept(outcome);
  return outcome;
}

/**
 * A demo's title as a teacher reads it in the class page: a demo inside a question's explanation says which
 * question, as the same demo often also sits in the lesson ("Blocks stacked: …" twice on the block page).
 */
function demoTitle(container) {
  const title = container.querySelector('legend')?.textContent.trim() ?? '';
  const question = answerChecks().indexOf(container.closest('.check')) + 1;
  return question && title ? say('progress.demo_in_question', { title, n: question }) : title;
}

/** A checkbox after each demo (outside it: the runtime replaces the demo's insides). */
function markTried(containers) {
  const lesson = thisLesson();
  const tried = new Set(lesson ? readAll()[lesson]?.tried ?? [] : []);
  for (const container of containers) {
    const instance = container.dataset.instance || container.dataset.demo;
    const box = make('input', { type: 'checkbox', checked: tried.has(instance) });
    box.dataset.tried = instance;
    box.dataset.title = demoTitle(container); // for the export
    box.addEventListener('change', () => said(savePage())); // if it is not kept, the mark stays until the page is left
    const label = make('label', { className: 'tried' }, [box, ` ${say('progress.tried')}`]);
    const after = container.nextElementSibling?.matches('details.demo-source') ? container.nextElementSibling : container;
    after.after(label);
  }
  // The same lesson open in another tab: its marks come here too, so this page never saves older ones over them.
  window.addEventListener('storage', (event) => {
    if (!lesson || (event.key !== null && event.key !== recordKey(lesson))) return;
    const now = new Set(readAll(lesson)[lesson]?.tried ?? []);
    for (const box of document.querySelectorAll('input[data-tried]')) box.checked = now.has(box.dataset.tried);
  });
}

/** The learner's name, if they want it in the files they export for a teacher (kept with their progress). */
function nameField(status) {
  const input = make('input', { type: 'text', className: 'learner-name', autocomplete: 'name', maxLength: MAX_LEARNER, value: learnerName() });
  input.addEventListener('input', () => {
    const outcome = keepLearnerName(input.value);
    if (outcome === 'full') said(outcome);
  });
  document.addEventListener('attn-progress-erased', () => { input.value = ''; });
  return make('p', { className: 'learner' }, [make('label', {}, [`${say('progress.name')} `, input])]);
}

function progressPanel() {
  const status = make('p', { className: 'progress-status' });
  status.setAttribute('role', 'status');
  const button = (text, action) => {
    const b = make('button', { type: 'button', textContent: text });
    b.addEventListener('click', action);
    return b;
  };
  const eraseEverything = async () => {
    const kept = Object.values(readAll());
    const answers = kept.reduce((n, l) => n + l.answers.length, 0);
    const marks = kept.reduce((n, l) => n + l.tried.length, 0);
    const lessons = kept.filter((l) => l.answers.length || l.tried.length || l.unread.length).length;
    if (!lessons && !learnerName()) {
      status.textContent = say('progress.nothing_kept');
      return;
    }
    const what = [answers && count(answers, 'progress.answers'), marks && count(marks, 'progress.marks'), learnerName() && say('progress.your_name')]
      .filter(Boolean).join(say('progress.and')) || say('progress.what_kept'); // only a record too large to read
    const yes = await askFirst({
      title: say('progress.erase_title'),
      text: say('progress.erase_text', { what, where: lessons ? say('progress.in_lessons', { lessons: count(lessons, 'progress.lessons') }) : '' }),
      yes: say('progress.erase_yes'),
      no: say('progress.erase_no'),
    });
    if (!yes) { status.textContent = say('progress.nothing_erased'); return; }
    eraseAll();
    for (const box of document.querySelectorAll('input[data-tried]')) box.checked = false;
    document.dispatchEvent(new CustomEvent('attn-progress-erased')); // reader.js empties the answer boxes
    status.textContent = say('progress.erased');
  };
  return make('section', { className: 'progress', id: 'my-progress' }, [
    make('h2', { textContent: say('progress.heading') }),
    make('p', { textContent: say('progress.private') }),
    nameField(status),
    make('p', { className: 'progress-buttons' }, [
      button(say('progress.export'), () => download(progressReport())), ' ',
      button(say('progress.printable'), printable), ' ',
      button(say('progress.erase_all'), eraseEverything),
    ]),
    status,
  ]);
}

export function attachProgress() {
  const main = document.querySelector('main');
  const containers = [...document.querySelectorAll('.demo[data-demo]')];
  if (!main || main.dataset.embed !== undefined) return; // an embed page keeps nothing of its own
  markTried(containers);
  if (containers.length || document.querySelector('.check')) main.append(progressPanel());
}
