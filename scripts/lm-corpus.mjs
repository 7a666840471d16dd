// The language model lesson's default text: the site's own lessons, their prose only, extracted from
// lessons/*/lesson.html in the lessons' order. Deterministic: the same lessons give the same bytes.
// What is kept: the words of each paragraph, heading and list item, one to a line, with a blank line
// between lessons. What is left out: markup, math (\( \) and \[ \]: TeX is not prose), demos, core code,
// knowledge-check answers' text areas and comments, so the model learns to write sentences like these.
//   node scripts/lm-corpus.mjs [OUT]     writes the text to OUT (default: standard output)
// The site build writes it beside the lesson (site/<slug>/lessons.txt); scripts/make_lm_weights.sh
// trains the shipped network on it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LESSONS = path.join(ROOT, 'lessons');

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', times: '×', minus: '−', middot: '·' };

function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name] ?? whole;
  });
}

/** The prose of one lesson.html: a line per block of text. */
export function lessonProse(html) {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(pre|textarea|script|style)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<div class="demo"[^>]*>\s*<\/div>/g, '')
    .replace(/\\\[[\s\S]*?\\\]/g, '')
    .replace(/\\\([\s\S]*?\\\)/g, '')
    // Block ends become line ends; every other tag goes.
    .replace(/<\/(p|h[1-6]|li|summary|td|th|dt|dd)>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').replace(/ ([,.;:])/g, '$1').trim())
    .filter((line) => line.length > 0)
    .join('\n');
}

/** Every lesson's prose, by the lessons' order (lesson.json), each ending with a blank line. */
export function lessonsCorpus(lessonsDir = LESSONS) {
  const lessons = fs.readdirSync(lessonsDir)
    .filter((slug) => fs.existsSync(path.join(lessonsDir, slug, 'lesson.json')))
    .map((slug) => ({ slug, order: JSON.parse(fs.readFileSync(path.join(lessonsDir, slug, 'lesson.json'), 'utf8')).order }))
    .sort((a, b) => a.order - b.order || (a.slug < b.slug ? -1 : 1));
  return lessons.map(({ slug }) => `${lessonProse(fs.readFileSync(path.join(lessonsDir, slug, 'lesson.html'), 'utf8'))}\n\n`).join('');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = lessonsCorpus();
  if (process.argv[2]) fs.writeFileSync(process.argv[2], text);
  else process.stdout.write(text);
}
