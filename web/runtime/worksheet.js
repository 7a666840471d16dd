// Printing a lesson three ways, chosen in a menu under the lesson's heading:
//   - the lesson, with the learner's answers and the explanations open (the print layout of web/style.css);
//   - a worksheet to hand out: the lesson with its questions, room to answer under each and no explanation;
//   - an answer key: the questions with their explanations, and no learner's answer.
// A worksheet and an answer key show every demo and every number of the text at the lesson's preset,
// whatever the page shows now: they print a copy of the page as the site build made it (its demos drawn
// at their presets, scripts/prerender.mjs), fetched again from the site, never the live one. Choosing one
// sets html[data-print]; the @media print rules of web/style.css do the rest.
import { say } from './strings/index.js';

// The words, in the page's language (strings/<lang>.js), read when they are shown.
const WORDS = {
  get label() { return say('print.label'); },
  get modes() { return { lesson: say('print.mode_lesson'), worksheet: say('print.mode_worksheet'), key: say('print.mode_key') }; },
  get print() { return say('print.print'); },
  get kind() { return { worksheet: say('print.kind_worksheet'), key: say('print.kind_key') }; },
  get name() { return say('print.name'); },
  get date() { return say('print.date'); },
  get room() { return say('print.room'); },
  get preparing() { return say('print.preparing'); },
  get ready() { return { worksheet: say('print.ready_worksheet'), key: say('print.ready_key'), lesson: '' }; },
  get live() { return say('print.live'); },
};

/** The lesson's <main> as the site build made it, as a copy that prints in the live page's place. */
async function presetCopy() {
  // Reads the location, not its keys (address.js owns those): the server sends the page as built, whatever the query.
  const response = await fetch(location.href, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const built = new DOMParser().parseFromString(await response.text(), 'text/html').querySelector('main');
  if (!built) throw new Error('no <main>');
  const copy = document.createElement('div');
  copy.className = 'print-copy';
  copy.setAttribute('aria-hidden', 'true'); // printed only; the live page is what is read on screen
  copy.inert = true;
  copy.append(...[...built.childNodes].map((node) => document.importNode(node, true)));
  // Nothing in the copy is found or updated by the page's scripts, nor repeats an id of the live page.
  for (const node of copy.querySelectorAll('[id], [data-demo], [data-instance], [data-num], [data-claim], [data-defaults], [tabindex]')) {
    for (const name of ['id', 'data-demo', 'data-instance', 'data-num', 'data-claim', 'data-defaults', 'tabindex', 'aria-labelledby', 'aria-describedby']) node.removeAttribute(name);
  }
  for (const script of copy.querySelectorAll('script, noscript')) script.remove();
  for (const details of copy.querySelectorAll('details:not(.chart-data, .demo-source)')) details.open = true;
  for (const label of copy.querySelectorAll('.check label')) {
    label.after(Object.assign(document.createElement('div'), { className: 'answer-room', textContent: WORDS.room }));
  }
  const kind = Object.assign(document.createElement('p'), { className: 'print-kind' });
  const head = copy.querySelector('.lesson-head') ?? copy;
  head.prepend(kind);
  head.append(Object.assign(document.createElement('p'), { className: 'print-name', textContent: `${WORDS.name}${'_'.repeat(30)}   ${WORDS.date}${'_'.repeat(14)}` }));
  return copy;
}

export function attachPrintMenu() {
  const head = document.querySelector('main .lesson-head');
  if (!head || !document.querySelector('main .check')) return;
  const select = document.createElement('select');
  for (const [value, text] of Object.entries(WORDS.modes)) select.append(new Option(text, value));
  const button = Object.assign(document.createElement('button'), { type: 'button', textContent: WORDS.print });
  const status = Object.assign(document.createElement('span'), { className: 'print-status' });
  status.setAttribute('role', 'status');
  const label = document.createElement('label');
  label.append(`${WORDS.label} `, select);
  const line = Object.assign(document.createElement('p'), { className: 'print-as' });
  line.append(label, ' ', button, ' ', status);
  head.append(line);

  let copy = null; // a promise of the copy, made once
  const root = document.documentElement;
  const choose = async () => {
    const mode = select.value;
    if (mode === 'lesson') {
      delete root.dataset.print;
      status.textContent = '';
      return;
    }
    status.textContent = WORDS.preparing;
    copy ??= presetCopy().then((made) => { document.querySelector('main').after(made); return made; });
    try {
      (await copy).querySelector('.print-kind').textContent = WORDS.kind[mode];
      status.textContent = WORDS.ready[mode];
    } catch {
      copy = null; // tried again next time
      status.textContent = WORDS.live;
    }
    if (select.value === mode) root.dataset.print = mode; // not if another was chosen meanwhile
  };
  select.addEventListener('change', choose);
  button.addEventListener('click', async () => { await choose(); window.print(); });
}
