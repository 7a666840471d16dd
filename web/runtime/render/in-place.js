// Redrawing only what a new result changed, so a slider step or a drag move fits a slow phone's frame
// (docs/page-performance.md).

/**
 * Sets an element's text. Its one text node is changed in place: `textContent =` would remove that
 * node and insert a new one, which the browser then styles and lays out as new.
 */
export function writeText(node, text) {
  const only = node.firstChild;
  if (only && only === node.lastChild && only.nodeType === 3) {
    if (only.data !== text) only.data = text;
  } else if (node.textContent !== text) node.textContent = text;
}

/**
 * Sets the attributes of `attrs` (name -> value; null removes it) that differ from the element's: a browser
 * restyles an element whose attribute is set, even to the value it had.
 */
export function writeAttributes(node, attrs) {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null) {
      if (node.hasAttribute(name)) node.removeAttribute(name);
    } else if (node.getAttribute(name) !== String(value)) node.setAttribute(name, value);
  }
}

/** An element's attributes as writeAttributes takes them (name -> value). */
export const attributesOf = (node) => Object.fromEntries([...node.attributes].map(({ name, value }) => [name, value]));

/**
 * Removes `parent`'s children from the `index`th on, in one operation: one Range took hundreds of cells off a heat
 * map in about two thirds of the time a `remove()` each took (docs/benchmarks.md, 2026-12-05 20:04).
 */
export function removeChildrenFrom(parent, index) {
  if (parent.childElementCount <= index) return;
  const range = document.createRange();
  range.setStartBefore(parent.children[index]);
  range.setEndAfter(parent.lastChild);
  range.deleteContents();
}

/** Removes or makes the last children of `parent` until it has `count`, each new one from `make()`; its children. */
export function fitChildren(parent, count, make) {
  removeChildrenFrom(parent, count);
  while (parent.children.length < count) parent.append(make());
  return [...parent.children];
}

/**
 * Makes `wanted` (elements, in order) the children of `parent`, which holds only elements, moving only what must
 * move: a child kept is left in place. `replaceChildren` takes every child out and puts it back, and the browser
 * then styles, lays out and paints each as new (a Reset of the attention heads demo, one head fewer, did so to
 * every other head's table and map: docs/benchmarks.md).
 */
export function placeChildren(parent, wanted) {
  const keep = new Set(wanted);
  for (const child of [...parent.children]) if (!keep.has(child)) child.remove();
  wanted.forEach((node, i) => { if (parent.children[i] !== node) parent.insertBefore(node, parent.children[i] ?? null); });
}

/**
 * Makes `live`'s children those of `model` (a detached tree drawn afresh, as d3 draws an axis), node by node
 * at the same place: only the attributes and texts that differ are written, a node more or less is moved in
 * from `model` or removed at the end. An attribute `model` lacks is left as it is, as a redraw by d3 leaves it
 * (an axis's elements always get the same ones). (`model` gives up the nodes moved in.)
 */
export function writeTree(live, model) {
  const have = live.childNodes;
  const want = [...model.childNodes];
  while (have.length > want.length) live.lastChild.remove();
  want.forEach((node, i) => {
    const old = have[i];
    if (!old) { live.append(node); return; }
    if (old.nodeName !== node.nodeName) { old.replaceWith(node); return; }
    if (node.nodeType === 3) { if (old.data !== node.data) old.data = node.data; return; }
    if (node.nodeType !== 1) return;
    writeAttributes(old, attributesOf(node));
    writeTree(old, node);
  });
}

/**
 * A cell of row i, column j, made with its text: header(i, j) for a <th> (scope col in the first row, row
 * elsewhere); a <td> below the first row is a copy of `like` when given (its class and tabindex: see writeRows).
 */
function cellOf(header, i, j, text, like) {
  const tag = header(i, j) ? 'th' : 'td';
  const made = tag === 'td' && i > 0 && like ? like.cloneNode(false) : document.createElement(tag);
  if (tag === 'th') made.scope = i === 0 ? 'col' : 'row';
  made.textContent = text;
  return made;
}

/** Row i of `rows`, made whole before it joins the page, so it is styled once. */
const rowOf = (header, texts, i, like) => {
  const made = document.createElement('tr');
  made.append(...texts.map((text, j) => cellOf(header, i, j, text, like)));
  return made;
};

/** The text of each cell of each of `trs`, read from the page once: fitRowsAtStart compares them twice. */
const textsOf = (trs) => trs.map((tr) => Array.from(tr.children, (cell) => cell.textContent));

/** How many of `rows`' texts differ from `have` (textsOf the rows on the page) when row i is laid over have[i - shift]. */
function cellsToWrite(have, rows, shift) {
  let count = 0;
  rows.forEach((texts, i) => {
    const cells = have[i - shift];
    texts.forEach((text, j) => { if (cells?.[j] !== text) count += 1; });
  });
  return count;
}

/**
 * A table of one row per past moment, oldest first (the robot's keys), that gains a row gains it at the top:
 * every other row is the row below it was. Rows more or fewer are then added or removed just after the
 * header row, when that leaves fewer cells to rewrite than at the end: a slider step of the number of keys
 * rewrote all the robot's 180 cells, and the browser laid them all out again, to show the new weights.
 */
function fitRowsAtStart(parent, first, rows, header, like) {
  const trs = [...parent.children].slice(first);
  const shift = rows.length - trs.length;
  if (!shift || trs.length < 2 || rows.length < 2) return;
  const body = rows.slice(1);
  const have = textsOf(trs.slice(1));
  if (cellsToWrite(have, body, shift) >= cellsToWrite(have, body, 0)) return;
  if (shift < 0) { trs.slice(1, 1 - shift).forEach((tr) => tr.remove()); return; }
  trs[1].before(...body.slice(0, shift).map((texts, k) => rowOf(header, texts, 1 + k, like)));
}

/**
 * Writes `rows` (arrays of cell texts) into `parent` (a <table> or <tbody> that holds only <tr>s, after a
 * <caption> if it has one), in place:
 * only the cells whose text changed are touched; more or fewer rows are added or removed at the end, or
 * after the first row when that leaves fewer cells to write (fitRowsAtStart).
 * @param header  (i, j) => true for a <th> (scope col in the first row, row elsewhere)
 * @param like    a <td> each new data cell (a <td> below the first row) copies, with its attributes: the
 *                explainer's marks (explainable.js), so a cell joins the page marked rather than being
 *                restyled for its marks once there (the lm head demo's identity switch makes 2,208)
 */
export function writeRows(parent, rows, header = (i) => i === 0, like = null) {
  // children, not rows and cells: the prerender's DOM (linkedom, scripts/prerender.mjs) has only those.
  const first = parent.firstElementChild?.tagName.toLowerCase() === 'caption' ? 1 : 0;
  fitRowsAtStart(parent, first, rows, header, like);
  removeChildrenFrom(parent, first + rows.length);
  const added = [];
  rows.forEach((texts, i) => {
    const tr = parent.children[first + i];
    if (!tr) {  // a new row is filled before it joins the page, so it is styled once
      added.push(rowOf(header, texts, i, like));
      return;
    }
    removeChildrenFrom(tr, texts.length);
    const have = tr.children.length;
    texts.forEach((text, j) => {
      if (j >= have) return;
      const cell = tr.children[j];
      if (cell.tagName.toLowerCase() !== (header(i, j) ? 'th' : 'td')) cell.replaceWith(cellOf(header, i, j, text, like));
      else writeText(cell, text);
    });
    // New columns are made with their text and join the row at once (the identity switch of the lm head
    // demo adds 24 to each row of four tables): a cell written after joining would be restyled again.
    if (texts.length > have) tr.append(...texts.slice(have).map((text, k) => cellOf(header, i, have + k, text, like)));
  });
  if (added.length) parent.append(...added);
}

/**
 * A picture's update that draws (`draw(element, fig)`) only when the figure differs from the one on
 * screen: a slider step that leaves it as it was leaves its elements alone.
 */
export function unlessSame(element, draw) {
  let shown = null;
  return (fig) => {
    const text = JSON.stringify(fig);
    if (text === shown) return;
    shown = text;
    draw(element, fig);
  };
}

/**
 * The numbers behind a picture or chart sit in a <details class="chart-data">, closed until a learner
 * opens it. Rewriting them while closed costs a step as much as drawing the lines and axes, so a write
 * waits for the opening:
 *   - the first write is made at once, so the page's first paint and the build's prerender
 *     (scripts/prerender.mjs) have the numbers;
 *   - a later one, while closed, is kept (the last one wins) and made when it opens: a
 *     MutationObserver on `open` runs right after the click that opens it, before that frame's paint.
 *     (Closed, it is not printed either: web/style.css hides it in print.)
 * @returns write(fn): calls fn now, or when `details` is next opened
 */
export function writeWhenOpen(details) {
  let pending = null;
  let written = false;
  let observer = null;
  const writePending = () => { if (details.open && pending) { const write = pending; pending = null; write(); } };
  return (write) => {
    if (details.open || !written) {
      written = true;
      pending = null;
      write();
      return;
    }
    pending = write;
    if (!observer) {
      observer = new MutationObserver(writePending);
      observer.observe(details, { attributes: true, attributeFilter: ['open'] });
    }
  };
}
