// A learner's exported progress (docs/progress-export.md) as a page of its own, in a new window, to read
// and print: the site's header and styles, the learner's name, when and from where, and per lesson the
// demos tried (by title) and each question with its answer. Opened by "Printable page" (progress.js).
import { say } from './strings/index.js';

// The words, in the page's language (strings/<lang>.js), read when they are shown.
const WORDS = {
  heading: (learner) => (learner ? say('report.heading_of', { learner }) : say('report.heading')),
  get site() { return say('page.site_name'); },
  exported: (when) => say('report.exported', { when }),
  get print() { return say('report.print'); },
  get nothing() { return say('report.nothing'); },
  get demos() { return say('report.demos'); },
  get noDemos() { return say('report.no_demos'); },
  get questions() { return say('report.answers'); },
  get noAnswers() { return say('report.no_answers'); },
  question: (n) => (n ? say('reader.question', { number: n }) : say('reader.a_question')),
  get earlier() { return say('report.earlier'); },
  get unknownQuestion() { return say('report.unknown_question'); },
};

/** A date as a reader says it, e.g. "2 December 2026, 04:40" (the file keeps ISO 8601). */
export const sayDate = (iso) => {
  const date = new Date(iso);
  const lang = globalThis.document?.documentElement.lang || 'en';
  return Number.isNaN(date.getTime()) ? String(iso) : date.toLocaleString(lang === 'en' ? 'en-GB' : lang, { dateStyle: 'long', timeStyle: 'short' });
};

function maker(doc) {
  return (tag, props = {}, children = []) => {
    const node = Object.assign(doc.createElement(tag), props);
    node.append(...children);
    return node;
  };
}

/** One lesson of the report: its title (a link to it), the demos tried and the answers. */
function lessonSection(make, { title, address, answers, tried }, slug) {
  const section = make('section', { className: 'report-lesson' }, [make('h2', {}, [make('a', { href: address, textContent: title || slug })])]);
  section.append(make('h3', { textContent: WORDS.demos }));
  section.append(tried.length ? make('ul', {}, tried.map((t) => make('li', { textContent: t.title || t.instance })))
    : make('p', { textContent: WORDS.noDemos }));
  section.append(make('h3', { textContent: WORDS.questions }));
  if (!answers.length) section.append(make('p', { textContent: WORDS.noAnswers }));
  for (const a of answers) {
    section.append(make('div', { className: 'report-answer' }, [
      make('h4', { textContent: `${WORDS.question(a.number)}${a.earlier ? WORDS.earlier : ''}` }),
      make('p', { className: 'report-question', textContent: a.question || WORDS.unknownQuestion }),
      make('blockquote', { textContent: a.answer }),
    ]));
  }
  return section;
}

/** Writes `report` (the export's format, version 3) as a styled page in `page`, a new window; `site` is the copy's root. */
export function openPrintable(report, site, page) {
  const doc = page.document;
  const make = maker(doc);
  doc.documentElement.lang = 'en';
  const theme = document.documentElement.dataset.theme;
  if (theme) doc.documentElement.dataset.theme = theme;
  doc.title = `${WORDS.heading(report.learner)} · ${WORDS.site}`;
  doc.head.append(make('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
    make('link', { rel: 'stylesheet', href: new URL('assets/style.css', site).href }),
    make('link', { rel: 'stylesheet', href: new URL('assets/class.css', site).href }));
  const print = make('button', { type: 'button', textContent: WORDS.print });
  print.addEventListener('click', () => page.print());
  const main = make('main', { className: 'progress-report' }, [
    make('h1', { textContent: WORDS.heading(report.learner) }),
    make('p', { className: 'report-meta' }, [WORDS.exported(sayDate(report.exported)), make('a', { href: report.site, textContent: report.site }), '.']),
    make('p', { className: 'report-buttons' }, [print]),
  ]);
  const lessons = Object.entries(report.lessons);
  if (!lessons.length) main.append(make('p', { textContent: WORDS.nothing }));
  for (const [slug, lesson] of lessons) main.append(lessonSection(make, lesson, slug));
  doc.body.append(make('header', { className: 'site' }, [make('a', { href: new URL('index.html', site).href, textContent: WORDS.site })]), main);
  return page;
}
