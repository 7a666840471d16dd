// Builds the static site into site/ from the lessons, the page runtime and the
// compiled core. Run after the native and WebAssembly builds (scripts/build.sh does both).
//
//   site/index.html                the list of lessons
//   site/class/index.html          for teachers: a class's exported progress put together (web/class.html)
//   site/<slug>/index.html         one page per lessons/<slug>/ (math typeset, core code filled in)
//   site/<slug>/<weights>.json     the trained networks the lesson ships, and for those that load on
//                                  request a <weights>.summary.json derived from the weights file
//   site/assets/                   runtime.js (bundled), core-<module>.js + .wasm for each module of
//                                  web/modules.json, style.css, katex/
//
// Every URL in the output is relative, so the folder can be hosted under any path.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import katex from 'katex';
import * as esbuild from 'esbuild';
import { fillProse, lessonInstances } from './lesson-prose.mjs';
import { prerenderDemo, prerenderSweep } from './prerender.mjs';
import { packWeights } from './pack-weights.mjs';
import { packedName } from '../web/runtime/packed-weights.js';
import { writeServiceWorker } from './precache.mjs';
import { checkLesson, DISPLAY_MATH, INLINE_MATH, lessonPrograms, mathSource } from './lesson-check.mjs';
import { writeEmbedPages } from './embed-pages.mjs';
import { lessonNetworks, networkLabels } from './lesson-networks.mjs';
import { builtModules, declaredModules, loadModule, moduleFiles, pageModule, pageModules, WASM_DIR } from './core-modules.mjs';
import { lessonsCorpus } from './lm-corpus.mjs';
import { bundleProgramWorker, programFrame, sitePolicy } from './program-sandbox.mjs';
import { edgeParams, explainSettings, language, reachableExplanations, runtimeLanguages, sayAll, sayEnglish } from './languages.mjs';
import { scratchDir } from './scratch-dir.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// ATTN_LESSONS and ATTN_SITE build another folder of lessons elsewhere (the build's tests use them).
// ATTN_MINIFY=0 leaves the runtime unminified, so a profile names its functions (scripts/trace-input.mjs --inclusive).
const LESSONS = path.resolve(ROOT, process.env.ATTN_LESSONS ?? 'lessons');
const SERVED_SITE = path.resolve(ROOT, process.env.ATTN_SITE ?? 'site');
// The site is built beside the served one and replaces it only once the whole build has succeeded
// (replaceSite), so a failed build leaves the site that is being served as it was.
const SITE = path.join(path.dirname(SERVED_SITE), `.${path.basename(SERVED_SITE)}.building-${process.pid}`);
const ASSETS = path.join(SITE, 'assets');
const NATIVE_CLI = path.join(ROOT, 'build/native/attn');

const read = (file) => fs.readFileSync(path.join(ROOT, file), 'utf8');
// The parts page shells share, each a file of web/: {{head}}, the part of <head> a lesson page and an embed page
// share; {{theme_menu}}, the header's theme menu of the lesson pages, the list of lessons and the class page.
const PARTIALS = { head: 'web/head.html', theme_menu: 'web/theme-menu.html' };
/** A page shell of web/ with its shared parts filled (each without its file's last newline: the shell has its own). */
const readShell = (file) => read(file).replace(/\{\{(head|theme_menu)\}\}/g, (_, name) => read(PARTIALS[name]).trimEnd());
// The programs' sandbox frame, and the policy of every page, which allows the frame's script by its hash.
const PROGRAM_FRAME = programFrame(ROOT);
const POLICY = sitePolicy(PROGRAM_FRAME.hash);
const lineOf = (text, index) => text.slice(0, index).split('\n').length;
const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const fill = (template, values) => template.replace(/\{\{(\w+)\}\}/g, (_, key) => values[key] ?? '');

/** Every `// [snippet:NAME]` ... `// [/snippet]` region under core/, with where it came from. */
function collectSnippets() {
  const snippets = new Map();
  const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : /\.(cpp|hpp)$/.test(e.name) ? [path.join(dir, e.name)] : []);
  for (const file of walk(path.join(ROOT, 'core'))) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    let open = null;
    lines.forEach((line, i) => {
      const start = line.match(/\/\/ \[snippet:([\w-]+)\]/);
      if (start) open = { name: start[1], from: i + 1, body: [] };
      else if (open && line.includes('// [/snippet]')) {
        if (snippets.has(open.name)) throw new Error(`${path.relative(ROOT, file)}:${open.from}: snippet "${open.name}" is marked twice (also in ${snippets.get(open.name).file})`);
        snippets.set(open.name, { file: path.relative(ROOT, file), from: open.from + 1, to: i, code: open.body.join('\n') });
        open = null;
      } else if (open) open.body.push(line);
    });
    if (open) throw new Error(`${path.relative(ROOT, file)}:${open.from}: snippet "${open.name}" is never closed: add // [/snippet] after its code`);
  }
  return snippets;
}

function sourceBlock(snippets, name, say = sayEnglish) {
  const s = snippets.get(name);
  if (!s) throw new Error(`a page asks for core snippet "${name}", which no file in core/ marks`);
  const where = { file: s.file, from: s.from, to: s.to };
  // The <pre> scrolls sideways when a line is long: it takes focus so a keyboard can scroll it.
  return `<figure class="source"><pre tabindex="0" role="group" aria-label="${sayAll('{{say page.source_label}}', say, where)}"><code class="language-cpp">${escapeHtml(s.code)}</code></pre>` +
    `<figcaption>${sayAll('{{say page.source_caption}}', say, where)}</figcaption></figure>`;
}

// Every character of the typeset math on every page, for the fonts' subsets (copyKatexAssets).
const mathCharacters = new Set();

/** Adds the characters a typeset formula shows (its text, without tags or entities) to mathCharacters. */
function noteMathCharacters(typeset) {
  const text = typeset.replace(/<[^>]*>/g, '').replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d))).replace(/&[a-z]+;/g, ' ');
  for (const c of text) mathCharacters.add(c);
  return typeset;
}

/** \( inline \) and \[ display \] math, typeset now so the page needs no KaTeX JavaScript. */
function typesetMath(html) {
  // scripts/lesson-check.mjs (checkMath) has found every formula typesets, with its file and line.
  const render = (tex, displayMode) => noteMathCharacters(katex.renderToString(mathSource(tex), { displayMode, throwOnError: true, output: 'htmlAndMathml' }))
    // A display equation wider than a phone scrolls sideways in its box, so the box takes focus (a keyboard can then scroll it).
    .replace(/^<span class="katex-display">/, '<span class="katex-display" tabindex="0" role="group" aria-label="Equation">');
  return html
    .replace(DISPLAY_MATH, (_, tex) => render(tex, true))
    .replace(INLINE_MATH, (_, tex) => render(tex, false));
}

/**
 * The networks whose weights the network table puts in the lesson's folder (scripts/lesson-networks.mjs),
 * each file named from that folder, split as the table marks them:
 *   atOnce: slot -> file, fetched with the page (packed: web/runtime/packed-weights.js)
 *   onRequest: slot -> {weights, summary, bytes}, whose summary comes with the page and weights when asked
 *   source: slot -> the weights file, from the repository's root
 */
function lessonModels(lesson) {
  const atOnce = {};
  const onRequest = {};
  const source = {};
  for (const { slot, file, weights, onRequest: later } of lessonNetworks(lesson.slug)) {
    source[slot] = path.join(ROOT, file);
    if (!later) { atOnce[slot] = weights; continue; }
    onRequest[slot] = { weights, summary: weights.replace(/\.json$/, '.summary.json'), bytes: fs.statSync(source[slot]).size };
  }
  return { atOnce, onRequest, source };
}

/** A weights file's recorded figures without its weights, made by the core that reads both (`attn summary`). */
function modelSummary(slot, file) {
  return execFileSync(NATIVE_CLI, ['summary', '--slot', slot, '--in', file], { encoding: 'utf8' });
}

/** Each network that loads on request needs a button in a demo (data-load-weights="slot"), and each button such a network. */
function checkLoadButtons(html, file, onRequest) {
  const buttons = [...html.matchAll(/data-load-weights="([^"]*)"/g)];
  for (const { 1: slot, index } of buttons) {
    if (!onRequest[slot]) {
      throw new Error(`${file}:${lineOf(html, index)}: a demo offers to load ${slot}, which the network table (core/nn/network_table.cpp) does not load on request for this lesson: mark it there, or remove data-load-weights`);
    }
  }
  for (const slot of Object.keys(onRequest)) {
    if (!buttons.some((b) => b[1] === slot)) {
      throw new Error(`${file}:1: ${slot} loads on request (core/nn/network_table.cpp), but no demo has its button: add data-load-weights="${slot}" to a demo of lesson.html`);
    }
  }
}

/**
 * A folder holding the networks a lesson's page starts with: the weights that come with it and the
 * summaries of those that load on request (`attn run` reads it as ATTN_MODELS_DIR).
 */
function pageModelsDir(lesson) {
  const dir = scratchDir(`attn-${lesson.slug}-models-`);
  const { atOnce, onRequest, source } = lessonModels(lesson);
  const fileFor = (slot, suffix) => path.join(dir, `${slot.replace('/', '-')}${suffix}`);
  for (const slot of Object.keys(atOnce)) fs.copyFileSync(source[slot], fileFor(slot, '.json'));
  for (const slot of Object.keys(onRequest)) fs.writeFileSync(fileFor(slot, '.summary.json'), modelSummary(slot, source[slot]));
  return dir;
}

/**
 * The native core's answer for one demo run, as the page's module would give it with the networks it
 * starts with (`modelsDir`). The prose and the prerendered demo share each instance's run.
 */
const nativeAnswers = new Map();
function runNative(modelsDir, id, params) {
  const key = `${modelsDir} ${id} ${JSON.stringify(params)}`;
  if (!nativeAnswers.has(key)) nativeAnswers.set(key, runNativeOnce(modelsDir, id, params));
  return nativeAnswers.get(key);
}
function runNativeOnce(modelsDir, id, params) {
  try {
    const env = { ...process.env, ATTN_MODELS_DIR: modelsDir };
    return JSON.parse(execFileSync(NATIVE_CLI, ['run', id, JSON.stringify(params)], { encoding: 'utf8', env }));
  } catch (error) {
    if (error.status === 1) return JSON.parse(error.stdout); // the core answered with an error
    throw error;
  }
}

/**
 * The modules of web/modules.json the page loads (core-modules.mjs, pageModules), for its demos and what
 * else it calls: one module, or for demos of several lessons the modules that hold them. When a demo is in
 * no module, the error names its line.
 */
function lessonModules(lesson, html, file, modules) {
  const uses = [...html.matchAll(/<div class="demo"[^>]*>/g)].map((m) => ({ id: demoId(m[0]), index: m.index }));
  try {
    return pageModules(modules, uses.map((u) => u.id), lessonApi(lesson));
  } catch (error) {
    const first = uses.find((u) => ![...modules.values()].some((m) => m.demos.has(u.id)));
    throw new Error(`${file}:${first ? lineOf(html, first.index) : 1}: ${error.message}`);
  }
}

/**
 * The names the lessons' text gives the networks (network -> label, from the network table), for a page
 * that shows or trains any (web/runtime/networks.js, networkName); '' for the others.
 */
function pageNetworkLabels(lesson, html, demos) {
  const reads = [...html.matchAll(/<div class="demo"[^>]*>/g)].some((m) => demos.get(demoId(m[0]))?.networks?.length);
  const uses = reads || lessonNetworks(lesson.slug).length > 0 || /<div class="demo"[^>]*\sdata-(lm-)?trainer[\s>]/.test(html);
  return uses ? escapeHtml(JSON.stringify(networkLabels())) : '';
}

/** The API groups a lesson's page calls besides the demos'. */
const lessonApi = (lesson) => (lessonNetworks(lesson.slug).length ? ['models'] : []);

/**
 * The values naming a page's modules: <main data-core="a b"> and the <head>'s preloads of their files (fetched
 * and compiled as they arrive, before runtime.js asks for them), for a page in site/<slug>/.
 */
function coreValues(names) {
  const preloads = names.map((name) => {
    const [loader, wasm] = moduleFiles(name);
    return `<link rel="modulepreload" href="../assets/${loader}">\n<link rel="preload" href="../assets/${wasm}" as="fetch" crossorigin>`;
  });
  return { core: names.join(' '), core_preloads: preloads.join('\n') };
}

/** The demo id of a `<div class="demo" …>` tag, wherever data-demo stands in it. */
const demoId = (tag) => tag.match(/\sdata-demo="([\w-]+)"/)?.[1];

// The calls only a page's workers make, by the markup that starts the worker: each worker loads the
// smallest module with them, so the page's own module (its first load) goes without.
const WORKER_CALLS = { training: /<div class="demo"[^>]*\sdata-trainer[\s>]/, robot: /<div class="demo"[^>]*\sdata-program=/,
  lm: /<div class="demo"[^>]*\sdata-lm-trainer[\s>]/ };

/**
 * The modules the page loads on a learner's first click on a number (web/runtime/core.js, loadExplainCore):
 * the smallest explain module with every demo the page shows, or one per lesson when the page mixes lessons;
 * '' when a demo has no explain module (the page then marks no number as explainable).
 */
function lessonExplainModule(html, modules) {
  const explaining = new Map([...modules].filter(([, m]) => m.api.includes('explain')));
  try {
    return pageModules(explaining, [...html.matchAll(/<div class="demo"[^>]*>/g)].map((m) => demoId(m[0])), ['explain']).join(' ');
  } catch {
    return '';
  }
}

/**
 * What each demo explains (its explainer's {"kind": "contents"}: which tables, sentence numbers, printout
 * and charts), asked of the explain module once at build time, so the page marks its numbers as
 * explainable before that module is loaded. '' for a demo that explains nothing.
 */
/**
 * A translated page's demos at and past their parameters' edges (languages.mjs, edgeParams), so the build
 * knows the refusals a learner can meet and checks that the translation has their words. Run in the
 * WebAssembly modules, in this process: the same C++ checks as the native tool, where a process per run
 * (about 130 runs for the French lesson) took 20 to 45 s on a busy 2-core machine.
 */
async function edgeRunner(modules) {
  const cores = [];
  for (const name of modules.keys()) cores.push(await loadModule(name));
  return (id, params) => cores.find((c) => c.demos.has(id)).run(id, params);
}

async function explainedContents(modules) {
  const cores = new Map();
  for (const [name, { api }] of modules) if (api.includes('explain')) cores.set(name, await loadModule(name));
  const coreOf = (names, id) => names.split(' ').map((name) => cores.get(name)).find((c) => c?.demos.has(id));
  const contents = (names, id, params) => {
    const core = coreOf(names, id);
    const answer = core ? core.explain(id, params, { kind: 'contents' }) : { ok: false };
    return answer.ok ? JSON.stringify(answer.explanation) : '';
  };
  /** Every explanation a learner can open on the demo, at its preset and a few settings (languages.mjs), for a translated page's check. */
  contents.reachable = (names, demo, preset) => {
    const core = coreOf(names, demo.id);
    return core ? explainSettings(demo, preset).flatMap((params) => reachableExplanations(core, demo.id, params)) : [];
  };
  return contents;
}

/** group -> module, for the workers the page has (web/runtime/core.js, workerCoreName). */
function lessonWorkerModules(html, modules) {
  return Object.fromEntries(Object.entries(WORKER_CALLS).filter(([, markup]) => markup.test(html))
    .map(([group]) => [group, pageModule(modules, [], [group])]));
}

/** A lesson page's shell in its language: <html lang>, the page's words, and the core's words for the runtime. */
function shell(template, words, values) {
  return sayAll(template, words.say, values).replace(/\{\{lang\}\}/g, words.lang)
    .replace('</head>', `${words.coreWordsScript()}\n</head>`);
}

/** Runs `draw` with the prerendering document in `lang`, so the runtime's say() speaks it (strings/index.js). */
function inLanguage(lang, draw) {
  const root = globalThis.document.documentElement;
  const before = root.lang;
  root.lang = lang;
  try { return draw(); } finally { root.lang = before; }
}

/** The build stops on a translation with a missing or unknown key, naming each (scripts/languages.mjs). */
async function checkTranslations(languages) {
  const problems = (await Promise.all([...languages.values()].map((l) => l.check()))).flat();
  if (problems.length) throw new Error(problems.join('\n'));
}

const languageName = (lang) => new Intl.DisplayNames(['en'], { type: 'language' }).of(lang);

/** A sweep chart's data file (data-src, relative to the lesson's folder), or an error naming the lesson and the file. */
function sweepData(folder, src, file) {
  try {
    return JSON.parse(fs.readFileSync(path.join(folder, src), 'utf8'));
  } catch (error) {
    throw new Error(`${file}: data-src="${src}": ${error.code === 'ENOENT' ? 'no such file in the lesson\'s folder' : error.message}`);
  }
}

function lessonPage(lesson, html, lessons, demos, snippets, template, pages, modules, contents, words, refuse) {
  const { atOnce, onRequest } = lessonModels(lesson);
  const folder = path.join(LESSONS, lesson.slug);
  const file = path.relative(ROOT, path.join(folder, 'lesson.html'));
  checkLoadButtons(html, file, onRequest);
  checkLesson(html, file, { folder, demos, pages, snippets });
  const cores = lessonModules(lesson, html, file, modules);
  const workerCores = lessonWorkerModules(html, modules);
  const explainCore = lessonExplainModule(html, modules);
  const modelsDir = pageModelsDir(lesson);
  const run = (id, params) => runNative(modelsDir, id, params);
  let body = fillProse(html, file, demos, run, words.quote);
  body = body.replace(/<pre class="source" data-source="([\w-]+)"><\/pre>/g, (_, name) => sourceBlock(snippets, name, words.say));
  // Each demo: its output at the preset (scripts/prerender.mjs) until the runtime takes over, then the core code it runs.
  const instances = lessonInstances(html, file, demos);
  body = body.replace(/(<div class="demo"[^>]*>)\s*<\/div>/g, (_, open) => {
    const id = demoId(open);
    const demo = demos.get(id);
    if (!demo) throw new Error(`${lesson.slug}: no demo called "${id}" in the core`);
    const code = demo.sources.map((name) => sourceBlock(snippets, name, words.say)).join('');
    const instance = instances.get(open.match(/\sdata-instance="([^"]*)"/)?.[1] || id);
    words.noteSaid(demo, [run(id, instance.params), run(id, {}), ...(refuse ? edgeParams(demo).map((params) => refuse(id, params)) : [])]);
    if (refuse) words.noteExplained(demo, contents.reachable(explainCore, demo, instance.params));
    const answer = run(id, instance.params);
    const inner = inLanguage(words.lang, () => prerenderDemo(words.demo(demo), open, words.answer(answer)));
    const explains = contents(explainCore, id, instance.params);
    // The kinds of picture it draws at its preset, whose views the page fetches while its module loads (render/figure-views.js).
    const kinds = [...new Set((answer.result?.figures ?? []).map((f) => f.kind))].join(' ');
    const tag = open.replace('class="demo"', 'class="demo prerendered"')
      .replace(/>$/, `${explains ? ` data-explains="${escapeHtml(explains)}"` : ''}${kinds ? ` data-figures="${kinds}"` : ''}>`);
    return `${tag}${inner}</div>` +
      (code ? `<details class="demo-source"><summary>${escapeHtml(words.say('page.demo_source'))}</summary>${code}</details>` : '');
  });
  fs.rmSync(modelsDir, { recursive: true, force: true });
  body = body.replace(/(<div class="(rate-sweep|scale-sweep)" data-src="([^"]+)">)<\/div>/g, (_, open, kind, src) =>
    `${open}${inLanguage(words.lang, () => prerenderSweep(kind, sweepData(folder, src, file)))}</div>`);
  body = typesetMath(body);
  const page = { ...coreValues(cores), explain_core: explainCore, worker_cores: escapeHtml(JSON.stringify(workerCores)), models: escapeHtml(JSON.stringify(Object.fromEntries(Object.entries(atOnce).map(([slot, file]) => [slot, packedName(file)])))), models_on_request: escapeHtml(JSON.stringify(onRequest)), network_labels: pageNetworkLabels(lesson, html, demos), root: '../', csp: POLICY, strings_script: words.stringsScript('../') };
  // An embed page loads only its own demo's module, where the lesson's page loads several.
  const embedCore = (id) => coreValues(cores.length > 1 ? pageModules(modules, [id], lessonApi(lesson)) : cores);
  writeEmbedPages(path.join(SITE, lesson.slug), lesson, body, demos, shell(readShell('web/embed.html'), words), page, embedCore);
  // A lesson's neighbours are the lessons in its language: a translation is listed, not put in the English sequence.
  const sequence = lessons.filter((l) => (l.lang ?? 'en') === words.lang);
  const index = sequence.indexOf(lesson);
  const link = (l, rel) => (l ? `<a href="../${l.slug}/" rel="${rel}">${escapeHtml(l.title)}</a>` : '');
  const nav = [link(sequence[index - 1], 'prev'), `<a href="../index.html">${escapeHtml(words.say('page.all_lessons'))}</a>`, link(sequence[index + 1], 'next')]
    .filter(Boolean).join(' · ');
  return fill(shell(template, words, { minutes: String(lesson.minutes ?? '') }), {
    ...page, title: escapeHtml(lesson.title), summary: escapeHtml(lesson.summary), kicker: escapeHtml(lesson.kicker ?? ''),
    minutes: String(lesson.minutes ?? ''), content: body, nav,
  });
}

/** Every relative link and asset in the built pages must exist: a teacher hosting the folder gets no 404s. */
function checkLinks(lessons) {
  const pages = ['index.html', 'class/index.html', ...lessons.flatMap((l) => fs.readdirSync(path.join(SITE, l.slug)).filter((f) => f.endsWith('.html')).map((f) => `${l.slug}/${f}`))];
  for (const page of pages) {
    const html = fs.readFileSync(path.join(SITE, page), 'utf8');
    for (const [, url] of html.matchAll(/(?:href|src)="([^"#:]+)(?:#[^"]*)?"/g)) {
      let target = path.join(SITE, path.dirname(page), url);
      if (url.endsWith('/')) target = path.join(target, 'index.html');
      if (!fs.existsSync(target)) throw new Error(`${page} links to ${url}, which the site does not have`);
    }
  }
}

/**
 * web/style.css writes each colour once, as `--name: light-dark(LIGHT, DARK);`. Browsers from before
 * 2024 (Safari 17.4, Chrome 122, Firefox 119 and older: school tablets among them) do not know
 * light-dark(), and every colour would fall back to black on white. For them this appends the same
 * pairs as plain values, chosen by prefers-color-scheme and html[data-theme] as color-scheme chooses
 * them, and light in print.
 */
function withColourFallback(css) {
  const pairs = [...css.matchAll(/^\s*(--[\w-]+):\s*light-dark\(([^,()]+),\s*([^,()]+)\);/gm)];
  if (!pairs.length) return css;
  const values = (k) => pairs.map((m) => `${m[1]}: ${m[k].trim()};`).join(' ');
  const [light, dark] = [values(2), values(3)];
  return `${css}
/* Generated by scripts/build-site.mjs from the light-dark() pairs above, for browsers without light-dark(). */
@supports not (color: light-dark(#000, #fff)) {
  :root { ${light} }
  @media (prefers-color-scheme: dark) { :root:not([data-theme="light"]) { ${dark} } }
  :root[data-theme="dark"] { ${dark} }
  @media print { :root, :root[data-theme] { ${light} } }
}
`;
}

const STRINGS_DIR = path.join(ROOT, 'web/runtime/strings');

/**
 * assets/strings-<lang>.js for each language, made here rather than written once per language: it gives
 * the runtime that language's table (strings/index.js's addStrings). A page loads its language's before
 * runtime.js; it shares strings/index.js with the runtime through a chunk (splitting below). So the
 * bundles carry no table themselves: strings/index.js's own English (for Node: the build, the tests) is
 * an empty table here, and a French page loads the French words only (the build has checked they are
 * complete, so it never falls back to English).
 */
const stringTables = {
  name: 'string-tables',
  setup(build) {
    build.onResolve({ filter: /^\.\/en\.js$/ }, (args) => (args.importer === path.join(STRINGS_DIR, 'index.js') ? { path: 'none', namespace: 'no-table' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'no-table' }, () => ({ contents: 'export default {};', loader: 'js' }));
    build.onResolve({ filter: /^strings:/ }, (args) => ({ path: args.path.slice('strings:'.length), namespace: 'strings' }));
    build.onLoad({ filter: /.*/, namespace: 'strings' }, (args) => ({
      resolveDir: STRINGS_DIR, loader: 'js',
      contents: `import { addStrings } from './index.js';\nimport table from './${args.path}.js';\naddStrings(${JSON.stringify(args.path)}, table);\n`,
    }));
  },
};

async function bundleRuntime(modules) {
  await esbuild.build({
    // The page's runtime, and the training worker it starts (a separate file, as workers must be).
    // theme.js is also inside the runtime; the list of lessons, which has no demos, loads it alone.
    // reader.js (knowledge-check answers, print) is its own script, so it works even when the core cannot start.
    entryPoints: {
      runtime: path.join(ROOT, 'web/runtime/main.js'), 'train-worker': path.join(ROOT, 'web/runtime/train-worker.js'),
      theme: path.join(ROOT, 'web/runtime/theme.js'), reader: path.join(ROOT, 'web/runtime/reader.js'),
      offline: path.join(ROOT, 'web/runtime/offline.js'), // registers sw.js: offline after the first visit
      'lesson-path': path.join(ROOT, 'web/runtime/lesson-path.js'), // the list of lessons: the learner's progress
      class: path.join(ROOT, 'web/runtime/class-page.js'), // the class page: learners' progress files read in the browser
      // The robot lesson's program panels (with CodeMirror): loaded on first use.
      programs: path.join(ROOT, 'web/runtime/programs/panel.js'),
      ...Object.fromEntries(runtimeLanguages().map((lang) => [`strings-${lang}`, `strings:${lang}`])),
    },
    bundle: true, format: 'esm', minify: process.env.ATTN_MINIFY !== '0', target: 'es2020', logLevel: 'warning',
    outdir: ASSETS, plugins: [stringTables],
    // What several of the scripts above use (the strings, the page's helpers) is one shared file
    // (assets/chunk-<hash>.js) rather than a copy in each: a page loads runtime.js, reader.js and offline.js.
    splitting: true,
    // (The cores' loaders sit beside the bundles, loaded as they are: core.js imports them by a computed address.)
  });
  // The kept theme applied before the first paint: theme.js again, as a classic script the <head> waits for
  // (a module runs only after the page is parsed; the pages' policy allows no inline script).
  await esbuild.build({
    entryPoints: [path.join(ROOT, 'web/runtime/theme.js')], bundle: true, format: 'iife', minify: true, target: 'es2020',
    logLevel: 'warning', outfile: path.join(ASSETS, 'theme-first.js'),
  });
  // The programs' worker and the frame it runs in (scripts/program-sandbox.mjs).
  const [programsCore] = moduleFiles(pageModule(modules, [], ['robot']));
  await bundleProgramWorker(ROOT, ASSETS, path.join(WASM_DIR, programsCore));
  fs.writeFileSync(path.join(ASSETS, 'program-frame.json'), JSON.stringify({ html: PROGRAM_FRAME.html }));
}

/**
 * The files a lesson ships beside its page: its trained weights (lessonModels), "data" files, the
 * programs its demos open (data-program), and a summary of each network that loads on request.
 */
function copyLessonFiles(lesson, html) {
  const { atOnce, onRequest, source } = lessonModels(lesson);
  const copy = (from, file) => {
    const target = path.join(SITE, lesson.slug, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(from, target);
  };
  for (const file of new Set([...(lesson.data ?? []), ...lessonPrograms(html)])) copy(path.join(LESSONS, lesson.slug, file), file);
  // The weights a page fetches with its module travel packed (web/runtime/packed-weights.js).
  for (const [slot, file] of Object.entries(atOnce)) {
    const target = path.join(SITE, lesson.slug, packedName(file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, packWeights(fs.readFileSync(source[slot], 'utf8'), source[slot]));
  }
  for (const [slot, { weights, summary }] of Object.entries(onRequest)) {
    copy(source[slot], weights);
    fs.writeFileSync(path.join(SITE, lesson.slug, summary), modelSummary(slot, source[slot]));
  }
}

/**
 * Each module of web/modules.json: its .wasm as built, its loader minified (Emscripten's own minifier
 * leaves names long without Closure, which Debian's Emscripten lacks: 9.0 -> 7.0 KB gzip).
 */
function copyModules() {
  for (const [loader, wasm] of [...declaredModules().keys()].map(moduleFiles)) {
    fs.copyFileSync(path.join(WASM_DIR, wasm), path.join(ASSETS, wasm));
    const code = fs.readFileSync(path.join(WASM_DIR, loader), 'utf8');
    fs.writeFileSync(path.join(ASSETS, loader), esbuild.transformSync(code, { minify: true, format: 'esm', target: 'es2020' }).code);
  }
}

/** MicroPython's WebAssembly (npm) and the programs' robot module, fetched by the page on the first Run. */
function copyPython() {
  const dist = path.join(ROOT, 'node_modules/@micropython/micropython-webassembly-pyscript');
  fs.copyFileSync(path.join(dist, 'micropython.wasm'), path.join(ASSETS, 'micropython.wasm'));
  fs.copyFileSync(path.join(ROOT, 'web/runtime/programs/robot.py'), path.join(ASSETS, 'robot.py'));
}

/**
 * KaTeX's stylesheet and its woff2 fonts (every browser that runs WebAssembly reads woff2, so the other formats
 * would never be fetched), each cut to the characters of the pages' math (scripts/subset_fonts.py), plus
 * printable ASCII and the few signs a lesson's text writes beside its numbers, so that an edited lesson that
 * rebuilds still finds its digits and letters.
 */
function copyKatexAssets() {
  const dist = path.join(ROOT, 'node_modules/katex/dist');
  fs.mkdirSync(path.join(ASSETS, 'katex/fonts'), { recursive: true });
  fs.copyFileSync(path.join(dist, 'katex.min.css'), path.join(ASSETS, 'katex/katex.min.css'));
  const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
  const characters = path.join(scratchDir('attn-fonts-'), 'characters.txt');
  fs.writeFileSync(characters, [...new Set([...ascii, '−', '×', '·', '…', '√', ...mathCharacters])].join(''));
  execFileSync('/usr/bin/python3', [path.join(ROOT, 'scripts/subset_fonts.py'), characters, path.join(dist, 'fonts'),
    path.join(ASSETS, 'katex/fonts')], { stdio: 'inherit' });
}

/**
 * The list of lessons, in their order: each with its time, the lessons it builds on (lesson.json
 * "builds_on", each one that comes earlier), where to start, and a line that web/runtime/lesson-path.js
 * fills with the learner's progress from the counts of demos and questions given here. A translation
 * ("translation_of") is no step of its own: its original's item links to it ("Also in French").
 */
function lessonList(lessons, pages) {
  const bySlug = new Map(lessons.map((l) => [l.slug, l]));
  const say = (key, values) => sayAll(`{{say ${key}}}`, sayEnglish, values);
  const progress = (l) => {
    const html = pages.get(l.slug);
    const demos = (html.match(/<div class="demo"/g) ?? []).length;
    const checks = (html.match(/<div class="check"/g) ?? []).length;
    return `<p class="lesson-progress" data-slug="${l.slug}" data-demos="${demos}" data-checks="${checks}" hidden></p>`;
  };
  const translations = new Map();  // original's slug -> its translations (checkTranslationsOf)
  for (const l of lessons.filter((x) => x.translation_of !== undefined)) translations.set(l.translation_of, [...(translations.get(l.translation_of) ?? []), l]);
  const alsoIn = (l) => `<p class="lesson-translation">${say('index.also_in', {
    language: languageName(l.lang), lesson: `<a href="${l.slug}/" lang="${l.lang}">${escapeHtml(l.title)}</a>`,
  })}</p>${progress(l)}`;
  const items = lessons.filter((l) => l.translation_of === undefined).map((l, i) => {
    const before = (l.builds_on ?? []).map((slug) => {
      const earlier = bySlug.get(slug);
      if (!earlier || earlier.order >= l.order) throw new Error(`${l.file}:${l.lineOf(slug)}: "builds_on" names "${slug}", which is not an earlier lesson's folder`);
      return `<a href="${slug}/">${escapeHtml(earlier.title)}</a>`;
    });
    const inOwnLanguage = l.lang && l.lang !== 'en' ? ` lang="${l.lang}"` : '';  // its title and summary, in the English list
    const meta = [l.minutes ? say('index.minutes', { minutes: l.minutes }) : '', before.length ? say('index.builds_on', { lessons: before.join(say('index.and')) }) : say('index.needs_nothing'),
      l.lang && l.lang !== 'en' ? say('index.in_language', { language: languageName(l.lang) }) : ''].filter(Boolean);
    return `    <li${i === 0 ? ' class="start"' : ''}>${i === 0 ? `<p class="start-here">${say('index.start_here')}</p>` : ''}` +
      `<a href="${l.slug}/"${inOwnLanguage}>${escapeHtml(l.title)}</a><p class="lesson-meta">${meta.join(' · ')}</p><p${inOwnLanguage}>${escapeHtml(l.summary)}</p>` +
      `${progress(l)}${(translations.get(l.slug) ?? []).map(alsoIn).join('')}</li>`;
  }).join('\n');
  return fill(sayAll(readShell('web/index.html'), sayEnglish), { lessons: items, csp: POLICY, root: '' });
}

/** Each "translation_of" names the folder of a lesson in another language that is no translation itself. */
function checkTranslationsOf(lessons) {
  const bySlug = new Map(lessons.map((l) => [l.slug, l]));
  for (const l of lessons.filter((x) => x.translation_of !== undefined)) {
    const original = bySlug.get(l.translation_of);
    if (!original || original.translation_of !== undefined || (original.lang ?? 'en') === (l.lang ?? 'en')) {
      throw new Error(`${l.file}:${l.lineOf('translation_of')}: "translation_of" names "${l.translation_of}", which is not the folder of a lesson in another language`);
    }
  }
}

/** Where the text of lesson.json breaks JSON, as `file:line: message`. */
function parseLessonJson(text, file) {
  try {
    return JSON.parse(text);
  } catch (error) {
    const at = Number(error.message.match(/at position (\d+)/)?.[1] ?? text.length);
    const why = error.message.replace(/ in JSON at position \d+$/, '').replace(/ JSON input$/, ' of the file');
    throw new Error(`${file}:${lineOf(text, at)}: lesson.json is not valid JSON here (${why}): ` +
      'check the quotes, commas and braces, as in {"slug": "my-lesson", "order": 5, "title": "…", "summary": "…"}');
  }
}

/**
 * lessons/<folder>/lesson.json, checked where the pages and the lesson list need it: its slug is its
 * folder's name (the lesson's address), its order, title and summary are there, and every file it
 * names is in the folder. Returns its keys, with `file` and `lineOf(text)` for messages.
 */
function readLesson(folder) {
  const file = path.relative(ROOT, path.join(LESSONS, folder, 'lesson.json'));
  const text = fs.readFileSync(path.join(LESSONS, folder, 'lesson.json'), 'utf8');
  const meta = parseLessonJson(text, file);
  const lineOfText = (quoted) => Math.max(1, lineOf(text, text.indexOf(`"${quoted}"`)));
  const where = (quoted) => `${file}:${lineOfText(quoted)}`;
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) {
    throw new Error(`${file}:1: lesson.json holds one object: {"slug": "${folder}", "order": 5, "title": "…", "summary": "…"}`);
  }
  if (meta.slug !== undefined && meta.slug !== folder) {
    throw new Error(`${where('slug')}: "slug" is "${meta.slug}", but the lesson's folder is called "${folder}": ` +
      `write "slug": "${folder}" (the folder's name is the lesson's address), or rename the folder`);
  }
  for (const [key, kind, example] of [['order', 'number', '5'], ['title', 'string', '"My lesson"'], ['summary', 'string', '"One sentence."']]) {
    if (typeof meta[key] !== kind) {
      throw new Error(`${key in meta ? where(key) : `${file}:1`}: "${key}" ${key in meta ? `must be a ${kind === 'number' ? 'number' : 'text in quotes'}` : 'is missing'}: write "${key}": ${example}`);
    }
  }
  for (const f of meta.data ?? []) {
    if (!fs.existsSync(path.join(LESSONS, folder, f))) {
      throw new Error(`${where(f)}: "data" names ${f}, which the lesson's folder does not have: add the file to ${folder}/, or correct the name`);
    }
  }
  for (const key of ['models', 'load_on_request'].filter((k) => k in meta)) {
    throw new Error(`${where(key)}: "${key}" is not read: the networks a lesson ships, and which of them load on request, ` +
      'are entries of the network table (core/nn/network_table.cpp, docs/networks.md): remove it here');
  }
  return { ...meta, slug: folder, file, lineOf: lineOfText };
}

/**
 * Every module of web/modules.json must have been built (build/wasm/core-NAME.js and .wasm): one added
 * to the list since the last WebAssembly build has no files to copy.
 */
function checkModulesBuilt() {
  const list = 'web/modules.json';
  const text = read(list);
  for (const name of declaredModules().keys()) {
    const missing = moduleFiles(name).find((f) => !fs.existsSync(path.join(WASM_DIR, f)));
    if (!missing) continue;
    const line = lineOf(text, Math.max(0, text.search(new RegExp(`"${name}"\\s*:`))));
    throw new Error(`${list}:${line}: the module "${name}" is not built yet (${path.relative(ROOT, path.join(WASM_DIR, missing))} is missing): ` +
      'run scripts/build.sh, which builds every module this list names');
  }
}

/**
 * Puts the finished build in the served folder's place: two renames, each atomic, so the folder is
 * at no moment half-built (between them, for an instant, there is no folder at all).
 */
function replaceSite() {
  const old = `${SITE}.old`;
  if (fs.existsSync(SERVED_SITE)) fs.renameSync(SERVED_SITE, old);
  fs.renameSync(SITE, SERVED_SITE);
  fs.rmSync(old, { recursive: true, force: true });
}

async function buildSite() {
  fs.rmSync(SITE, { recursive: true, force: true });
  fs.mkdirSync(ASSETS, { recursive: true });
  const demos = new Map(JSON.parse(execFileSync(NATIVE_CLI, ['list'], { encoding: 'utf8' })).map((d) => [d.id, d]));
  const snippets = collectSnippets();
  const template = readShell('web/page.html');
  const lessons = fs.readdirSync(LESSONS)
    .filter((slug) => fs.existsSync(path.join(LESSONS, slug, 'lesson.json')))
    .map(readLesson)
    .sort((a, b) => a.order - b.order);
  checkTranslationsOf(lessons);
  const pages = new Map(lessons.map((l) => [l.slug, fs.readFileSync(path.join(LESSONS, l.slug, 'lesson.html'), 'utf8')]));
  checkModulesBuilt();
  const modules = await builtModules();
  const contents = await explainedContents(modules);
  const languages = new Map();
  const edges = lessons.some((l) => (l.lang ?? 'en') !== 'en') ? await edgeRunner(modules) : null;
  for (const lesson of lessons) {
    const html = pages.get(lesson.slug);
    const lang = lesson.lang ?? 'en';
    if (!languages.has(lang)) languages.set(lang, await language(lang, `${lesson.file}:${lesson.lineOf('lang')}`));
    fs.mkdirSync(path.join(SITE, lesson.slug), { recursive: true });
    fs.writeFileSync(path.join(SITE, lesson.slug, 'index.html'), lessonPage(lesson, html, lessons, demos, snippets, template, pages, modules, contents, languages.get(lang), lang === 'en' ? null : edges));
    copyLessonFiles(lesson, html);
  }
  await checkTranslations(languages);
  fs.writeFileSync(path.join(SITE, 'index.html'), lessonList(lessons, pages));
  fs.mkdirSync(path.join(SITE, 'class'));
  fs.writeFileSync(path.join(SITE, 'class', 'index.html'), fill(sayAll(readShell('web/class.html'), sayEnglish), { csp: POLICY, root: '../' }));
  fs.writeFileSync(path.join(ASSETS, 'style.css'), withColourFallback(read('web/style.css')));
  fs.copyFileSync(path.join(ROOT, 'web/class.css'), path.join(ASSETS, 'class.css'));
  // The language model's default text: the lessons' own prose (scripts/lm-corpus.mjs, docs/lm.md).
  fs.writeFileSync(path.join(ASSETS, 'lessons.txt'), lessonsCorpus());
  copyModules();
  copyKatexAssets();
  copyPython();
  await bundleRuntime(modules);
  checkLinks(lessons);
  // Last, as it hashes every file: site/sw.js, which keeps the whole site for offline use (web/sw.js).
  // Weights that load on request are cached when first loaded, not with the first visit (docs/offline.md).
  writeServiceWorker(SITE, lessons.flatMap((l) => Object.values(lessonModels(l).onRequest).map((m) => `${l.slug}/${m.weights}`)));
  return lessons;
}

/** A build stopped by Ctrl-C (or a kill) removes its half-built folder too, as a failed one does in main. */
function removeBuildWhenStopped() {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      fs.rmSync(SITE, { recursive: true, force: true });
      process.exit(1);
    });
  }
}

async function main() {
  removeBuildWhenStopped();
  try {
    const lessons = await buildSite();
    replaceSite();
    console.log(`site built: ${lessons.length} lesson(s) in ${path.relative(process.cwd(), SERVED_SITE) || '.'}/`);
  } finally {
    fs.rmSync(SITE, { recursive: true, force: true }); // what a failed build made; nothing after a success
  }
}

main().catch((error) => {
  console.error(`build-site: ${error?.message ?? error}`);
  process.exit(1);
});
