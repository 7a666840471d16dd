// The tables of numbers inside the pictures (their text alternatives), for the explanations (explainable.js):
// which table of a figure each is, and how its cells map to the references of the values they show.

// A picture's own table of numbers (its text alternative, inside the figure), found by its kind (the contents'
// "pictures": kind -> a declaration whose members name its shape, PICTURE_SHAPES).
export const PICTURE_TABLES = {
  table_lab: 'figure.table-lab details table',
  table_layers: 'figure.table-attention details table:first-of-type',
  table_layers_weights: 'figure.table-attention details table:nth-of-type(2)',
  weight_strip: 'figure.weight-strip details table',
  bugbot_mat: 'figure.bugbot details table',
};
// A reference fits a template when it holds each of the template's members (a head's {kind, name}).
const fits = (template, ref) => Object.entries(template).every(([key, value]) => ref[key] === value);

// What a cell of a picture's table opens (`ref`: the cell in child j of row `row`, counted from the first row of
// numbers, to a reference or null) and, the other way, the cell that shows a worked-out value (`cell`). `at` is
// what both read of the demo on screen: its params, the layers figure's views and the demo's element.
const PICTURE_SHAPES = {
  // {table or inner, cols, after}: the cell in child j of row k repeats that table's cell (k, cols[j]), or the
  // worked-out value {kind: 'inner', name: inner, row: k, col: cols[j]}, none when cols[j] is −1; a row past those
  // shows the sentence numbers `after[k − rows][j − 1]` (the answer and the true place).
  grid: {
    ref({ table, inner, cols, after = [] }, own, row, j, at) {
      const rows = table === undefined ? own.rows.length - 1 - after.length
        : (at.container.querySelector(`table.matrix[data-name="${CSS.escape(table)}"]`)?.rows.length ?? 1) - 1;
      if (row >= rows) {
        const name = after[row - rows]?.[j - 1];
        return name ? { kind: 'number', name } : null;
      }
      if (cols[j] === undefined || cols[j] < 0) return null;
      return table === undefined ? { kind: 'inner', name: inner, row, col: cols[j] } : { kind: 'table', table, row, col: cols[j] };
    },
    cell({ inner, cols }, own, ref) {
      if (inner === undefined || !fits({ kind: 'inner', name: inner }, ref)) return null;
      return own.rows[ref.row + 1]?.children[cols.indexOf(ref.col)] ?? null;
    },
  },
  // {mean, head}: a row per view of the layers figure, a column per object. A view that averages a layer's heads
  // opens `mean` with row: the object, col: the layer; a head's view opens `head` with its layer, head and object.
  views: {
    ref({ mean, head }, own, row, j, at) {
      const view = at.views[row];
      if (!view || j < 1) return null;
      return view.head === null ? { ...mean, row: j - 1, col: view.layer } : { ...head, layer: view.layer, head: view.head, row: j - 1 };
    },
    cell({ head }, own, ref, at) {
      if (!fits(head, ref)) return null;
      const k = at.views.findIndex((v) => v.layer === ref.layer && v.head === ref.head);
      return k < 0 ? null : own.rows[k + 1]?.children[ref.row + 1] ?? null;
    },
  },
  // {row, first, columns}: a row per item (the mat's table, a row per reading), its first `first` cells labels:
  // the cell in child j of row k opens `columns[j − first]` with its member `row` set to k.
  rows: {
    ref({ row: member, first, columns }, own, row, j) {
      const column = columns[j - first];
      return row >= 0 && column ? { ...column, [member]: row } : null;
    },
    cell({ row: member, first, columns }, own, ref) {
      const j = columns.findIndex((column) => fits(column, ref));
      return j < 0 || !Number.isInteger(ref[member]) ? null : own.rows[ref[member] + 1]?.children[j + first] ?? null;
    },
  },
  // {weights, values}: a weight strip, the keys' values first, then a row of weights per row of the strip. The
  // weight in row r + 1, child j opens `weights` with row: r, col: j − 1; the value in child j opens `values.ref`
  // with row: j − 1 + the parameter `values.from` (key j's value is the reading `patch` ticks after its first).
  strip: {
    ref({ weights, values }, own, row, j, at) {
      if (j < 1) return null;
      if (row >= 1) return { ...weights, row: row - 1, col: j - 1 };
      return row === 0 && values ? { ...values.ref, row: j - 1 + Number(at.params[values.from]) } : null;
    },
    cell({ weights, values }, own, ref, at) {
      if (values && fits(values.ref, ref)) {
        const j = ref.row - Number(at.params[values.from]);
        return j < 0 ? null : own.rows[1]?.children[j + 1] ?? null;
      }
      if (weights.kind === 'inner' && fits(weights, ref)) return own.rows[ref.row + 2]?.children[ref.col + 1] ?? null;
      return null;
    },
  },
};
export const shapeOf = (declaration) => PICTURE_SHAPES[declaration.weights ? 'strip' : declaration.mean ? 'views' : declaration.columns ? 'rows' : 'grid'];
