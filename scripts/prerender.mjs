// Each demo instance's output at its preset, as static HTML, so a page is complete
// and readable before its WebAssembly module arrives (or with JavaScript off).
//
// The HTML is drawn by the page's own code (web/runtime/demo-view.js and render/*)
// in a DOM made by linkedom, from the native core's answer that scripts/lesson-prose.mjs
// already asked for, so the static page and the live one have the same structure
// and the live demo takes over without moving anything. Its controls are disabled
// and marked (.prerendered) until the module is ready.
import { parseHTML } from 'linkedom';

// A desktop-wide page: charts are drawn at their full width (render/charts.js reads it).
const PAGE_WIDTH_PX = 1280;

// Properties the runtime sets with Object.assign that linkedom keeps as plain JS
// properties; a browser reflects them to attributes, so here they must be too.
const REFLECTED = {
  ariaLabel: 'aria-label', role: 'role', inputMode: 'inputmode', spellcheck: 'spellcheck',
  autocomplete: 'autocomplete', scope: 'scope', min: 'min', max: 'max', step: 'step', htmlFor: 'for',
};

function reflectAttributes(HTMLElement) {
  for (const [property, attribute] of Object.entries(REFLECTED)) {
    if (Object.getOwnPropertyDescriptor(HTMLElement.prototype, property)) continue;
    Object.defineProperty(HTMLElement.prototype, property, {
      configurable: true,
      get() { return this.getAttribute(attribute); },
      set(value) { this.setAttribute(attribute, String(value)); },
    });
  }
}

/** A browser's select.value: the chosen option, kept as its `selected` attribute here. */
function selectValue(HTMLSelectElement) {
  Object.defineProperty(HTMLSelectElement.prototype, 'value', {
    configurable: true,
    get() { const options = [...this.querySelectorAll('option')]; return (options.find((o) => o.hasAttribute('selected')) ?? options[0])?.value ?? ''; },
    set(value) { for (const o of this.querySelectorAll('option')) o.toggleAttribute('selected', o.value === String(value)); },
  });
}

/** Gives the runtime's modules the browser globals they touch while drawing once. */
function installDom() {
  const { window, document, HTMLElement, HTMLSelectElement } = parseHTML('<!doctype html><html><head></head><body></body></html>');
  reflectAttributes(HTMLElement);
  selectValue(HTMLSelectElement);
  Object.defineProperty(document.documentElement, 'clientWidth', { value: PAGE_WIDTH_PX });
  window.location = { search: '' };  // no shared link: the preset
  Object.assign(globalThis, {
    window, document,
    CSS: { escape: (s) => String(s).replace(/[^\w-]/g, (c) => `\\${c}`) },
    requestAnimationFrame: () => 0,  // nothing animates in a static page
  });
  return document;
}

const document_ = installDom();
const { mountDemo } = await import('../web/runtime/demo-view.js');
// Every picture's view, fetched once: the page fetches only those its demos draw (render/figure-views.js).
const { DRAWN_KINDS, loadFigureViews } = await import('../web/runtime/render/figure-views.js');
await loadFigureViews(DRAWN_KINDS);
// The charts a script made, drawn by their own modules (prerenderSweep).
const { drawRateSweep } = await import('../web/runtime/rate-sweep.js');
const { drawScaleSweep } = await import('../web/runtime/lm-scale-sweep.js');
const SWEEPS = { 'rate-sweep': drawRateSweep, 'scale-sweep': drawScaleSweep };

// Everything a learner could press or type in, until the module runs it.
const INTERACTIVE = 'input, button, select, textarea';

/**
 * The inner HTML of one `<div class="demo">` at its preset.
 * @param demo    the core's declaration (attn list)
 * @param tag     the lesson's opening tag of the instance (data-instance, data-params)
 * @param answer  the native core's answer at the preset ({ok, result})
 */
export function prerenderDemo(demo, tag, answer) {
  const container = document_.createElement('div');
  document_.body.replaceChildren(container);
  for (const [, name, dq, sq] of tag.matchAll(/\s(data-[\w-]+)=(?:"([^"]*)"|'([^']*)')/g)) {
    container.setAttribute(name, (dq ?? sq).replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&'));
  }
  const core = { run: () => answer };
  mountDemo(container, demo, core, undefined);
  for (const node of container.querySelectorAll(INTERACTIVE)) node.setAttribute('disabled', '');
  return container.innerHTML;
}

/**
 * The inner HTML of a `<div class="rate-sweep">` or `<div class="scale-sweep">` (the charts a script made, not a
 * demo): drawn by the page's own code, so the page shows them before its module loads and nothing moves when it does.
 * @param kind   the div's class
 * @param sweep  the parsed data file its data-src names
 */
export function prerenderSweep(kind, sweep) {
  const container = document_.createElement('div');
  document_.body.replaceChildren(container);
  SWEEPS[kind](container, sweep);
  return container.innerHTML;
}
