// Redrawing only what a new result changed. Rebuilding a picture or its table of numbers on every
// slider step or drag move cost a slow phone its frame (issue 14).

/**
 * Writes `rows` (arrays of cell texts) into `parent` (a <table> or <tbody> that holds only <tr>s, after a
 * <caption> if it has one), in place:
 * only the cells whose text changed are touched; more or fewer rows are added or removed at the end.
 * @param header  (i, j) => true for a <th> (scope col in the first row, row elsewhere)
 */
export function writeRows(parent, rows, header = (i) => i === 0) {
  // children, not rows and cells: the prerender's DOM (linkedom, scripts/prerender.mjs) has only those.
  const first = parent.firstElementChild?.tagName.toLowerCase() === 'caption' ? 1 : 0;
  while (parent.children.length > first + rows.length) parent.lastElementChild.remove();
  rows.forEach((texts, i) => {
    const tr = parent.children[first + i] ?? parent.appendChild(document.createElement('tr'));
    while (tr.children.length > texts.length) tr.lastElementChild.remove();
    texts.forEach((text, j) => {
      const tag = header(i, j) ? 'th' : 'td';
      let cell = tr.children[j];
      if (cell?.tagName.toLowerCase() !== tag) {
        const made = document.createElement(tag);
        if (tag === 'th') made.scope = i === 0 ? 'col' : 'row';
        if (cell) cell.replaceWith(made); else tr.append(made);
        cell = made;
      }
      if (cell.textContent !== text) cell.textContent = text;
    });
  });
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
