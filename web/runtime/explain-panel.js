// "Where does this number come from?": the panel under a demo that shows the core's explanation of a
// number a learner clicked (or focused and pressed Enter on; which value it is, found below for a click):
// the formula, the same with its operands' values, the result and its exact value, the lesson's step, and
// each operand as a link to its own explanation, down to what the learner set. The operands are
// highlighted where the page shows them. Nothing is computed until a learner asks, and the module
// that explains (web/modules.json, "explain") is loaded only then: the page's own module goes without.
// This file is fetched on a learner's first pointer or focus on a number, not with the page.
import { el } from './dom.js';
import { cellAt, cellPlace, columns, moveCursor, rowCount, unmark } from './render/heat-cell-place.js';
import { say } from './strings/index.js';
import { pageNotation } from './strings/language.js';
import { numberFormat } from './render/format.js';

const OPERAND = 'explain-operand';
const PICKED = 'explain-picked';
// Operands of one number (a softmax over 8 keys has 8; a blend 16): more are listed, not highlighted.
const MOST_HIGHLIGHTED = 64;
// How many of an explanation's operands show before "… more" (operandList).
const FIRST_OPERANDS = 10;

// A number of the printout, not part of a name (plain-16, W1), as tests/wasm/explain.test.mjs counts them;
// a count with thousands separators (38,416) is one number.
const NUMBER_TOKEN = /(?<![\w.-])-?(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/gi;

/**
 * The row and column of a painted map (render/heat-maps.js: its colours on a canvas) under a click, from where
 * the click fell in the map's box.
 */
function placeUnder(map, event) {
  const box = map.getBoundingClientRect();
  const x = (event.clientX - box.left - map.clientLeft) / map.clientWidth;
  const y = (event.clientY - box.top - map.clientTop) / map.clientHeight;
  const at = (f, n) => Math.max(0, Math.min(n - 1, Math.floor(f * n)));  // a click on the border: the cell beside it
  return { row: at(y, rowCount(map)), col: at(x, columns(map)) };
}

/** The cell a heat map's keyboard cursor is on; the first, outlined, when it has none yet. */
export function heatCursor(map) {
  const cursor = map.querySelector('.explain-cursor');
  if (cursor) return cursor;
  const first = cellAt(map, 0, 0);
  moveCursor(null, first);
  return first;
}

/** Moves a heat map's keyboard cursor by rows and columns; it stays where it is at the map's edge. */
export function moveHeatCursor(map, rows, cols) {
  const cursor = heatCursor(map);
  if (!cursor) return;
  const at = cellPlace(cursor);
  const next = cellAt(map, at.row + rows, at.col + cols);
  if (!next) return;
  moveCursor(cursor, next);
}

/** A heat map's value at a row and column of `map` (a map's cells' element): its picture, its map among the picture's maps, its place. */
export function heatRef(map, place, figures) {
  const picture = map?.closest('figure.heat-maps');
  if (!picture || !figures.has(picture.dataset.name)) return null;
  const index = [...picture.querySelectorAll('figure.heat-map')].indexOf(map.closest('figure.heat-map'));
  return { kind: 'figure', figure: picture.dataset.name, map: index, ...place };
}

/** A heat map's cell as heatRef names it. */
export const heatCellRef = (cell, figures) => (cell ? heatRef(cell.parentElement, cellPlace(cell), figures) : null);

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

/** The k-th number of the printout (in reading order) under the pointer: the printout is one text, so its numbers are found by position. */
function printedRef(event, explainsPrintout) {
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

/** The table cell a picture's value label repeats (`page`: what explainable.js knows of the demo). */
export function labelRef(label, { container, pictures, labels }) {
  for (const [kind, { table, col }] of pictures) {
    const row = indexIn(container, labels[kind], label);
    if (row >= 0) return { kind: 'table', table, row, col };
  }
  return null;
}

/** The value a click names, or null: a table's cell, a picture's label, a sentence's number, a heat map's cell, a printout's number, a chart's point. */
export function clickedRef(event, page) {
  const { target } = event;
  const td = target.closest?.('td.explainable');
  if (td && page.container.contains(td)) return page.cellRef(td);
  const label = target.closest?.('.explainable-label');
  if (label) return labelRef(label, page);
  const span = target.closest?.('[data-num].explainable');
  if (span) return { kind: 'number', name: span.dataset.num.slice(page.instance.length + 1) };
  const cell = target.closest?.('.heat-map-cells > i');
  if (cell) return heatCellRef(cell, page.figures);
  if (target.matches?.('.painted > .heat-map-cells')) return heatRef(target, placeUnder(target, event), page.figures);
  return printedRef(event, page.explainsPrintout) ?? chartLineRef(event, page.charts);
}

/** A value printed at 3 decimals, as the core's explanation prints its operands (explain/explanation.cpp). */
const printed3 = (x) => (x !== 0 && (Math.abs(x) < 0.0005 || Math.abs(x) >= 1e7)
  ? x.toPrecision(3) : String(Number(x.toFixed(3)) + 0));

/**
 * The rounding note of a sum: the printed terms may add up to another printed total.
 * @param notation  the numbers as the page's language writes them, as the explanation's `shown` is (pageNotation)
 * @returns {string} '' when they agree
 */
export function roundingNote(explanation, notation = (text) => text) {
  const e = explanation.expression;
  if (!e || e.op !== 'sum' || !e.args.every((a) => a.op === 'operand')) return '';
  const terms = e.args.map((a) => Number(printed3(explanation.operands[a.i].value)));
  const total = notation(printed3(terms.reduce((s, x) => s + x, 0)));
  if (total === explanation.shown) return '';
  return say('explain.rounding', { total, shown: explanation.shown });
}

// e^x typeset as e with x raised; a screen reader still hears the caret ("e ^ 0.707").
const POWER = /e\^(\((?:[^()]|\([^()]*\))*\)|[^\s/+×)]+)/g;
function typeset(text) {
  const nodes = [];
  let at = 0;
  for (const m of text.matchAll(POWER)) {
    nodes.push(text.slice(at, m.index), 'e', el('span', { className: 'visually-hidden', textContent: '^' }), el('sup', { textContent: m[1] }));
    at = m.index + m[0].length;
  }
  nodes.push(text.slice(at));
  return nodes.filter((n) => n !== '');
}

// What a value with no arithmetic is, by its explanation's `given` (core/explain/explanation.hpp).
const GIVEN = {
  get param() { return say('explain.given_param'); },
  get reading() { return say('explain.given_reading'); },
  get simulated() { return say('explain.given_simulated'); },
  get random() { return say('explain.given_random'); },
  get mask() { return say('explain.given_mask'); },
  get weight() { return say('explain.given_weight'); },
  get forward() { return say('explain.given_forward'); },
  get index() { return say('explain.given_index'); },
  get measured() { return say('explain.given_measured'); },
  get shape() { return say('explain.given_shape'); },
};

/** ", that is: <the core's words>." (the words in the page's language, core.js). */
function thatIs(words) {
  const [before, after] = say('explain.that_is', { words: '\u0000' }).split('\u0000');
  return [before, el('span', { textContent: words }), after];
}

/**
 * @param demo          the core's declaration of the demo
 * @param explainCore   () => Promise of the explain module's face (core.js, loadExplainCore): core.explain(id, params, ref)
 * @param instance      the demo instance's name
 * @param container     the demo's element, which the panel joins at its end
 * @param shown         () => {params, result} on screen
 * @param sentenceSpans () => the sentences' numbers of this demo that explain themselves
 * @param pictureCell   (ref) => the cell of a picture's table of numbers that shows a worked-out value, or null
 * @param chartCell     (ref) => the cell of a chart's table of numbers that shows a chart's point, or null
 * @returns {{open: (ref, from) => void, refresh: () => void}}
 */
export function createPanel({ demo, explainCore, instance, container, shown, sentenceSpans, pictureCell, chartCell }) {
  let core = null;  // the explain module, once a learner has asked for a first explanation
  let asked = 0;    // the number of the latest open(): an answer to an older one is dropped

  const heading = el('h3', { tabIndex: -1, className: 'explain-title' });
  const body = el('div', { className: 'explain-body' });
  const back = el('button', { type: 'button', textContent: say('explain.back') });
  const close = el('button', { type: 'button', textContent: say('explain.close'), ariaKeyShortcuts: 'Escape' });
  const panel = el('section', { className: 'explain-panel', hidden: true }, [
    el('p', { className: 'explain-kicker', textContent: say('explain.kicker') }), heading, body,
    el('div', { className: 'explain-buttons' }, [back, close]),
  ]);
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-modal', 'false');
  heading.id = `explain-${instance}-title`;
  panel.setAttribute('aria-labelledby', heading.id);
  container.append(panel);

  let opener = null;   // the number the learner opened the panel from: focus returns there
  let trail = [];      // the explanations followed from it, for Back

  /** Where the page shows the value `ref` names. */
  function shownAt(ref) {
    if (ref.kind === 'table') {
      const table = container.querySelector(`table.matrix[data-name="${CSS.escape(ref.table)}"]`);
      return table?.rows[ref.row + 1]?.children[ref.col + 1] ? [table.rows[ref.row + 1].children[ref.col + 1]] : [];
    }
    if (ref.kind === 'figure') {
      const picture = container.querySelector(`figure.heat-maps[data-name="${CSS.escape(ref.figure)}"]`);
      const map = picture?.querySelectorAll('figure.heat-map')[ref.map]?.querySelector('.heat-map-cells');
      const cell = map && cellAt(map, ref.row, ref.col);
      return cell ? [cell] : [];
    }
    if (ref.kind === 'chart') {
      const td = chartCell(ref);
      return td ? [td] : [];
    }
    if (ref.kind === 'inner') {
      const td = pictureCell(ref);
      return td ? [td] : [];
    }
    if (ref.kind === 'number') {
      return sentenceSpans().filter((s) => s.dataset.num === `${instance}.${ref.name}`);
    }
    if (ref.kind === 'param') {
      const decl = demo.params.find((d) => d.name === ref.name);
      if (!decl) return [];
      if (ref.row === undefined && ref.index === undefined) {
        const box = container.querySelector(`[aria-label^="${CSS.escape(decl.label)}"]`);
        return box ? [box] : [];
      }
      // A matrix's box is labelled "<label>, token 0, feature 1"; a vector's "<label> entry 1".
      const cellOf = ref.index === undefined ? `${ref.row},${ref.col}` : `0,${ref.index}`;
      const box = [...container.querySelectorAll(`input[data-cell="${cellOf}"]`)]
        .find((b) => b.getAttribute('aria-label')?.startsWith(`${decl.label}${ref.index === undefined ? ',' : ' entry'}`));
      return box ? [box] : [];
    }
    return [];
  }

  function clearMarks() {
    for (const node of document.querySelectorAll(`.${OPERAND}, .${PICKED}`)) {
      if (container.contains(node) || sentenceSpans().includes(node)) unmark(node, OPERAND, PICKED);
    }
  }

  const operandItem = (operand, k) => {
    const link = el('button', { type: 'button', className: 'explain-link', textContent: operand.label ?? say('explain.number', { n: k + 1 }) });
    link.addEventListener('click', () => open(operand.ref, null));
    const where = { inner: 'explain.inner', pictured: 'explain.pictured', weight: 'explain.learned' }[operand.source];
    return el('li', {}, [link, ` = ${pageNotation()(printed3(operand.value).replace(/^-/, '−'))}${where ? say(where) : ''}`]);
  };
  // An operand used twice (x₀ · x₀ has X[0][0] twice) is listed once.
  const once = (operands) => operands.filter((o, k) => operands.findIndex((p) => JSON.stringify(p.ref) === JSON.stringify(o.ref)) === k);

  // A long list of operands (a guess made of 20 weights and 20 values) shows its first few; the rest wait under a
  // disclosure, so the panel's result and exact value stay within a phone's screen.
  const operandList = (items) => {
    if (items.length <= FIRST_OPERANDS + 2) return [el('ul', { className: 'explain-operands' }, items)];
    return [el('ul', { className: 'explain-operands' }, items.slice(0, FIRST_OPERANDS)), el('details', { className: 'explain-more' }, [
      el('summary', { textContent: say('explain.more_operands', { n: items.length - FIRST_OPERANDS }) }),
      el('ul', {}, items.slice(FIRST_OPERANDS))])];
  };

  // The result as the page prints it: a table of its own decimals (a table of misses in cm has two) reads the
  // same in the panel as in the cell the learner clicked; the exact value follows.
  function resultText(explanation) {
    const { ref, value } = explanation;
    const digits = ref.kind === 'table' ? shown().result.tables?.find((t) => t.name === ref.table)?.digits : undefined;
    return digits === undefined || typeof value !== 'number' ? explanation.shown : numberFormat(digits)(value);
  }

  function show(explanation) {
    clearMarks();
    heading.textContent = explanation.name.charAt(0).toUpperCase() + explanation.name.slice(1);
    const parts = [el('p', { className: 'explain-step', textContent: explanation.step })];
    if (explanation.items) {
      parts.push(el('p', { textContent: say('explain.pick_one') }),
        el('ul', { className: 'explain-operands' }, explanation.items.map((item, k) => operandItem({
          ref: item.ref, value: item.value,
        }, k))));
    } else if (explanation.given) {
      parts.push(el('p', { className: 'explain-formula', textContent: `${explanation.formula} = ${resultText(explanation)}` }),
        el('p', { textContent: GIVEN[explanation.given] ?? say('explain.given_other', { given: explanation.given }) }));
    } else {
      const note = roundingNote(explanation, pageNotation());
      parts.push(
        el('p', { className: 'explain-formula' }, [...typeset(explanation.formula),
          el('span', { className: 'visually-hidden' }, thatIs(explanation.words))]),
        el('p', { className: 'explain-plugged' }, typeset(`= ${explanation.plugged}`)),
        el('p', { className: 'explain-result', textContent: `= ${resultText(explanation)}` }),
        note ? el('p', { className: 'explain-note', textContent: note }) : null,
        el('p', { className: 'explain-heading', textContent: say('explain.made_from') }),
        ...operandList(once(explanation.operands).map(operandItem)),
      );
      // Found only while more are highlighted: a painted heat map's cell is made when found (render/heat-cell-place.js).
      let count = 0;
      for (const operand of explanation.operands) {
        for (const node of count < MOST_HIGHLIGHTED ? shownAt(operand.ref) : []) {
          if (count++ < MOST_HIGHLIGHTED) node.classList.add(OPERAND);
        }
      }
    }
    if (!explanation.items) parts.push(el('p', { className: 'explain-exact' }, [say('explain.exact'), el('code', { textContent: explanation.exact })]));
    body.replaceChildren(...parts.filter(Boolean));
    panel.dataset.state = 'shown';
    for (const node of shownAt(explanation.ref)) node.classList.add(PICKED);
    back.hidden = trail.length < 2;
  }

  function showError(message, title = say('explain.no_explanation')) {
    clearMarks();
    heading.textContent = title;
    body.replaceChildren(el('p', { textContent: message }));
    panel.dataset.state = 'error';
    back.hidden = trail.length < 2;
  }

  function showLoading() {
    clearMarks();
    heading.textContent = say('explain.loading');
    body.replaceChildren(el('p', { className: 'explain-loading', role: 'status', textContent: say('explain.fetching') }));
    back.hidden = true;
    panel.dataset.state = 'loading';  // 'shown' or 'error' once answered: what the browser tests wait for
  }

  /** Opens the panel on `ref`; `from` is the element the learner opened it from (null: a link in the panel). */
  async function open(ref, from) {
    const ticket = ++asked;
    if (from) { opener = from; trail = []; }
    trail.push(ref);
    panel.hidden = false;
    if (!core) {
      showLoading();
      panel.setAttribute('aria-busy', 'true');
      heading.focus();
      try {
        core = await explainCore();
      } catch (error) {
        if (ticket === asked) {
          panel.removeAttribute('aria-busy');
          showError(say('explain.load_failed', { error: error?.message ?? error }), say('explain.load_failed_title'));
        }
        return;
      }
      panel.removeAttribute('aria-busy');
      if (ticket !== asked || panel.hidden) return;  // the learner asked for another, or closed the panel
    }
    const answer = core.explain(demo.id, shown().params, ref);
    if (answer.ok) show(answer.explanation); else showError(answer.error.message);
    heading.focus();
  }

  function hide() {
    if (panel.hidden) return;
    asked += 1;  // an explanation still loading is not shown
    panel.hidden = true;
    clearMarks();
    trail = [];
    opener?.focus();
  }

  back.addEventListener('click', () => {
    trail.pop();
    const ref = trail.pop();
    if (ref) open(ref, null);
  });
  close.addEventListener('click', hide);
  panel.addEventListener('keydown', (e) => { if (e.key === 'Escape') { e.preventDefault(); hide(); } });

  /** An open panel follows the values on screen. */
  function refresh() {
    if (!panel.hidden && trail.length && core) {
      const answer = core.explain(demo.id, shown().params, trail[trail.length - 1]);
      if (answer.ok) show(answer.explanation); else showError(answer.error.message);
    }
  }

  return { open, refresh };
}
