// The list of lessons: under each, what the learner has done there, from what this browser keeps for
// this copy of the site (kept.js's records, read only: the "I tried this" marks and the answers).
// The site build gives each line its lesson's folder and how many demos and questions it has.
import { readAll } from './kept.js';
import { say, sayCount as count } from './strings/index.js';


function progressLine(line, kept) {
  const lesson = kept[line.dataset.slug];
  if (!lesson) return;
  const tried = lesson.tried.length;
  // An answer to a question the lesson no longer has ("earlier") is kept, but is not one of its questions.
  const answered = new Set(lesson.answers.filter((a) => !a.earlier && String(a.answer ?? '').trim()).map((a) => a.number)).size;
  if (!tried && !answered) return;
  const demos = Number(line.dataset.demos);
  const checks = Number(line.dataset.checks);
  const parts = [say('path.tried', { tried: Math.min(tried, demos), demos: count(demos, 'path.demos') })];
  if (checks) parts.push(say('path.answered', { answered: Math.min(answered, checks), checks: count(checks, 'path.questions') }));
  line.textContent = say('path.line', { parts: parts.join(say('progress.and')) });
  line.hidden = false;
}

const kept = readAll();
for (const line of document.querySelectorAll('.lesson-progress[data-slug]')) progressLine(line, kept);
