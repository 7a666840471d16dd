// Page entry point: load the core once (and the trained networks the lesson
// ships, if any), then bring every demo on the page to life.
import { loadCore } from './core.js';
import { mountDemo } from './demo-view.js';
import { attachTrainPanel } from './train-panel.js';
import { mountRateSweeps } from './rate-sweep.js';

function showProblem(container, text) {
  const p = document.createElement('p');
  p.className = 'problem';
  p.setAttribute('role', 'alert');
  p.textContent = text;
  container.replaceChildren(p);
}

/** The lesson's pretrained weights (lesson.json "models": slot -> file), loaded into the core. */
async function loadLessonModels(core) {
  const listed = JSON.parse(document.querySelector('main')?.dataset.models || '{}');
  const loaded = new Map();
  await Promise.all(Object.entries(listed).map(async ([slot, file]) => {
    const response = await fetch(file);
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
    const text = await response.text();
    const answer = core.loadModel(slot, text);
    if (!answer.ok) throw new Error(`${file}: ${answer.error.message}`);
    loaded.set(slot, text);
  }));
  return loaded;
}

async function start() {
  mountRateSweeps();
  const containers = [...document.querySelectorAll('.demo[data-demo]')];
  if (!containers.length) return;
  let core;
  let models;
  try {
    core = await loadCore();
    models = await loadLessonModels(core);
  } catch (error) {
    for (const c of containers) {
      showProblem(c, `The live demo could not start (${error.message ?? error}). ` +
        'Reload the page; if it keeps happening, the site may be served without its .wasm or weights files, or opened from file:// instead of a web server.');
    }
    return;
  }
  const views = [];
  for (const container of containers) {
    const demo = core.demos.get(container.dataset.demo);
    if (!demo) {
      showProblem(container, `This page asks for a demo called "${container.dataset.demo}", which the core does not have.`);
      continue;
    }
    views.push(mountDemo(container, demo, core));
  }
  const refreshAll = () => views.forEach((v) => v.refresh());
  for (const view of views.filter((v) => 'trainer' in v.container.dataset)) attachTrainPanel(view, core, models, refreshAll);
  document.documentElement.dataset.demosReady = 'true';
}

start();
