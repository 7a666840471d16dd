// ACT's transformer as boxes: the tokens going in (style, joints, one group per
// camera), the encoder, the decoder with its action queries, the actions out,
// each labelled with the sizes the core computed. Drawn by hand because it is
// specific to the lesson; the list under it says the same in words.
import { unlessSame } from './in-place.js';
import { svg } from '../dom.js';
import { formatIn } from './format.js';
import { say } from '../strings/index.js';

const count = (n) => formatIn(',')(n);
const WIDTH = 720;
const BOX_H = 150;
const TOKEN_ROW = 24;   // svg units per token group
const MAX_CAMERA_ROWS = 4; // more cameras are summarised in one row


function box(root, x, y, w, h, title, lines, cls) {
  root.append(svg('rect', { x, y, width: w, height: h, rx: 8, class: `act-box ${cls}` }));
  root.append(svg('text', { x: x + w / 2, y: y + 22, 'text-anchor': 'middle', class: 'act-title' }, title));
  lines.forEach((line, i) => root.append(svg('text', { x: x + w / 2, y: y + 46 + i * 19, 'text-anchor': 'middle', class: 'act-line' }, line)));
}

function arrow(root, x1, y1, x2, y2) {
  root.append(svg('line', { x1, y1, x2, y2, class: 'act-arrow', 'marker-end': 'url(#act-head)' }));
}

function groupsOf(fig) {
  const cams = fig.cameras <= MAX_CAMERA_ROWS
    ? Array.from({ length: fig.cameras }, (_, i) => say('act.camera', { i: i + 1, rows: fig.feature_map[0], cols: fig.feature_map[1], n: fig.tokens.per_camera }))
    : [say('act.cameras', { cameras: fig.cameras, n: fig.tokens.per_camera, total: count(fig.cameras * fig.tokens.per_camera) })];
  return [say('act.style', { n: fig.tokens.style }), say('act.joints', { n: fig.tokens.joints }), ...cams];
}

function draw(figure, fig) {
  const groups = groupsOf(fig);
  const height = Math.max(BOX_H + 40, groups.length * TOKEN_ROW + 70);
  const root = svg('svg', { viewBox: `0 0 ${WIDTH} ${height}`, role: 'img', 'aria-label': say('act.label') });
  const defs = svg('defs');
  const marker = svg('marker', { id: 'act-head', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto' });
  marker.append(svg('path', { d: 'M0,0 L10,5 L0,10 z', class: 'act-arrowhead' }));
  defs.append(marker);
  root.append(defs);

  const top = 20;
  root.append(svg('text', { x: 80, y: top, 'text-anchor': 'middle', class: 'act-title' }, say('act.tokens', { n: count(fig.tokens.total) })));
  groups.forEach((g, i) => {
    root.append(svg('rect', { x: 0, y: top + 12 + i * TOKEN_ROW, width: 176, height: TOKEN_ROW - 4, rx: 4, class: 'act-token' }));
    root.append(svg('text', { x: 88, y: top + 27 + i * TOKEN_ROW, 'text-anchor': 'middle', class: 'act-line' }, g));
  });
  const mid = top + 12 + (groups.length * TOKEN_ROW) / 2;
  const boxY = Math.max(top, mid - BOX_H / 2);
  box(root, 210, boxY, 200, BOX_H, say('act.encoder', { n: fig.encoder.layers }), [
    say('act.heads_ff', { heads: fig.words.heads, n: count(fig.encoder.feedforward) }),
    say('act.table_per_head', { rows: count(fig.encoder.table[0]), cols: count(fig.encoder.table[1]) }),
    say('act.parameters', { n: count(fig.encoder.parameters) }),
  ], 'encoder');
  box(root, 440, boxY, 180, BOX_H, say('act.decoder', { n: fig.decoder.layers }), [
    fig.words.queries,
    say('act.self', { rows: fig.decoder.self_table[0], cols: fig.decoder.self_table[1] }),
    say('act.cross', { rows: fig.decoder.cross_table[0], cols: count(fig.decoder.cross_table[1]) }),
    say('act.parameters', { n: count(fig.decoder.parameters) }),
  ], 'decoder');
  arrow(root, 178, mid, 208, boxY + BOX_H / 2);
  arrow(root, 412, boxY + BOX_H / 2, 438, boxY + BOX_H / 2);
  arrow(root, 622, boxY + BOX_H / 2, 660, boxY + BOX_H / 2);
  root.append(svg('text', { x: 690, y: boxY + BOX_H / 2 - 4, 'text-anchor': 'middle', class: 'act-title' }, String(fig.actions)));
  root.append(svg('text', { x: 690, y: boxY + BOX_H / 2 + 16, 'text-anchor': 'middle', class: 'act-line' }, say('act.actions')));

  const list = document.createElement('ul');
  for (const text of [
    say('act.list_tokens', { groups: groups.join(say('act.group_join')), n: count(fig.tokens.total), width: fig.width }),
    say('act.list_encoder', { layers: fig.words.encoder_layers, heads: fig.words.head_count, ff: count(fig.encoder.feedforward),
      rows: count(fig.encoder.table[0]), cols: count(fig.encoder.table[1]), parameters: count(fig.encoder.parameters) }),
    say('act.list_decoder', { layers: fig.words.decoder_layers, queries: fig.words.queries, self_rows: fig.decoder.self_table[0],
      self_cols: fig.decoder.self_table[1], cross_rows: fig.decoder.cross_table[0], cross_cols: count(fig.decoder.cross_table[1]),
      parameters: count(fig.decoder.parameters) }),
    say('act.list_out', { actions: fig.words.actions }),
  ]) list.append(Object.assign(document.createElement('li'), { textContent: text }));
  const caption = document.createElement('figcaption');
  caption.append(list);
  const scroller = document.createElement('div');
  scroller.className = 'strip-scroll';
  // Scrolls sideways on a phone: it takes focus so a keyboard can scroll it (a named group, as the printout in index.js).
  Object.assign(scroller, { tabIndex: 0, role: 'group', ariaLabel: say('act.drawn') });
  root.style.minWidth = '520px';
  scroller.append(root);
  figure.replaceChildren(scroller, caption);
}

export function createActDiagram() {
  const figure = document.createElement('figure');
  figure.className = 'act-diagram';
  return { element: figure, update: unlessSame(figure, draw) };
}
