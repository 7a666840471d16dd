// The class's progress put together from the files the class page read (class-files.js): per lesson,
// each question with who answered it and what, and each demo with who tried it; and the same as
// spreadsheet rows (CSV), one per answer and per demo tried.
import { say } from './strings/index.js';

/** Each learner's name for the page: the name in their file, else the file's name; made unique. */
export function learnerLabels(files) {
  const base = files.map((f) => f.learner || f.file.replace(/\.json$/i, ''));
  const counts = new Map();
  for (const b of base) counts.set(b, (counts.get(b) ?? 0) + 1);
  return base.map((b, i) => (counts.get(b) > 1 && files[i].learner ? `${b} (${files[i].file})` : b));
}

/** A question's key within its lesson: its text, or its number when the file kept no text (version 1). */
const questionKey = (a) => (a.question ? `text ${a.question}` : `number ${a.number}`);

/**
 * The summary: {learners: [{label, file, exported, version, answers, tried}], lessons: [{slug, title, questions, demos}]}
 * questions: [{number, text, earlier, answers: [{learner, answer}]}] in the lessons' order of questions;
 * demos: [{instance, title, tried: [learner]}]; every learner is an index into `learners`.
 */
export function summarise(files) {
  const labels = learnerLabels(files);
  const lessons = new Map();
  const learners = files.map((f, i) => ({ label: labels[i], file: f.file, exported: f.exported, version: f.version, answers: 0, tried: 0 }));
  files.forEach((f, learner) => {
    for (const [slug, lesson] of f.lessons) {
      const into = lessons.get(slug) ?? { slug, title: '', questions: new Map(), demos: new Map() };
      lessons.set(slug, into);
      into.title ||= lesson.title;
      for (const a of lesson.answers) {
        const key = questionKey(a);
        const q = into.questions.get(key) ?? { number: a.number, text: a.question, earlier: a.earlier, answers: [] };
        into.questions.set(key, q);
        if (a.number !== null && !a.earlier && (q.number === null || q.earlier)) q.number = a.number;
        q.earlier &&= a.earlier;
        if (q.answers.some((x) => x.learner === learner)) continue; // one answer per learner and question
        q.answers.push({ learner, answer: a.answer });
        learners[learner].answers += 1;
      }
      for (const t of lesson.tried) {
        const d = into.demos.get(t.instance) ?? { instance: t.instance, title: '', tried: [] };
        into.demos.set(t.instance, d);
        d.title ||= t.title;
        if (!d.tried.includes(learner)) { d.tried.push(learner); learners[learner].tried += 1; }
      }
    }
  });
  const order = (a, b) => (a.earlier - b.earlier) || ((a.number ?? 1e9) - (b.number ?? 1e9)) || a.text.localeCompare(b.text);
  return {
    learners,
    lessons: [...lessons.values()].sort((a, b) => (a.title || a.slug).localeCompare(b.title || b.slug)).map((l) => ({
      slug: l.slug, title: l.title || l.slug,
      questions: [...l.questions.values()].sort(order),
      demos: [...l.demos.values()].map((d) => ({ ...d, title: d.title || d.instance })).sort((a, b) => a.title.localeCompare(b.title)),
    })),
  };
}

// The header row, from the runtime's table (the class page is in English, so a class's spreadsheets line up).
const CSV_COLUMNS = ['class.csv_learner', 'class.csv_file', 'class.csv_lesson', 'class.csv_lesson_title', 'class.csv_kind',
  'class.csv_question_number', 'class.csv_question_or_demo', 'class.csv_answer'];

/** One row per answer and per demo tried, in the columns above. */
export function csvRows(summary) {
  const rows = [];
  const name = (i) => summary.learners[i];
  for (const l of summary.lessons) {
    for (const q of l.questions) {
      for (const a of q.answers) rows.push([name(a.learner).label, name(a.learner).file, l.slug, l.title, 'answer', q.number ?? '', q.text, a.answer]);
    }
    for (const d of l.demos) for (const i of d.tried) rows.push([name(i).label, name(i).file, l.slug, l.title, 'tried', '', d.title, '']);
  }
  return rows;
}

/**
 * A cell as CSV: always quoted (commas, quotes, line breaks inside stay in the cell), and a text a
 * spreadsheet would take for a formula (starting with = + - @, a tab or a carriage return) gets a
 * leading apostrophe, so it shows as the learner wrote it and never runs.
 */
export function csvCell(value) {
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

/** The whole sheet: a byte-order mark (so spreadsheets read UTF-8), a header row, lines ending in CRLF. */
export function toCsv(summary) {
  return `\uFEFF${[CSV_COLUMNS.map((key) => say(key)), ...csvRows(summary)].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
