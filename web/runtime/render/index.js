// Turns one demo result (see core/demo/result.hpp) into page content:
// printed lines, then pictures, then tables and charts.
import { renderTable, sameShape, updateTable } from './tables.js';
import { forget, watch, writeSoon } from './write-soon.js';
import { el } from '../dom.js';
import { placeChildren, writeText } from './in-place.js';
import { createChartView } from './charts.js';
import { DRAWN_KINDS, figureView, loadFigureViews } from './figure-views.js';
import { FIGURE_KINDS, figureProblem } from './figure-kinds.js';
import { say } from '../strings/index.js';

// Pictures keep their element between results, so a drag or a playback in
// progress survives the recomputation it causes. One view per declared kind (figure-kinds.js),
// each fetched when first needed (figure-views.js).
const undrawn = FIGURE_KINDS.filter((kind) => !DRAWN_KINDS.includes(kind));
if (undrawn.length) throw new Error(`the page has no picture for the figure kinds ${undrawn.join(', ')} (core/demo/figure_kinds.json)`);

const div = (className) => Object.assign(document.createElement('div'), { className });

/**
 * The output area of one demo. `demo.setParams({name: value})` lets an
 * interactive picture change the demo's parameters exactly as its controls do;
 * `demo.state` is the demo's state (state.js), which pictures read, never keep; `demo.written()` is called
 * after a table or picture was written later than its result (render/write-soon.js).
 * @returns {{element: HTMLElement, render: (result: object) => void}}
 */
export function createResultView(demo) {
  const printed = document.createElement('pre');
  printed.className = 'printed';
  // A long line scrolls sideways inside the box, so the box takes focus (a keyboard can
  // then scroll it) and is a named group (aria-label counts only with a role). A group,
  // not a region: a region is a landmark, and a page has dozens of these boxes.
  printed.setAttribute('role', 'group');
  printed.setAttribute('tabindex', '0');
  printed.setAttribute('aria-label', say('render.printout_label'));
  // The program's output, as it prints it: its words are English whatever the page's language (docs/languages.md).
  printed.setAttribute('lang', 'en');
  // Not live: the demo's announcer (announce.js) says one sentence per change instead of the whole printout.
  const figures = div('figures');
  const rest = div('rest');
  const element = div('output');
  element.append(printed, figures, rest);
  const views = new Map();

  // A picture the page cannot draw is said where it would be, and logged as an error (the browser tests fail on one).
  let figureErrors = null;

  let latestFigures = [];
  function renderFigures(list) {
    latestFigures = list;
    const wanted = new Set();
    const problems = [];
    const unloaded = [];
    list.forEach((fig, i) => {
      const problem = figureProblem(fig);
      if (problem) { problems.push(problem); return; }
      const key = `${fig.kind}:${fig.name ?? i}`;
      wanted.add(key);
      if (!views.has(key)) {
        const create = figureView(fig.kind);
        if (!create) { unloaded.push(fig.kind); return; }
        const view = create(demo);
        views.set(key, view);
        figures.append(view.element);
        watch(view.element);
      }
      const view = views.get(key);
      writeSoon(view.element, (late) => { view.update(fig); if (late) demo.written?.(); });
    });
    for (const [key, view] of views) {
      if (!wanted.has(key)) { view.element.remove(); views.delete(key); forget(view.element); }
    }
    // A kind the page did not fetch beforehand: drawn, with the latest result, once its view has arrived.
    if (unloaded.length) {
      loadFigureViews(unloaded).then(() => renderFigures(latestFigures), (error) => sayProblems([String(error?.message ?? error)]));
    }
    sayProblems(problems);
  }

  function sayProblems(problems) {
    const said = problems.length ? say('render.figure_failed', { problems: problems.join('; ') }) : '';
    if (said === (figureErrors?.textContent ?? '')) return;
    if (said) console.error(said);
    figureErrors ??= figures.insertAdjacentElement('afterbegin', el('p', { className: 'problem figure-problem', role: 'alert' }));
    figureErrors.textContent = said;
    figureErrors.hidden = !said;
  }

  // Tables and charts are kept between results of the same shape and written in place, as
  // rebuilding them is most of a slider step's cost on a slow phone.
  const tables = div('tables');
  rest.append(tables);
  let drawnTables = [];
  let charts = [];

  function renderTables(list) {
    // A table drawn before under the same name and of the same shape is written in place, now or soon
    // (write-soon.js); another is drawn anew, now. By name, not place: a head fewer in the attention heads
    // demo moves its output table up one, which is still the table on the page.
    const drawnByName = new Map(drawnTables.map((wrap) => [wrap.firstElementChild.dataset.name, wrap]));
    const next = list.map((spec) => {
      const wrap = drawnByName.get(spec.name);
      drawnByName.delete(spec.name);
      if (wrap && sameShape(wrap, spec)) {
        writeSoon(wrap, (late) => { updateTable(wrap, spec); if (late) demo.written?.(); });
        return wrap;
      }
      const made = renderTable(spec);
      watch(made);
      return made;
    });
    if (next.length !== drawnTables.length || next.some((wrap, i) => wrap !== drawnTables[i])) {
      placeChildren(tables, next);
      for (const wrap of drawnTables) if (!next.includes(wrap)) forget(wrap);
    }
    drawnTables = next;
  }

  function renderCharts(list) {
    const before = charts.map((c) => c.element());
    charts = list.map((spec, i) => charts[i] ?? createChartView());
    // A chart drawn in place is written now or soon (write-soon.js); a new one now, and the one it replaces,
    // with any write it still waited for, forgotten.
    charts.forEach((chart, i) => {
      const spec = list[i];
      if (!chart.inPlace(spec)) { chart.update(spec); watch(chart.element()); return; }
      writeSoon(chart.element(), (late) => { chart.update(spec); if (late) demo.written?.(); });
    });
    const after = charts.map((c) => c.element());
    if (after.length !== before.length || after.some((e, i) => e !== before[i])) {
      placeChildren(rest, [tables, ...after]);
      for (const figure of before) if (!after.includes(figure)) forget(figure);
    }
  }

  function render(result) {
    const text = result.printed.join('\n');
    writeText(printed, text);
    renderFigures(result.figures);
    renderTables(result.tables);
    renderCharts(result.charts);
  }
  return { element, render };
}
