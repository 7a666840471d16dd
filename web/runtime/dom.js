// The page's one element helper: el('p', {className: 'status'}, [children]).
// (D3 selections draw the charts; the plain elements around them need no more than this.)
export function el(tag, props = {}, children = []) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...[].concat(children).filter((c) => c !== '' && c != null));
  return node;
}
