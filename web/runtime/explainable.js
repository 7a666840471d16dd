// "Where does this number come from?", the part a page needs before anyone asks: the numbers the core
// computed are marked as explainable (a table cell, a sentence's number, a number of the printout, a
// chart's point, a heat map's cell), reachable by keyboard (arrows, Enter), and a click or Enter on one
// opens the panel. The panel, and what finds the value a click names (explain-panel.js), is a file of its own, fetched when
// a learner first points at or focuses an explainable number, so it is there by the click without being
// part of the page's first load; the module that explains is loaded only on the first ask.

import { markCells } from './render/tables.js';
import { cellAt, moveCursor } from './render/heat-cell-place.js';
import { layerViews } from './render/layer-views.js';
import { chartXs } from './render/chart-xs.js';
import { PICTURE_TABLES, shapeOf } from './picture-tables.js';

// Where a cell is among its table's numbers: the first row holds the column labels, the first cell of a row is
// its label (a chart's: its x).
const placeOf = (td) => ({ row: td.parentElement.rowIndex - 1, col: td.cellIndex - 1 });

// A picture's value labels, one per row of a table the explainer names (its contents' "pictures": a
// figure kind -> {table, col}): the label of row k opens that table's cell (k, col).
const PICTURE_LABELS = { char_bars: 'figure.char-bars .char-bar-value' };

// What a number cell of a demo's table is made as once the table is marked (render/tables.js markCells).
let markedCell = null;
const marked = () => {
  markedCell ??= Object.assign(document.createElement('td'), { className: 'explainable', tabIndex: -1 });
  return markedCell;
};

// The panel's code: one fetch for the page, started by the first pointer or focus on a number.
let panelCode = null;
const loadPanelCode = () => {
  panelCode ??= import('./explain-panel.js').catch((error) => { panelCode = null; throw error; });
  return panelCode;
};

/**
 * @param demo        the core's declaration of the demo
 * @param explainCore () => Promise of the explain module's face (core.js, loadExplainCore): core.explain(id, params, ref)
 * @param instance    the demo instance's name (its sentences' data-num="instance.name")
 * @param container   the demo's element, which the panel joins at its end; its data-explains (written by
 *                    scripts/build-site.mjs from the explainer's {"kind": "contents"}) says what it explains
 * @param shown       () => {params, result} on screen
 * @returns {{refresh: () => void}|null}  null when the demo explains nothing
 */
export function createExplainer({ demo, explainCore, instance, container, shown }) {
  if (!container.dataset.explains) return null;
  const contents = JSON.parse(container.dataset.explains);
  const tables = new Set(contents.tables ?? []);
  const numbers = new Set(contents.numbers ?? []);
  const explainsPrintout = Boolean(contents.printed);
  const charts = new Set(contents.charts ?? []);
  const figures = new Set(contents.figures ?? []);  // heat maps whose cells explain themselves
  const pictures = Object.entries(contents.pictures ?? {}).filter(([kind]) => PICTURE_LABELS[kind]);
  const pictureTables = Object.entries(contents.pictures ?? {}).filter(([kind]) => PICTURE_TABLES[kind]);

  // What the picture tables' shapes read of the demo on screen, once per refresh or click.
  const onScreen = () => {
    const { params, result } = shown();
    const fig = result.figures?.find((f) => f.kind === 'table_attention');
    return { params, views: fig ? layerViews(fig) : [], container };
  };

  /** The value a cell of a picture's table of numbers repeats, or null (a name, a dash). */
  function pictureCellRef(td, at = onScreen()) {
    if (!/\d/.test(td.textContent)) return null;  // "—": no guess yet
    for (const [kind, declaration] of pictureTables) {
      const own = td.closest(PICTURE_TABLES[kind]);
      if (!own) continue;
      return shapeOf(declaration).ref(declaration, own, td.parentElement.rowIndex - 1, td.cellIndex, at);
    }
    return null;
  }
  /** The cell of a picture's table of numbers that shows the worked-out value `ref`, or null. */
  function pictureCell(ref) {
    const at = onScreen();
    for (const [kind, declaration] of pictureTables) {
      const own = container.querySelector(PICTURE_TABLES[kind]);
      const cell = own && shapeOf(declaration).cell(declaration, own, ref, at);
      if (cell) return cell;
    }
    return null;
  }
  // A chart's table has a row per x of any series (render/chart-xs.js): a series' point is its own index of that x.
  const chartSeries = (name) => shown().result.charts?.find((c) => c.name === name)?.series ?? [];
  function chartPointRef(td, chart) {
    const { row, col } = placeOf(td);
    const series = chartSeries(chart);
    const point = series[col]?.x.indexOf(chartXs(series)[row]) ?? -1;
    return point < 0 ? null : { kind: 'chart', chart, series: col, point };
  }
  /** The cell of a chart's table of numbers that shows point `ref.point` of series `ref.series`, or null. */
  function chartCell(ref) {
    const series = chartSeries(ref.chart);
    const row = chartXs(series).indexOf(series[ref.series]?.x[ref.point]);
    const table = container.querySelector(`figure.chart[data-name="${CSS.escape(ref.chart)}"] details.chart-data table`);
    return row < 0 ? null : table?.rows[row + 1]?.children[ref.series + 1] ?? null;
  }
  /** The value a marked cell opens: a picture's table's, a chart's point, or a demo's table's cell. */
  function cellRef(td) {
    if (td.classList.contains('explainable-picture')) return pictureCellRef(td);
    const chart = td.closest('figure.chart');
    if (chart) return chartPointRef(td, chart.dataset.name);
    return { kind: 'table', table: td.closest('table').dataset.name, ...placeOf(td) };
  }

  const sentenceSpans = () => [...document.querySelectorAll(`[data-num^="${CSS.escape(instance)}."]`)]
    .filter((span) => !span.closest('[data-defaults]') && numbers.has(span.dataset.num.slice(instance.length + 1)));

  // What the panel's code needs to find the value a click or a key names (explain-panel.js: clickedRef, labelRef).
  const page = { container, instance, charts, figures, explainsPrintout, pictures, labels: PICTURE_LABELS, cellRef };

  // The panel, made on the first ask (explain-panel.js); an ask made while its code loads is the one shown.
  // `find(code)` names the value asked for (null: none), with the panel's code at hand.
  let panel = null;
  let asking = 0;
  async function open(find, from) {
    const ticket = ++asking;
    const code = await loadPanelCode();
    if (ticket !== asking) return;
    const ref = find(code);
    if (!ref) return;
    panel ??= code.createPanel({ demo, explainCore, instance, container, shown, sentenceSpans, pictureCell, chartCell });
    panel.open(ref, from);
  }
  const openRef = (ref, from) => open(() => ref, from);
  const prefetch = (e) => { if (e.target.closest?.('.explainable, .explainable-text, .explains-lines')) loadPanelCode().catch(() => {}); };
  container.addEventListener('pointerover', prefetch);
  container.addEventListener('focusin', prefetch);

  container.addEventListener('click', (e) => {
    if (!e.target.closest?.('.explainable, pre.printed, figure.chart path.series')) return;
    open((code) => code.clickedRef(e, page), e.target.closest('td, pre, .heat-map-cells') ?? e.target);
  });
  // Arrow keys move between a table's numbers (one tab stop per table), Enter opens one.
  container.addEventListener('keydown', (e) => {
    const label = e.target.closest?.('.explainable-label');
    if (label && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      open((code) => code.labelRef(label, page), label);
      return;
    }
    if (e.target.matches?.('.heat-map-cells.explainable')) { heatMapKey(e); return; }
    const td = e.target.closest?.('td.explainable');
    if (!td) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const ref = cellRef(td);
      if (ref) openRef(ref, td);
      return;
    }
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    if (!moves[e.key]) return;
    const { row, col } = placeOf(td);
    const next = td.closest('table').rows[row + 1 + moves[e.key][0]]?.children[col + 1 + moves[e.key][1]];
    if (next?.classList.contains('explainable')) {
      e.preventDefault();
      td.tabIndex = -1;
      next.tabIndex = 0;
      next.focus();
    }
  });
  /**
   * A heat map from the keyboard: arrows move the outlined cell, Enter opens it. The cursor is moved by the
   * panel's code (explain-panel.js), fetched when the map took the focus; keys pressed meanwhile wait for it,
   * in order.
   */
  function heatMapKey(e) {
    const map = e.target;
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); open((code) => code.heatCellRef(code.heatCursor(map), figures), map); return; }
    const move = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[e.key];
    if (!move) return;
    e.preventDefault();
    loadPanelCode().then((code) => code.moveHeatCursor(map, ...move), () => {});
  }

  const onSentence = (e) => {
    const span = e.target.closest?.('[data-num].explainable');
    if (!span || !span.dataset.num.startsWith(`${instance}.`)) return;
    if (e.type === 'keydown' && e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    openRef({ kind: 'number', name: span.dataset.num.slice(instance.length + 1) }, span);
  };
  for (const span of sentenceSpans()) {
    span.classList.add('explainable');
    span.tabIndex = 0;
    span.setAttribute('role', 'button');
    span.setAttribute('aria-haspopup', 'dialog');
    span.addEventListener('click', onSentence);
    span.addEventListener('keydown', onSentence);
    span.addEventListener('pointerover', prefetch);
    span.addEventListener('focusin', prefetch);
  }

  // A chart's or a picture's table of numbers is written when it is opened: its cells are marked then.
  container.addEventListener('toggle', (e) => { if (e.target.matches?.('details.chart-data') && e.target.open) requestAnimationFrame(refresh); }, true);

  // One tab stop per table: the first number, unless another holds it (the one the arrows moved to, while it
  // is still there).
  function oneTabStop(table) {
    if (table.querySelector('.explainable[tabindex="0"]')) return;
    const first = table.querySelector('tr ~ tr > .explainable');
    if (first) first.tabIndex = 0;
  }
  // A table of numbers inside a figure (a chart's, a picture's), once opened: each cell that `opens` a value is
  // marked (with `also`), and one that no longer does ("—") unmarked. Such a table is small; a closed one is left
  // alone (the mat's has 490 numbers) and marked when opened (the toggle above).
  function markOpenTable(table, opens, also = []) {
    if (!table.closest('details')?.open) return;
    for (const td of table.querySelectorAll('tr ~ tr > td')) {
      const number = Boolean(opens(td));
      if (td.classList.contains('explainable') === number) continue;
      for (const name of ['explainable', ...also]) td.classList.toggle(name, number);
      if (!number) td.removeAttribute('tabindex');
      else if (!td.hasAttribute('tabindex')) td.tabIndex = -1;
    }
    oneTabStop(table);
  }

  /** Marks the numbers of the result on screen as explainable; an open panel follows the new values. */
  function refresh() {
    for (const table of container.querySelectorAll('table.matrix')) {
      if (!tables.has(table.dataset.name)) continue;
      markCells(table, marked());  // the cells the table gains later are made marked
      // Only the cells not marked yet (a new table's, or the rows and columns added to one), found by the
      // browser's selector: a table of thousands of numbers is not walked in script (every row but the
      // first, every cell but the row's label).
      for (const td of table.querySelectorAll('tr ~ tr > :not(:first-child):not(.explainable)')) {
        td.classList.add('explainable');
        if (!td.hasAttribute('tabindex')) td.tabIndex = -1;
      }
      oneTabStop(table);
    }
    // A chart's lines, and its table: its numbers, not its x (the row's label) nor its "—" (no point of that
    // series at that x).
    for (const figure of container.querySelectorAll('figure.chart')) {
      const explains = charts.has(figure.dataset.name);
      figure.classList.toggle('explains-lines', explains);
      const table = explains && figure.querySelector('details.chart-data table');
      if (table) markOpenTable(table, (td) => td.cellIndex > 0 && /\d/.test(td.textContent));
    }
    for (const line of container.querySelectorAll('pre.printed')) line.classList.toggle('explainable-text', explainsPrintout);
    for (const [kind] of pictures) {
      for (const label of container.querySelectorAll(`${PICTURE_LABELS[kind]}:not(.explainable-label)`)) {
        label.classList.add('explainable-label', 'explainable');
        label.tabIndex = 0;
        label.setAttribute('role', 'button');
        label.setAttribute('aria-haspopup', 'dialog');
      }
    }
    let at = null;  // read of the demo on screen only when a picture's table is open
    for (const [kind] of pictureTables) {
      for (const table of container.querySelectorAll(PICTURE_TABLES[kind])) {
        markOpenTable(table, (td) => pictureCellRef(td, at ??= onScreen()), ['explainable-picture']);
      }
    }
    for (const picture of container.querySelectorAll('figure.heat-maps')) {
      if (!figures.has(picture.dataset.name)) continue;
      for (const map of picture.querySelectorAll('.heat-map-cells:not(.explainable)')) {
        map.classList.add('explainable');
        map.tabIndex = 0;
        map.setAttribute('aria-keyshortcuts', 'ArrowLeft ArrowRight ArrowUp ArrowDown Enter');
        moveCursor(null, cellAt(map, 0, 0));
      }
    }
    panel?.refresh();
  }

  return { refresh };
}
