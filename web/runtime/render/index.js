// Turns one demo result (see core/demo/result.hpp) into page content:
// printed lines, then pictures, then tables and charts.
import { renderTable, updateTable } from './tables.js';
import { el } from '../dom.js';
import { writeText } from './in-place.js';
import { createChartView } from './charts.js';
import { createHeadSplit } from './head-split.js';
import { createBugbotMat } from './bugbot-mat.js';
import { createWeightStrip } from './weight-strip.js';
import { createTableLab } from './table-lab.js';
import { createTableAttention } from './table-attention.js';
import { createActDiagram } from './act-diagram.js';
import { createHeatMaps } from './heat-maps.js';
import { createCharBars } from './char-bars.js';
import { FIGURE_KINDS, figureProblem } from './figure-kinds.js';
import { say } from '../strings/index.js';

// Pictures keep their element between results, so a drag or a playback in
// progress survives the recomputation it causes. One view per declared kind (figure-kinds.js).
const figureViews = {
  head_split: createHeadSplit,
  bugbot_mat: createBugbotMat,
  weight_strip: createWeightStrip,
  table_lab: createTableLab,
  table_attention: createTableAttention,
  act_diagram: createActDiagram,
  heat_maps: createHeatMaps,
  char_bars: createCharBars,
};

const undrawn = FIGURE_KINDS.filter((kind) => !figureViews[kind]);
if (undrawn.length) throw new Error(`the page has no picture for the figure kinds ${undrawn.join(', ')} (core/demo/figure_kinds.json)`);

const div = (className) => Object.assign(document.createElement('div'), { className });

/**
 * The output area of one demo. `demo.setParams({name: value})` lets an
 * interactive picture change the demo's parameters exactly as its controls do;
 * `demo.state` is the demo's state (state.js), which pictures read, never keep.
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

  function renderFigures(list) {
    const wanted = new Set();
    const problems = [];
    list.forEach((fig, i) => {
      const problem = figureProblem(fig);
      if (problem) { problems.push(problem); return; }
      const key = `${fig.kind}:${fig.name ?? i}`;
      wanted.add(key);
      if (!views.has(key)) {
        const view = figureViews[fig.kind](demo);
        views.set(key, view);
        figures.append(view.element);
      }
      views.get(key).update(fig);
    });
    for (const [key, view] of views) {
      if (!wanted.has(key)) { view.element.remove(); views.delete(key); }
    }
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
    const next = list.map((spec, i) => (drawnTables[i] && updateTable(drawnTables[i], spec) ? drawnTables[i] : renderTable(spec)));
    if (next.length !== drawnTables.length || next.some((wrap, i) => wrap !== drawnTables[i])) tables.replaceChildren(...next);
    drawnTables = next;
  }

  function renderCharts(list) {
    const before = charts.map((c) => c.element());
    charts = list.map((spec, i) => charts[i] ?? createChartView());
    charts.forEach((chart, i) => chart.update(list[i]));
    const after = charts.map((c) => c.element());
    if (after.length !== before.length || after.some((e, i) => e !== before[i])) rest.replaceChildren(tables, ...after);
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
