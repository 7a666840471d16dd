// Page entry point: load the core once (and the trained networks the lesson
// ships, if any, or the summaries of those that load on request), then bring
// every demo on the page to life.
import { loadCore, prepareExplainCore } from './core.js';
import { slotsRead } from './core-face.js';
import { mountDemo } from './demo-view.js';
import { loadFigureViews } from './render/figure-views.js';
import { writeAll } from './render/write-soon.js';
import { fetchWeights, requireLoaded } from './lesson-files.js';
import { attachPrograms } from './programs/entry.js';
import { attachEmbedLinks } from './embed-links.js';
import { addressPending, has, linkedInstances } from './address.js';
import { MAX_UNKNOWN_NAMED } from './link-values.js';
import { reportHeight } from './embed-height.js';
import { markPageScrolls } from './scroll-marks.js';
import './theme.js'; // the header's light / dark / system menu (web/runtime/theme.js)
import { say } from './strings/index.js';

function showProblem(container, text) {
  const p = document.createElement('p');
  p.className = 'problem';
  p.setAttribute('role', 'alert');
  p.textContent = text;
  // A prerendered demo keeps its output at the preset under the message (scripts/prerender.mjs).
  if (container.classList.contains('prerendered')) container.prepend(p);
  else container.replaceChildren(p);
  container.classList.add('failed');
}

/**
 * The texts of the lesson's pretrained weights that come with the page (slot -> file), fetched while the
 * module downloads rather than after it (on slow 4G they are a third of the table page's bytes).
 */
function fetchLessonModels(listed) {
  const fetching = Promise.all(Object.entries(listed).map(async ([slot, file]) => [slot, file, await fetchWeights(file)]));
  fetching.catch(() => {});  // a failure is shown where it is awaited, not as an unhandled rejection meanwhile
  return fetching;
}

/** The weights fetched by fetchLessonModels, put in `networks`. */
async function loadLessonModels(networks, fetching) {
  for (const [slot, file, text] of await fetching) requireLoaded(networks.use(slot, text, { kind: 'lesson' }), file);
}

/**
 * The explain module computes the numbers of the demos that read a network again, so it holds the same
 * networks as the page's module, those its demos read: loaded now, and each one loaded later (a training,
 * a file, the lesson's back).
 */
function copyNetworks(networks, explainCore) {
  if (typeof explainCore.module.loadModel !== 'function') return;
  // Only the slots its own demos read: the language model's module takes no table network, and the reverse.
  const read = slotsRead(explainCore);
  const copy = (slot) => { if (read.has(slot)) explainCore.loadModel(slot, networks.text(slot)); };
  for (const slot of networks.slots()) copy(slot);
  networks.onChange(copy);
}

/** Under the page's heading: the demos a link sets that the page does not have (a mistyped instance name). */
function noteUnknownInstances(containers) {
  const instances = containers.map((c) => c.dataset.instance || c.dataset.demo);
  const unknown = linkedInstances().filter((name) => !instances.includes(name)).slice(0, MAX_UNKNOWN_NAMED);
  if (!unknown.length) return;
  const note = document.createElement('p');
  note.className = 'link-problem link-instances';
  note.textContent = say(unknown.length > 1 ? 'main.unknown_instances' : 'main.unknown_instance',
    { names: unknown.map((n) => `“${n}”`).join(', '), instances: instances.join(', ') });
  (document.querySelector('.lesson-head') ?? document.querySelector('main'))?.append(note);
}

// What only some pages use (the trainings' panels and charts, the teacher's builder) is a file of its own
// (a chunk of the site build's splitting), fetched by the pages that use it: the others' first load goes without.
const later = {
  rateSweeps: () => import('./rate-sweep.js'),
  scaleSweeps: () => import('./lm-scale-sweep.js'),
  trainPanel: () => import('./train-panel.js'),
  lmTrainPanel: () => import('./lm-train-panel.js'),
  teachPanel: () => import('./teach-panel.js'),
  // The line under a demo that reads trained networks, and the button that loads one on request: the
  // table and language model lessons' pages only.
  networkLine: () => import('./network-line.js'),
  loadWeightsButton: () => import('./load-weights-button.js'),
  // The page's trained networks and those it loads on request: the pages whose demos read networks.
  networks: () => import('./networks.js'),
  onRequest: () => import('./on-request.js'),
};

/** Whether the page ships or trains networks, as its markup says before its module has loaded. */
const hasNetworks = (containers, lesson) => Object.keys(JSON.parse(lesson.models || '{}')).length > 0
  || Object.keys(JSON.parse(lesson.modelsOnRequest || '{}')).length > 0
  || containers.some((c) => 'trainer' in c.dataset || 'lmTrainer' in c.dataset);
/** Whether the page's demos read trained networks, or it ships or trains some (no other page loads networks.js). */
const readsNetworks = (core, containers, lesson) => hasNetworks(containers, lesson)
  || containers.some((c) => core.demos.get(c.dataset.demo)?.networks.length);

async function start() {
  // An embed page tells the page that frames it how tall it is, from the first paint on (embed-height.js).
  if (document.querySelector('main')?.dataset.embed !== undefined) reportHeight();
  markPageScrolls();
  if (document.querySelector('.rate-sweep[data-src]')) later.rateSweeps().then((m) => m.mountRateSweeps());
  if (document.querySelector('.scale-sweep[data-src]')) later.scaleSweeps().then((m) => m.mountScaleSweeps());
  const containers = [...document.querySelectorAll('.demo[data-demo]')];
  if (!containers.length) return;
  const views = [];
  const lesson = document.querySelector('main')?.dataset ?? {};
  const weights = fetchLessonModels(JSON.parse(lesson.models || '{}'));
  // The views of the pictures the demos draw at their presets, fetched while the module loads (render/figure-views.js).
  const pictures = loadFigureViews(containers.flatMap((c) => (c.dataset.figures ?? '').split(' ').filter(Boolean)))
    .catch(() => {});  // a view that did not arrive is asked for again, and said if it fails, under its demo (render/index.js)
  // Their code fetched while the module loads, on the pages that have networks.
  if (hasNetworks(containers, lesson)) Promise.all([later.networks(), later.onRequest()]).catch(() => {});
  let core;
  let networks;
  let onRequest;
  try {
    core = await loadCore();
    if (readsNetworks(core, containers, lesson)) {
      const [{ createNetworks }, { createOnRequest }] = await Promise.all([later.networks(), later.onRequest()]);
      networks = createNetworks(core);
      prepareExplainCore((explainCore) => copyNetworks(networks, explainCore));
      onRequest = createOnRequest(core, JSON.parse(lesson.modelsOnRequest || '{}'), networks);
      await Promise.all([loadLessonModels(networks, weights), onRequest.loadSummaries()]);
    }
  } catch (error) {
    for (const c of containers) {
      showProblem(c, say('main.no_core', { error: error.message ?? error }));
    }
    return;
  }
  await pictures;
  // Teacher mode (?teach) on a lesson page: a task-sheet builder under each demo (teach-panel.js).
  const teaching = has('teach', {}) && !lesson.embed;
  for (const container of containers) {
    const demo = core.demos.get(container.dataset.demo);
    if (!demo) {
      showProblem(container, say('main.no_demo', { demo: container.dataset.demo }));
      continue;
    }
    // One demo that cannot start (a link's value no check foresaw) must not keep the others from starting.
    try {
      views.push(mountDemo(container, demo, core, networks, { teaching }));
    } catch (error) {
      showProblem(container, say('main.demo_failed', { error: error.message ?? error }));
    }
  }
  const loadButtons = views.filter((v) => v.container.dataset.loadWeights);
  const { attachLoadWeightsButton } = loadButtons.length ? await later.loadWeightsButton() : {};
  for (const view of loadButtons) attachLoadWeightsButton(view, view.container.dataset.loadWeights, onRequest, networks);
  noteUnknownInstances(containers);
  const trainerView = views.find((v) => 'trainer' in v.container.dataset);
  const trainer = trainerView ? (await later.trainPanel()).attachTrainPanel(trainerView, networks, onRequest) : null;
  // The language model's training (lm-train-panel.js); it also names the lesson's compiled-in network.
  const lmView = views.find((v) => 'lmTrainer' in v.container.dataset);
  const lmTrainer = lmView ? (await later.lmTrainPanel()).attachLmTrainPanel(lmView, networks, core) : null;
  const slotsRead = new Set();
  const readers = views.filter((view) => core.demos.get(view.container.dataset.demo).networks.length);
  const { attachNetworkLine, attachUnusedTrainings } = readers.length || trainer ? await later.networkLine() : {};
  const plan = core.demos.get('train_plan');
  const linked = readers.length || trainer
    ? (await later.networks()).linkedTrainings(plan ? { params: plan.params, run: (settings) => core.run(plan.id, settings) } : null) : null;
  for (const view of readers) {
    const slots = core.demos.get(view.container.dataset.demo).networks;
    attachNetworkLine(view, slots, networks, linked, trainer);
    for (const slot of slots) slotsRead.add(slot);
  }
  if (trainer) attachUnusedTrainings(trainerView, linked, slotsRead);
  attachPrograms(views);
  // A lesson page offers each demo on its own page; that page (data-embed) does not offer itself again.
  if (!lesson.embed) for (const view of views) attachEmbedLinks(view, core.demos.get(view.container.dataset.demo).title);
  if (teaching) {
    const { attachTaskBuilder, showTeacherMode } = await later.teachPanel();
    showTeacherMode();
    for (const view of views) attachTaskBuilder(view, core);
  }
  // For the browser tests and the benchmark: every instance's state and shown result, the networks, and the
  // writes that wait for a part of the page far from the screen, made at once (render/write-soon.js).
  window.attnLesson = { demos: new Map(views.map((v) => [v.instance, v])), networks, core, addressPending, lmTrainer, writeAll };
  document.documentElement.dataset.demosReady = 'true';
}

start();
