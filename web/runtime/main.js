// Page entry point: load the core once, then bring every demo on the page to life.
import { loadCore } from './core.js';
import { mountDemo } from './demo-view.js';

function showProblem(container, text) {
  const p = document.createElement('p');
  p.className = 'problem';
  p.setAttribute('role', 'alert');
  p.textContent = text;
  container.replaceChildren(p);
}

async function start() {
  const containers = [...document.querySelectorAll('.demo[data-demo]')];
  if (!containers.length) return;
  let core;
  try {
    core = await loadCore();
  } catch (error) {
    for (const c of containers) {
      showProblem(c, `The live demo could not start: the calculator (WebAssembly) did not load (${error.message ?? error}). ` +
        'Reload the page; if it keeps happening, the site may be served without the .wasm file or from file:// instead of a web server.');
    }
    return;
  }
  for (const container of containers) {
    const demo = core.demos.get(container.dataset.demo);
    if (!demo) {
      showProblem(container, `This page asks for a demo called "${container.dataset.demo}", which the core does not have.`);
      continue;
    }
    mountDemo(container, demo, core);
  }
  document.documentElement.dataset.demosReady = 'true';
}

start();
