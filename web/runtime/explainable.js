// "Where does this number come from?", the part a page needs before anyone asks: the numbers the core
// computed are marked as explainable (a table cell, a sentence's number, a number of the printout, a
// chart's point, a heat map's cell), reachable by keyboard, and a click on one (or Enter) finds which
// value it is. The panel that shows the explanation (explain-panel.js) is a file of its own, fetched when
// a learner first points at or focuses an explainable number, so it is there by the click without being
// part of the page's first load (issue 19); the module that explains is loaded only on the first ask.
import { CELL } from './render/heat-cell.js';

// A number of the printout, not part of a name (plain-16, W1), as tests/wasm/explain.test.mjs counts them;
// a count with thousands separators (38,416) is one number.
const NUMBER_TOKEN = /(?<![\w.-])-?(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/gi;

// A cell of a demo's table, or of a chart's table of numbers (a row per point, a column per series).
const tableCell = (td) => {
  const table = td.closest('table');
  const tr = td.parentElement;
  const row = [...table.rows].indexOf(tr) - 1;  // the first row holds the column labels
  const col = [...tr.children].indexOf(td) - 1;  // the first cell is the row's label (a chart's: its x)
  const chart = td.closest('figure.chart');
  if (chart) return { kind: 'chart', chart: chart.dataset.name, series: col, point: row };
  return { kind: 'table', table: table.dataset.name, row, col };
};

// A picture's value labels, one per row of a table the explainer names (its contents' "pictures": a
// figure kind -> {table, col}): the label of row k opens that table's cell (k, col).
const PICTURE_LABELS = { char_bars: 'figure.char-bars .char-bar-value' };

// A picture's own table of numbers (its text alternative, inside the figure): its cells repeat the cells
// of a table the explainer names (contents' "pictures": kind -> {table, cols, after}): the cell in child
// `j` of row k opens that table's cell (k, cols[j]), none when cols[j] is −1; a row past the table's rows opens the sentence
// numbers `after[k − rows][j − 1]` (the lab's answer and true place).
const PICTURE_TABLES = { table_lab: 'figure.table-lab details table' };

/** A heat map's cell: its picture, its map among the picture's maps, and its row and column. */
function heatCellRef(rect, figures) {
  const picture = rect?.closest('figure.heat-maps');
  if (!picture || !figures.has(picture.dataset.name)) return null;
  const map = [...picture.querySelectorAll('figure.heat-map')].indexOf(rect.closest('figure.heat-map'));
  return { kind: 'figure', figure: picture.dataset.name, map,
    row: Math.round(Number(rect.getAttribute('y')) / CELL), col: Math.round(Number(rect.getAttribute('x')) / CELL) };
}

/** The index of `element` among the elements `selector` finds in `root`. */
const indexIn = (root, selector, element) => [...root.querySelectorAll(selector)].indexOf(element);

/** The point of a chart's line nearest a click on it (found from the line's own vertices, in the svg's coordinates), or its one marker's. */
function chartLineRef(event, charts) {
  const path = event.target.closest?.('figure.chart path.series');
  const figure = path?.closest('figure.chart');
  const matrix = path?.ownerSVGElement?.getScreenCTM();
  if (!figure || !charts.has(figure.dataset.name) || !matrix) return null;
  const marker = path.classList.contains('marker');
  const series = indexIn(figure, marker ? 'svg path.marker' : 'svg path.series:not(.marker)', path);
  const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  const distances = [...(path.getAttribute('d') ?? '').matchAll(/[ML]\s*(-?[\d.]+(?:e-?\d+)?)[ ,]\s*(-?[\d.]+(?:e-?\d+)?)/gi)]
    .map((m) => Math.hypot(Number(m[1]) - at.x, Number(m[2]) - at.y));
  const point = marker || !distances.length ? 0 : distances.indexOf(Math.min(...distances));
  return { kind: 'chart', chart: figure.dataset.name, series, point };
}

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

  /** The value a cell of a picture's table of numbers repeats, or null (a name, a dash). */
  function pictureCellRef(td) {
    for (const [kind, { table, cols, after = [] }] of pictureTables) {
      const own = td.closest(PICTURE_TABLES[kind]);
      if (!own) continue;
      const tr = td.parentElement;
      const row = [...own.querySelectorAll('tr')].indexOf(tr) - 1;
      const j = [...tr.children].indexOf(td);
      const rows = (container.querySelector(`table.matrix[data-name="${CSS.escape(table)}"]`)?.rows.length ?? 1) - 1;
      if (row < rows) return cols[j] === undefined || cols[j] < 0 ? null : { kind: 'table', table, row, col: cols[j] };
      const name = after[row - rows]?.[j - 1];
      return name ? { kind: 'number', name } : null;
    }
    return null;
  }
  const cellRef = (td) => (td.classList.contains('explainable-picture') ? pictureCellRef(td) : tableCell(td));

  const sentenceSpans = () => [...document.querySelectorAll(`[data-num^="${CSS.escape(instance)}."]`)]
    .filter((span) => !span.closest('[data-defaults]') && numbers.has(span.dataset.num.slice(instance.length + 1)));

  // The panel, made on the first ask (explain-panel.js); an ask made while its code loads is the one shown.
  let panel = null;
  let asking = 0;
  async function open(ref, from) {
    const ticket = ++asking;
    const code = await loadPanelCode();
    if (ticket !== asking) return;
    panel ??= code.createPanel({ demo, explainCore, instance, container, shown, sentenceSpans });
    panel.open(ref, from);
  }
  const prefetch = (e) => { if (e.target.closest?.('.explainable, .explainable-text, .explains-lines')) loadPanelCode().catch(() => {}); };
  container.addEventListener('pointerover', prefetch);
  container.addEventListener('focusin', prefetch);

  // The k-th number of the printout (in reading order) under the pointer: the printout is one text, so
  // its numbers are found by position.
  function printedRef(event) {
    // Asked only for a click on a printout that explains itself: the caret's place lays the page out
    // at once, which a click on a control (Reset, + token) must not pay for.
    const pre = event.target.closest?.('pre.printed');
    if (!pre || !explainsPrintout) return null;
    const at = document.caretPositionFromPoint?.(event.clientX, event.clientY)
      ?? (() => { const r = document.caretRangeFromPoint?.(event.clientX, event.clientY); return r && { offsetNode: r.startContainer, offset: r.startOffset }; })();
    if (!at || !pre.contains(at.offsetNode)) return null;
    const tokens = [...pre.textContent.matchAll(NUMBER_TOKEN)];
    const index = tokens.findIndex((m) => at.offset >= m.index && at.offset <= m.index + m[0].length);
    return index < 0 ? null : { kind: 'printed', index };
  }

  function refOf(target) {
    const td = target.closest?.('td.explainable');
    if (td && container.contains(td)) return cellRef(td);
    const label = target.closest?.('.explainable-label');
    if (label) return labelRef(label);
    const span = target.closest?.('[data-num].explainable');
    if (span) return { kind: 'number', name: span.dataset.num.slice(instance.length + 1) };
    const cell = target.closest?.('rect.heat-cell');
    if (cell) return heatCellRef(cell, figures);
    return null;
  }

  /** The table cell a picture's value label repeats. */
  function labelRef(label) {
    for (const [kind, { table, col }] of pictures) {
      const row = indexIn(container, PICTURE_LABELS[kind], label);
      if (row >= 0) return { kind: 'table', table, row, col };
    }
    return null;
  }

  container.addEventListener('click', (e) => {
    const ref = refOf(e.target) ?? printedRef(e) ?? chartLineRef(e, charts);
    if (ref) open(ref, e.target.closest('td, pre, svg.heat-map-svg') ?? e.target);
  });
  // Arrow keys move between a table's numbers (one tab stop per table), Enter opens one.
  container.addEventListener('keydown', (e) => {
    const label = e.target.closest?.('.explainable-label');
    if (label && (e.key === 'Enter' || e.key === ' ')) {
      const ref = labelRef(label);
      if (ref) { e.preventDefault(); open(ref, label); }
      return;
    }
    if (e.target.matches?.('svg.heat-map-svg.explainable')) { heatMapKey(e); return; }
    const td = e.target.closest?.('td.explainable');
    if (!td) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const ref = cellRef(td);
      if (ref) open(ref, td);
      return;
    }
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    if (!moves[e.key]) return;
    const { row, col } = tableCell(td);
    const next = td.closest('table').rows[row + 1 + moves[e.key][0]]?.children[col + 1 + moves[e.key][1]];
    if (next?.classList.contains('explainable')) {
      e.preventDefault();
      td.tabIndex = -1;
      next.tabIndex = 0;
      next.focus();
    }
  });
  /** A heat map from the keyboard: arrows move the outlined cell, Enter opens it. */
  function heatMapKey(e) {
    const map = e.target;
    const rects = [...map.querySelectorAll('rect.heat-cell')];
    const cursor = map.querySelector('rect.explain-cursor') ?? rects[0];
    if (!cursor) return;
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); open(heatCellRef(cursor, figures), map); return; }
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    if (!moves[e.key]) return;
    e.preventDefault();
    const x = Number(cursor.getAttribute('x')) + moves[e.key][1] * CELL, y = Number(cursor.getAttribute('y')) + moves[e.key][0] * CELL;
    const next = map.querySelector(`rect.heat-cell[x="${x}"][y="${y}"]`);
    if (!next) return;
    cursor.classList.remove('explain-cursor');
    next.classList.add('explain-cursor');
  }

  const onSentence = (e) => {
    const span = e.target.closest?.('[data-num].explainable');
    if (!span || !span.dataset.num.startsWith(`${instance}.`)) return;
    if (e.type === 'keydown' && e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    open({ kind: 'number', name: span.dataset.num.slice(instance.length + 1) }, span);
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

  // A chart's table of numbers is written when it is opened: its cells are marked then.
  container.addEventListener('toggle', (e) => { if (e.target.matches?.('details.chart-data') && e.target.open) requestAnimationFrame(refresh); }, true);

  /** Marks the numbers of the result on screen as explainable; an open panel follows the new values. */
  function refresh() {
    const explained = [...container.querySelectorAll('table.matrix')].filter((t) => tables.has(t.dataset.name))
      .concat([...container.querySelectorAll('figure.chart')].filter((f) => charts.has(f.dataset.name))
        .map((f) => f.querySelector('details.chart-data table')).filter(Boolean));
    for (const table of explained) {
      const cells = [...table.rows].slice(1).flatMap((tr) => [...tr.children].slice(1));
      for (const td of cells) {
        if (!td.classList.contains('explainable')) td.classList.add('explainable');
        if (!td.hasAttribute('tabindex')) td.tabIndex = -1;
      }
      if (cells.length && !cells.some((td) => td.tabIndex === 0)) cells[0].tabIndex = 0;
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
    for (const figure of container.querySelectorAll('figure.chart')) figure.classList.toggle('explains-lines', charts.has(figure.dataset.name));
    for (const [kind] of pictureTables) {
      for (const table of container.querySelectorAll(PICTURE_TABLES[kind])) {
        const cells = [...table.querySelectorAll('td')].filter((td) => pictureCellRef(td));
        for (const td of cells) {
          td.classList.add('explainable', 'explainable-picture');
          if (!td.hasAttribute('tabindex')) td.tabIndex = -1;
        }
        if (cells.length && !cells.some((td) => td.tabIndex === 0)) cells[0].tabIndex = 0;
      }
    }
    for (const picture of container.querySelectorAll('figure.heat-maps')) {
      if (!figures.has(picture.dataset.name)) continue;
      for (const map of picture.querySelectorAll('svg.heat-map-svg:not(.explainable)')) {
        map.classList.add('explainable');
        map.tabIndex = 0;
        map.setAttribute('aria-keyshortcuts', 'ArrowLeft ArrowRight ArrowUp ArrowDown Enter');
        map.querySelector('rect.heat-cell')?.classList.add('explain-cursor');
      }
    }
    panel?.refresh();
  }

  return { refresh };
}
