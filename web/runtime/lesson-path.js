// The list of lessons: under each, what the learner has done there, from what this browser keeps
// (progress.js's report: the "I tried this" marks and the knowledge-check answers of each page).
// The site build gives each line its lesson's folder and how many demos and questions it has.
import { progressReport } from './progress.js';

const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;

function progressLine(line, pages) {
  // A page is kept under its own path, which is "…/robot/" or, opened so, "…/robot/index.html".
  const folder = new URL(`${line.dataset.slug}/`, location.href).pathname;
  const kept = [pages[folder], pages[`${folder}index.html`]].filter(Boolean);
  const tried = new Set(kept.flatMap((p) => p.tried)).size;
  const answered = new Set(kept.flatMap((p) => Object.entries(p.answers).filter(([, text]) => text.trim()).map(([q]) => q))).size;
  if (!tried && !answered) return;
  const demos = Number(line.dataset.demos);
  const checks = Number(line.dataset.checks);
  const parts = [`you tried ${tried} of ${count(demos, 'demo', 'demos')}`];
  if (checks) parts.push(`answered ${answered} of ${count(checks, 'question', 'questions')}`);
  line.textContent = `In this browser ${parts.join(' and ')}.`;
  line.hidden = false;
}

let pages = {};
try {
  pages = progressReport().pages;
} catch { /* storage off: nothing is kept */ }
for (const line of document.querySelectorAll('.lesson-progress[data-slug]')) progressLine(line, pages);
