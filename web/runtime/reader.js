// For the reader of the text, whatever the demos do (it is its own small
// script, so it works even when the core cannot start):
//   - the answers typed into the knowledge checks (<div class="check"> with a
//     <textarea>) are kept in this browser, per lesson, and come back on the next
//     visit (web/runtime/kept.js); a button under each check erases that answer, after asking;
//   - answers kept for questions the lesson no longer has are shown after the last
//     question, and kept (and exported) until the learner erases them;
//   - printing gives the lesson as a document: the explanations open, each
//     answer printed as text (a <textarea> prints cut off at its box).
// The print layout itself is the @media print block of web/style.css.
// progress.js adds the "I tried this" marks, the export and the erase-everything button; worksheet.js
// the menu that prints the lesson as a worksheet or an answer key.
import { askFirst, attachProgress, said } from './progress.js';
import { attachPrintMenu } from './worksheet.js';
import { say } from './strings/index.js';
import {
  MAX_ANSWER, answerChecks, pageRecord, placeAnswers, questionOf, readLesson, recordKey, savePage, thisLesson, tidyLesson,
} from './kept.js';

const make = (tag, props = {}, children = []) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};
const KEPT = () => say('reader.kept');
const NOT_KEPT = { off: () => say('reader.off'), full: () => say('reader.full'), unread: () => say('reader.unread') };
const SHOWN_EARLIER = 50; // storage may hold thousands (it is untrusted): the page shows these, the export has all
const excerpt = (text) => (text.length > 80 ? `${text.slice(0, 80).trimEnd()}…` : text);

function keepAnswers(checks) {
  const lesson = thisLesson();
  const boxes = checks.map((check) => check.querySelector('textarea'));
  if (!boxes.length || !lesson) return;
  const { placed, earlier } = placeAnswers(readLesson(lesson).answers, checks.map(questionOf));
  const copies = [];      // what print shows in place of each box
  const notes = [];
  const erasers = [];

  // The note under the box being edited says whether it was kept (one live region, not every one at
  // once: the note at the bottom of the page speaks for all of them when the storage is full).
  const afterSave = (outcome, note) => {
    said(outcome);
    if (note) note.textContent = (NOT_KEPT[outcome] ?? KEPT)();
  };

  boxes.forEach((box, i) => {
    const name = checks[i].querySelector('h3')?.textContent.trim() || say('reader.question', { number: i + 1 });
    if (placed[i]) box.value = placed[i].answer;
    box.maxLength = MAX_ANSWER; // an answer of a few thousand words at most keeps the record small enough to read back
    const copy = make('div', { className: 'answer-print', textContent: box.value });
    copy.setAttribute('aria-hidden', 'true'); // the <textarea> is what a screen reader reads
    (box.closest('label') ?? box).after(copy);
    copies.push(copy);

    const status = make('span', { textContent: KEPT() });
    status.setAttribute('role', 'status');
    const erase = make('button', { type: 'button', className: 'erase-answers', textContent: say('reader.erase'), disabled: !box.value.trim() });
    erase.setAttribute('aria-label', say('reader.erase_named', { name })); // the visible words first, for speech input
    copy.after(make('p', { className: 'answer-note' }, [status, ' ', erase]));
    notes.push(status);
    erasers.push(erase);

    box.addEventListener('input', () => {
      copy.textContent = box.value;
      erase.disabled = !box.value.trim();
      afterSave(savePage(), status);
    });
    erase.addEventListener('click', async () => {
      const yes = await askFirst({
        title: say('reader.erase_title', { name }),
        text: say('reader.erase_text', { answer: excerpt(box.value.trim()) }),
        yes: say('reader.erase_yes'),
        no: say('reader.erase_no'),
      });
      if (!yes) return;
      box.value = '';
      copy.textContent = '';
      erase.disabled = true;
      const outcome = said(savePage());
      status.textContent = outcome === 'kept' ? say('reader.erased', { name }) : NOT_KEPT[outcome]();
      box.focus();
    });
  });

  showEarlier(checks.at(-1), earlier);
  // The same lesson open in another tab: its answers come here too (but not into the box being typed in),
  // or this page's next save would write its older answers over the other tab's.
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== recordKey(lesson)) return;
    const now = placeAnswers(readLesson(lesson).answers, checks.map(questionOf)).placed;
    boxes.forEach((box, i) => {
      if (box === document.activeElement) return;
      box.value = now[i]?.answer ?? '';
      copies[i].textContent = box.value;
      erasers[i].disabled = !box.value.trim();
    });
  });
  document.addEventListener('attn-progress-erased', () => {
    boxes.forEach((box, i) => { box.value = ''; copies[i].textContent = ''; });
    for (const button of document.querySelectorAll('.erase-answers')) button.disabled = true;
    document.querySelector('.earlier-answers')?.remove();
    for (const note of notes) note.textContent = say('reader.all_erased');
  });
}

/**
 * Answers kept for questions this page no longer has (the lesson changed since they were written, or
 * an older version of the site kept them): shown after the last question, kept until erased.
 */
function showEarlier(lastCheck, earlier) {
  if (!earlier.length) return;
  const list = make('ul');
  const section = make('section', { className: 'earlier-answers' }, [
    make('h3', { textContent: say('reader.earlier_heading') }),
    make('p', { textContent: say('reader.earlier_text') }),
    list,
  ]);
  for (const a of earlier.slice(0, SHOWN_EARLIER)) {
    const question = a.number ? say('reader.question', { number: a.number }) : say('reader.a_question');
    const heading = a.question ? say('reader.question_text', { question, text: a.question })
      : a.number ? say('reader.no_wording', { question }) : say('reader.older_answer');
    const erase = make('button', { type: 'button', className: 'erase-earlier', textContent: say('reader.erase') });
    const item = make('li', {}, [make('p', { className: 'earlier-question', textContent: heading }), make('blockquote', { textContent: a.answer }), erase]);
    erase.setAttribute('aria-label', say('reader.erase_quoted', { answer: excerpt(a.answer) }));
    erase.addEventListener('click', async () => {
      const yes = await askFirst({
        title: say('reader.erase_earlier_title'),
        text: say('reader.erase_earlier_text', { answer: excerpt(a.answer) }),
        yes: say('reader.erase_yes'),
        no: say('reader.erase_no'),
      });
      if (!yes) return;
      said(savePage({ without: a }));
      const next = item.nextElementSibling ?? item.previousElementSibling;
      item.remove();
      if (!list.children.length) section.remove();
      (next?.querySelector('button') ?? lastCheck.querySelector('textarea')).focus();
    });
    list.append(item);
  }
  if (earlier.length > SHOWN_EARLIER) {
    section.append(make('p', { textContent: say('reader.more_earlier', { count: earlier.length - SHOWN_EARLIER }) }));
  }
  lastCheck.after(section);
}

/**
 * Moves what older versions kept for this lesson (by the page's path) into the lesson's one record, with
 * each question's text. Nothing to say if it cannot (a full storage): the old keys stay, nothing is lost.
 */
function tidyThisLesson() {
  const lesson = thisLesson();
  if (lesson && document.querySelector('main')?.dataset.embed === undefined) tidyLesson(lesson, pageRecord(readLesson(lesson)));
}

/**
 * Printing opens the closed <details> of the text (the explanations), and closes
 * them again afterwards. Print leaves out the numbers behind a chart (the chart is
 * printed) and the C++ under each demo (web/style.css, which also opens the
 * explanations for a print started without these events).
 */
function prepareForPrint() {
  let opened = [];
  window.addEventListener('beforeprint', () => {
    opened = [...document.querySelectorAll('main details:not([open], .chart-data, .demo-source)')];
    for (const d of opened) d.open = true;
  });
  window.addEventListener('afterprint', () => {
    for (const d of opened) d.open = false;
    opened = [];
  });
}

keepAnswers(answerChecks());
prepareForPrint();
attachPrintMenu();
attachProgress();
tidyThisLesson();
