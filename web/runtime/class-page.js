// The class page (web/class.html -> site/class/index.html): a teacher opens many progress files at once
// (chosen or dropped) and sees, per lesson, who answered each question and what, and who tried each
// demo; prints it, or downloads it as CSV. The files are read here, in the teacher's browser: nothing
// is uploaded, fetched or kept. Reading the untrusted files: class-files.js; counting: class-summary.js.
import { markScrolls } from './dom.js';
import { readProgressFiles } from './class-files.js';
import { summarise, toCsv } from './class-summary.js';
import { sayDate } from './progress-print.js';
import { saveFile } from './save-file.js';
import './theme.js'; // the header's light / dark / system menu
import { say } from './strings/index.js';

// The words, from the page's table (strings/<lang>.js).
const files = (n) => say(n === 1 ? 'class.file_one' : 'class.file_many', { count: n });
const WORDS = {
  get readNone() { return say('class.none_yet'); },
  status: (learners, refused) => say('class.status', { files: files(learners), refused: refused ? say('class.status_refused', { refused }) : '' }),
  reading: (n) => say('class.reading', { files: files(n) }),
  get refusedHeading() { return say('class.refused_heading'); },
  get learnersHeading() { return say('class.learners_heading'); },
  get learnersCaption() { return say('class.learners_caption'); },
  get learnerColumns() {
    return [say('class.column_learner'), say('class.column_file'), say('class.column_exported'), say('class.column_answers'), say('class.column_demos_tried')];
  },
  lessonLine: (n, total) => say('class.lesson_line', { n, total }),
  get questionsHeading() { return say('class.questions_heading'); },
  get demosHeading() { return say('class.demos_heading'); },
  question: (n) => (n ? say('reader.question', { number: n }) : say('reader.a_question')),
  get earlier() { return say('report.earlier'); },
  get unknownQuestion() { return say('class.unknown_question'); },
  answered: (n, total) => say('class.answered', { n, total }),
  answersCaption: (name) => say('class.answers_caption', { name }),
  get answerColumns() { return [say('class.column_learner'), say('class.column_answer')]; },
  get notAnswered() { return say('class.not_answered'); },
  demosCaption: (lesson) => say('class.demos_caption', { lesson }),
  get demoColumns() { return [say('class.column_demo'), say('class.column_tried_by'), say('class.column_learners')]; },
  tried: (n, total) => say('class.tried', { n, total }),
  nobody: '—',
  cut: (more) => say('class.cut', { more: more.toLocaleString(document.documentElement.lang || 'en') }),
  csvName: 'class-progress.csv',
};
const SHOWN_ANSWER = 2_000; // characters of one answer on the page; the CSV has all of it

const make = (tag, props = {}, children = []) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

/** A table with a caption and a header row; `rows` hold cells: text, or [tag, props, children] for a heading cell. */
function table(caption, columns, rows, className) {
  const head = make('tr', {}, columns.map((c) => make('th', { scope: 'col', textContent: c })));
  const body = rows.map((cells) => make('tr', {}, cells.map((c, i) => (i === 0 ? make('th', { scope: 'row' }, [c]) : make('td', {}, [c])))));
  return make('div', { className: 'table-wrap class-table', tabIndex: 0, role: 'group', ariaLabel: caption }, [
    make('table', { className }, [make('caption', { textContent: caption }), make('thead', {}, [head]), make('tbody', {}, body)]),
  ]);
}

const shown = (answer) => (answer.length > SHOWN_ANSWER ? `${answer.slice(0, SHOWN_ANSWER)}${WORDS.cut(answer.length - SHOWN_ANSWER)}` : answer);

function learnersSection(summary) {
  const rows = summary.learners.map((l) => [l.label, l.file, l.exported ? sayDate(l.exported) : '', String(l.answers), String(l.tried)]);
  return make('section', { className: 'class-learners' }, [
    make('h2', { textContent: WORDS.learnersHeading }), table(WORDS.learnersCaption, WORDS.learnerColumns, rows, 'class-learners-table'),
  ]);
}

function questionBlock(q, learners) {
  const name = WORDS.question(q.number);
  const answeredBy = new Set(q.answers.map((a) => a.learner));
  const missing = learners.filter((_, i) => !answeredBy.has(i)).map((l) => l.label);
  const block = make('div', { className: 'class-question' }, [
    make('h4', { textContent: `${name}${q.earlier ? WORDS.earlier : ''}` }),
    make('p', { className: 'class-question-text', textContent: q.text || WORDS.unknownQuestion }),
    make('p', { className: 'class-count', textContent: WORDS.answered(q.answers.length, learners.length) }),
    table(WORDS.answersCaption(name), WORDS.answerColumns, q.answers.map((a) => [learners[a.learner].label, shown(a.answer)]), 'class-answers'),
  ]);
  block.dataset.answered = String(q.answers.length);
  if (missing.length) block.append(make('p', { className: 'class-missing', textContent: `${WORDS.notAnswered}${missing.join(', ')}.` }));
  return block;
}

function lessonSection(lesson, learners) {
  const active = new Set([...lesson.questions.flatMap((q) => q.answers.map((a) => a.learner)), ...lesson.demos.flatMap((d) => d.tried)]);
  const section = make('section', { className: 'class-lesson' }, [
    make('h2', { textContent: lesson.title }),
    make('p', { textContent: WORDS.lessonLine(active.size, learners.length) }),
  ]);
  section.dataset.lesson = lesson.slug;
  if (lesson.questions.length) section.append(make('h3', { textContent: WORDS.questionsHeading }), ...lesson.questions.map((q) => questionBlock(q, learners)));
  if (lesson.demos.length) {
    // Two demos of a lesson may have one title (the same demo twice, at other settings): the instance tells them apart.
    const twice = new Set(lesson.demos.map((d) => d.title).filter((t, i, all) => all.indexOf(t) !== i));
    const rows = lesson.demos.map((d) => [twice.has(d.title) ? `${d.title} (${d.instance})` : d.title,
      WORDS.tried(d.tried.length, learners.length), d.tried.map((i) => learners[i].label).join(', ') || WORDS.nobody]);
    const demos = table(WORDS.demosCaption(lesson.title), WORDS.demoColumns, rows, 'class-demos');
    lesson.demos.forEach((d, i) => Object.assign(demos.querySelectorAll('tbody tr')[i].dataset, { instance: d.instance, tried: String(d.tried.length) }));
    section.append(make('h3', { textContent: WORDS.demosHeading }), demos);
  }
  return section;
}

function start() {
  const input = document.getElementById('class-files');
  const drop = document.querySelector('.class-drop');
  const status = document.querySelector('.class-status');
  const refusedList = document.querySelector('.class-refused');
  const results = document.querySelector('.class-results');
  const csv = document.getElementById('class-csv');
  const print = document.getElementById('class-print');
  const clear = document.getElementById('class-clear');
  if (!input || !results) return;
  let files = [];
  let refused = [];
  const already = new Set();
  let bytes = 0;

  // A table wider than the screen scrolls in its box, which then says so, as a lesson's tables do (web/style.css).
  const markScrolling = () => requestAnimationFrame(() => markScrolls([...results.querySelectorAll('.class-table')]));
  window.addEventListener('resize', markScrolling);

  const draw = () => {
    const summary = summarise(files);
    status.textContent = files.length || refused.length ? WORDS.status(files.length, refused.length) : WORDS.readNone;
    refusedList.replaceChildren(...(refused.length ? [make('h2', { textContent: WORDS.refusedHeading }),
      make('ul', {}, refused.map((r) => make('li', { textContent: r.message })))] : []));
    results.replaceChildren(...(files.length ? [learnersSection(summary), ...summary.lessons.map((l) => lessonSection(l, summary.learners))] : []));
    clear.disabled = !files.length && !refused.length;
    csv.disabled = !files.length;
    print.disabled = !files.length;
    document.documentElement.dataset.classFiles = String(files.length);
    markScrolling();
    return summary;
  };

  const add = async (list) => {
    const chosen = [...list];
    if (!chosen.length) return;
    status.textContent = WORDS.reading(chosen.length);
    const { read, refused: now } = await readProgressFiles(chosen, { already, countBefore: files.length, bytesBefore: bytes });
    files = [...files, ...read];
    bytes += read.reduce((n, f) => n + f.size, 0);
    refused = [...refused, ...now];
    draw();
  };

  input.addEventListener('change', async () => { await add(input.files); input.value = ''; });
  drop.addEventListener('dragover', (event) => { event.preventDefault(); drop.classList.add('dragging'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('dragging'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('dragging');
    add(event.dataTransfer?.files ?? []);
  });
  csv.addEventListener('click', () => {
    saveFile(WORDS.csvName, toCsv(summarise(files)), 'text/csv;charset=utf-8');
  });
  print.addEventListener('click', () => window.print());
  clear.addEventListener('click', () => {
    files = [];
    refused = [];
    already.clear();
    bytes = 0;
    draw();
    input.focus();
  });
  draw();
}

start();
