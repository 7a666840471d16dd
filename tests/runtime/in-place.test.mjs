// Writing in place (web/runtime/render/in-place.js, docs/page-performance.md): a new result touches only what
// it changed, so the browser restyles and lays out only that. On linkedom's DOM, as the prerender uses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHTML } from 'linkedom';

const { document } = parseHTML('<html><body><table id="t"><caption>Weights</caption></table><p id="p">0.5</p></body></html>');
globalThis.document = document;
const { placeChildren, removeChildrenFrom, writeRows, writeText, writeAttributes, unlessSame } = await import('../../web/runtime/render/in-place.js');

test('in place: a text is written into the element\'s own text node, which stays the same node', () => {
  const p = document.getElementById('p');
  const node = p.firstChild;
  writeText(p, '0.75');
  assert.equal(p.firstChild, node);
  assert.equal(p.textContent, '0.75');
});

test('in place: rows are written after the caption, only changed cells are replaced, and extra rows go', () => {
  const table = document.getElementById('t');
  const header = (i, j) => i === 0 || j === 0;  // a table with its rows' names, as the weight tables have
  writeRows(table, [['', 'a', 'b'], ['x', '1', '2'], ['y', '3', '4']], header);
  assert.equal(table.children[0].tagName.toLowerCase(), 'caption');
  const cells = () => [...table.querySelectorAll('tr')].map((tr) => [...tr.children].map((c) => `${c.tagName.toLowerCase()}:${c.textContent}`));
  assert.deepEqual(cells(), [['th:', 'th:a', 'th:b'], ['th:x', 'td:1', 'td:2'], ['th:y', 'td:3', 'td:4']]);
  assert.deepEqual([table.querySelector('tr th').scope, table.querySelectorAll('tr')[1].children[0].scope], ['col', 'row']);
  const kept = table.querySelectorAll('tr')[1].children[2];
  writeRows(table, [['', 'a', 'b'], ['x', '9', '2']], header);
  assert.deepEqual(cells(), [['th:', 'th:a', 'th:b'], ['th:x', 'td:9', 'td:2']]);
  assert.equal(table.querySelectorAll('tr')[1].children[2], kept, 'an unchanged cell is the same element');
});

test('in place: columns added to a row come after its kept cells with their text, columns taken away go, and a new row gets its cells', () => {
  const table = document.getElementById('t');
  const header = (i, j) => i === 0 || j === 0;
  writeRows(table, [['', 'a'], ['x', '1']], header);
  const cells = () => [...table.querySelectorAll('tr')].map((tr) => [...tr.children].map((c) => `${c.tagName.toLowerCase()}:${c.textContent}`));
  const kept = table.querySelectorAll('tr')[1].children[1];
  writeRows(table, [['', 'a', 'b', 'c'], ['x', '1', '2', '3'], ['y', '4', '5', '6']], header);
  assert.deepEqual(cells(), [['th:', 'th:a', 'th:b', 'th:c'], ['th:x', 'td:1', 'td:2', 'td:3'], ['th:y', 'td:4', 'td:5', 'td:6']]);
  assert.equal(table.querySelectorAll('tr')[1].children[1], kept, 'the cell already there is the same element');
  assert.deepEqual([...table.querySelectorAll('th')].map((th) => th.scope), ['col', 'col', 'col', 'col', 'row', 'row']);
  writeRows(table, [['', 'a'], ['x', '1'], ['y', '4']], header);
  assert.deepEqual(cells(), [['th:', 'th:a'], ['th:x', 'td:1'], ['th:y', 'td:4']]);
  assert.equal(table.querySelectorAll('tr')[1].children[1], kept);
});

test('in place: an attribute equal to the one set is not set again, and a figure equal to the one drawn is not drawn', () => {
  const p = document.getElementById('p');
  const set = [];
  const setAttribute = p.setAttribute.bind(p);
  p.setAttribute = (name, value) => { set.push(name); setAttribute(name, value); };
  writeAttributes(p, { x: 1, y: 'a' });
  writeAttributes(p, { x: '1', y: 'b' });
  assert.deepEqual(set, ['x', 'y', 'y']);
  const drawn = [];
  const update = unlessSame(p, (element, fig) => drawn.push(fig.v));
  update({ v: 1 });
  update({ v: 1 });
  update({ v: 2 });
  assert.deepEqual(drawn, [1, 2]);
});

test('in place: a row more at the top of a table of past moments is added after its header, and each cell\'s text is read from the page once', () => {
  const table = document.createElement('table');
  const header = (i, j) => i === 0 || j === 0;
  const past = (n) => [['', 'value'], ...Array.from({ length: n }, (_, k) => [`${n - k} back`, String(10 * (n - k))])];
  writeRows(table, past(3), header);
  const rows = [...table.children];
  // textContent's getter, wherever linkedom defines it on a cell's prototype chain, counted.
  let owner = table.firstElementChild.firstElementChild;
  while (!Object.getOwnPropertyDescriptor(owner, 'textContent')) owner = Object.getPrototypeOf(owner);
  const { get, set } = Object.getOwnPropertyDescriptor(owner, 'textContent');
  let reads = 0;
  Object.defineProperty(owner, 'textContent', { configurable: true, set, get() { reads += 1; return get.call(this); } });
  try {
    writeRows(table, past(4), header);
  } finally {
    Object.defineProperty(owner, 'textContent', { configurable: true, get, set });
  }
  assert.deepEqual([...table.children].map((tr) => [...tr.children].map((c) => c.textContent)), past(4));
  assert.deepEqual([...table.children].slice(2), rows.slice(1), 'the rows already there are the same elements, one lower');
  // (and the empty corner cell once more, which has no text node for writeText to compare)
  assert.equal(reads, 3 * 2 + 1, 'the 3 rows\' 6 cells are read once each to choose where the new row goes');
});

test('in place: the number cells a table gains are copies of the cell it is given, its header cells are made as before', () => {
  const { document: own } = parseHTML('<html><body><table id="t"></table></body></html>');
  const table = own.getElementById('t');
  const header = (i, j) => i === 0 || j === 0;
  const like = own.createElement('td');
  like.className = 'explainable';
  like.setAttribute('tabindex', '-1');
  writeRows(table, [['', 'a'], ['x', '1']], header, like);
  writeRows(table, [['', 'a', 'b'], ['x', '1', '2'], ['y', '3', '4']], header, like);
  const cells = [...table.querySelectorAll('tr')].map((tr) => [...tr.children].map((c) => `${c.tagName.toLowerCase()}.${c.className}[${c.getAttribute('tabindex')}]:${c.textContent}`));
  assert.deepEqual(cells, [['th.[null]:', 'th.[null]:a', 'th.[null]:b'], ['th.[null]:x', 'td.explainable[-1]:1', 'td.explainable[-1]:2'],
    ['th.[null]:y', 'td.explainable[-1]:3', 'td.explainable[-1]:4']]);
  assert.equal(like.textContent, '', 'the model cell itself is left empty');
});

test('in place: children placed in a new order and count end as asked, the ones that stay the same elements', () => {
  // That none is taken out and put back is a browser's matter: tests/browser/in-place.test.mjs (a Reset that drops heads).
  const parent = document.createElement('div');
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => Object.assign(document.createElement('span'), { id }));
  parent.append(a, b, c);
  placeChildren(parent, [a, c, d]);
  assert.deepEqual([...parent.children].map((n) => n.id), ['a', 'c', 'd']);
  assert.equal(b.parentNode, null, 'the child that goes is out of the page');
  placeChildren(parent, [d, a, c]);
  assert.deepEqual([...parent.children].map((n) => n.id), ['d', 'a', 'c']);
  assert.deepEqual([...parent.children], [d, a, c]);
});

test('in place: children removed from an index on leave the ones before it, the same elements, and nothing after', () => {
  const parent = document.createElement('div');
  const made = Array.from({ length: 6 }, (_, k) => Object.assign(document.createElement('i'), { id: `c${k}` }));
  parent.append(...made);
  removeChildrenFrom(parent, 4);
  assert.deepEqual([...parent.children], made.slice(0, 4));
  removeChildrenFrom(parent, 4);
  assert.equal(parent.childElementCount, 4, 'no child at the index: nothing goes');
  removeChildrenFrom(parent, 0);
  assert.equal(parent.childNodes.length, 0);
  assert.equal(made[0].parentNode, null, 'a removed child is out of the page');
});
