// The page's element helpers: el('p', {className: 'status'}, [children]) for HTML, and
// svg('rect', {x: 1, class: 'bar'}, text) for the pictures drawn by hand.
// (D3 selections draw the charts; the plain elements around them need no more than this.)
export function el(tag, props = {}, children = []) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...[].concat(children).filter((c) => c !== '' && c != null));
  return node;
}

/**
 * Marks each box whose content is wider than it (`data-scrolls`: web/style.css shows "Scroll sideways for more").
 * Every width is read before any mark is written: a write between two reads would lay the page out again.
 */
export function markScrolls(boxes) {
  const scrolls = boxes.map((box) => box.scrollWidth > box.clientWidth + 1);
  boxes.forEach((box, i) => { if (box.hasAttribute('data-scrolls') !== scrolls[i]) box.toggleAttribute('data-scrolls', scrolls[i]); });
}

export const SVG_NS = 'http://www.w3.org/2000/svg';

/** An svg element with its attributes, set as given, and its text if one is given. */
export function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}
