// One live demo on the page: controls built from the core's declarations,
// the output the core computes, and the URL kept in step.
//   controls -> parameters -> core.run -> output, numbers in the text, URL
import { buildControl } from './controls.js';
import { readParams, writeParams } from './url-state.js';
import { createResultView, renderNumbers } from './render/index.js';

function el(tag, props = {}, children = []) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...[].concat(children));
  return node;
}

/**
 * @param container  <div class="demo" data-demo=ID data-instance=NAME [data-params=JSON]>
 * @param demo       the core's declaration of that demo
 * @param core       from loadCore()
 */
export function mountDemo(container, demo, core) {
  const instance = container.dataset.instance || demo.id;
  const overrides = container.dataset.params ? JSON.parse(container.dataset.params) : {};
  const declarations = demo.params.map((p) => ({ ...p, default: overrides[p.name] ?? p.default }));
  const defaults = Object.fromEntries(declarations.map((p) => [p.name, p.default]));

  let frame = 0;
  const schedule = () => { if (!frame) frame = requestAnimationFrame(() => { frame = 0; update(); }); };
  const controls = declarations.map((decl) => buildControl(decl, schedule));
  const status = el('p', { className: 'status' });
  status.setAttribute('role', 'status');
  const reset = el('button', { type: 'button', className: 'reset', textContent: 'Reset to defaults' });
  // For pictures that change parameters themselves (a drag, say).
  const setParams = (changes) => {
    for (const c of controls) if (c.name in changes) c.set(changes[c.name]);
    schedule();
  };
  const view = createResultView({ instance, setParams });
  const output = view.element;
  const form = el('form', { className: 'controls' }, [
    el('fieldset', {}, [el('legend', { textContent: demo.title }), ...controls.map((c) => c.element), reset]),
  ]);
  form.addEventListener('submit', (e) => e.preventDefault());
  container.replaceChildren(form, status, output);
  container.classList.add('ready');

  let shown = null;  // the parameters of the result on screen: the last ones that worked

  const values = () => Object.fromEntries(controls.map((c) => [c.name, c.get()]));

  function show(result, params) {
    view.render(result);
    renderNumbers(instance, result.numbers);
    shown = params;
  }

  function update() {
    const started = performance.now();
    recompute();
    // Recompute + redraw time, read by scripts/bench.mjs through the User Timing API.
    performance.measure(`demo-update:${instance}`, { start: started });
  }

  function recompute() {
    const params = values();
    const started = performance.now();
    const answer = core.run(demo.id, params);
    performance.measure(`demo-compute:${instance}`, { start: started });
    for (const c of controls) c.clearError();
    if (answer.ok) {
      status.textContent = '';
      show(answer.result, params);
      writeParams(instance, params, defaults);
      return;
    }
    const control = controls.find((c) => c.name === answer.error.param);
    if (control) control.showError(answer.error.message);
    status.textContent = control
      ? 'Fix the highlighted value; the results below are from the last values that worked.'
      : answer.error.message;
    if (!shown) {
      // Opened with a bad value (a hand-edited URL, say): show the defaults meanwhile.
      const fallback = core.run(demo.id, defaults);
      if (fallback.ok) show(fallback.result, defaults);
    }
  }

  reset.addEventListener('click', () => {
    for (const c of controls) c.set(defaults[c.name]);
    update();
  });

  const fromUrl = readParams(instance, declarations);
  for (const c of controls) if (c.name in fromUrl) c.set(fromUrl[c.name]);
  update();
  return {
    instance,
    container,
    /** Recomputes with the current controls, e.g. after a network was trained again. */
    refresh: update,
    /** The parameters behind the output on screen (the last ones the core accepted). */
    shownParams: () => shown,
  };
}
