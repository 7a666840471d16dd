// Page entry point: load the core once (and the trained networks the lesson
// ships, if any, or the summaries of those that load on request), then bring
// every demo on the page to life.
import { loadCore } from './core.js';
import { mountDemo } from './demo-view.js';
import { attachTrainPanel } from './train-panel.js';
import { mountRateSweeps } from './rate-sweep.js';
import { createOnRequest } from './on-request.js';
import { attachLoadWeightsButton } from './load-weights-button.js';
import { fetchText, requireLoaded } from './lesson-files.js';
import './theme.js'; // the header's light / dark / system menu (web/runtime/theme.js)

function showProblem(container, text) {
  const p = document.createElement('p');
  p.className = 'problem';
  p.setAttribute('role', 'alert');
  p.textContent = text;
  container.replaceChildren(p);
}

/** The lesson's pretrained weights that come with the page (slot -> file), loaded into the core and `loaded`. */
async function loadLessonModels(core, listed, loaded) {
  await Promise.all(Object.entries(listed).map(async ([slot, file]) => {
    const text = await fetchText(file);
    requireLoaded(core.loadModel(slot, text), file);
    loaded.set(slot, text);
  }));
}

async function start() {
  mountRateSweeps();
  const containers = [...document.querySelectorAll('.demo[data-demo]')];
  if (!containers.length) return;
  const views = [];
  const buttons = [];
  const refreshAll = () => [...views, ...buttons].forEach((v) => v.refresh());
  const lesson = document.querySelector('main')?.dataset ?? {};
  const models = new Map(); // slot -> weights JSON text in the core
  let core;
  let onRequest;
  try {
    core = await loadCore();
    onRequest = createOnRequest(core, JSON.parse(lesson.modelsOnRequest || '{}'), models, refreshAll);
    await Promise.all([loadLessonModels(core, JSON.parse(lesson.models || '{}'), models), onRequest.loadSummaries()]);
  } catch (error) {
    for (const c of containers) {
      showProblem(c, `The live demo could not start (${error.message ?? error}). ` +
        'Reload the page; if it keeps happening, the site may be served without its .wasm or weights files, or opened from file:// instead of a web server.');
    }
    return;
  }
  for (const container of containers) {
    const demo = core.demos.get(container.dataset.demo);
    if (!demo) {
      showProblem(container, `This page asks for a demo called "${container.dataset.demo}", which the core does not have.`);
      continue;
    }
    views.push(mountDemo(container, demo, core));
  }
  for (const view of views.filter((v) => v.container.dataset.loadWeights)) {
    buttons.push(attachLoadWeightsButton(view, view.container.dataset.loadWeights, onRequest, models));
  }
  for (const view of views.filter((v) => 'trainer' in v.container.dataset)) attachTrainPanel(view, core, models, onRequest, refreshAll);
  document.documentElement.dataset.demosReady = 'true';
}

start();
