// For the reader of the text, whatever the demos do (it is its own small
// script, so it works even when the core cannot start):
//   - the answers typed into the knowledge checks (<div class="check"> with a
//     <textarea>) are kept in this browser, per page, and come back on the next
//     visit; a button under each check erases this page's answers;
//   - printing gives the lesson as a document: the explanations open, each
//     answer printed as text (a <textarea> prints cut off at its box).
// The print layout itself is the @media print block of web/style.css.
// progress.js adds the "I tried this" marks, the export and the erase-everything button.
import { attachProgress } from './progress.js';

// Per page, so two lessons' "Question 1" never share an answer; the path also
// keeps apart two copies of the site hosted under different paths.
const ANSWERS_KEY = `attn-answers:${location.pathname}`;

function readAnswers() {
  try {
    const kept = JSON.parse(localStorage.getItem(ANSWERS_KEY) ?? '{}');
    return kept && typeof kept === 'object' ? kept : {};
  } catch {
    return {};
  }
}

function writeAnswers(answers) {
  try {
    if (Object.keys(answers).length) localStorage.setItem(ANSWERS_KEY, JSON.stringify(answers));
    else localStorage.removeItem(ANSWERS_KEY);
    return true;
  } catch {
    return false; // storage off or full: the answers stay on the page until it is left
  }
}

function keepAnswers(checks) {
  const boxes = checks.map((check) => check.querySelector('textarea')).filter(Boolean);
  if (!boxes.length) return;
  const answers = readAnswers();
  const copies = [];      // what print shows in place of each box
  const erasers = [];
  const notes = [];

  const save = () => {
    const now = {};
    boxes.forEach((box, i) => { if (box.value.trim()) now[i] = box.value; });
    const kept = writeAnswers(now);
    for (const b of erasers) b.disabled = !Object.keys(now).length;
    return kept;
  };

  boxes.forEach((box, i) => {
    // Keyed by the check's place on the page: the lesson's questions are numbered in that order.
    if (typeof answers[i] === 'string') box.value = answers[i];
    const copy = Object.assign(document.createElement('div'), { className: 'answer-print', textContent: box.value });
    copy.setAttribute('aria-hidden', 'true'); // the <textarea> is what a screen reader reads
    (box.closest('label') ?? box).after(copy);
    copies.push(copy);

    const note = Object.assign(document.createElement('p'), { className: 'answer-note' });
    const status = Object.assign(document.createElement('span'), { textContent: 'Your answers stay in this browser only.' });
    status.setAttribute('role', 'status');
    const erase = Object.assign(document.createElement('button'), { type: 'button', className: 'erase-answers', textContent: 'Erase my answers' });
    note.append(status, ' ', erase);
    copy.after(note);
    erasers.push(erase);
    notes.push(status);

    box.addEventListener('input', () => {
      copy.textContent = box.value;
      const kept = save();
      status.textContent = kept ? 'Your answers stay in this browser only.' : 'This browser is not keeping answers (storage is off).';
    });
    erase.addEventListener('click', () => {
      boxes.forEach((b, k) => { b.value = ''; copies[k].textContent = ''; });
      save();
      notes.forEach((n) => { n.textContent = 'Your answers on this page were erased.'; });
      box.focus();
    });
  });
  save();
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

keepAnswers([...document.querySelectorAll('.check')]);
prepareForPrint();
attachProgress();
