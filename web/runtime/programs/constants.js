// A program's constants set from its parameter demo's state, so the program the
// learner opens prints what the demo above it shows. Pure text in, text out.

/** repr(x) of a Python float: the shortest digits that read back (as JavaScript's), in Python's layout. */
export function pythonFloat(x) {
  if (Object.is(x, -0)) return '-0.0';
  if (!Number.isFinite(x)) return Number.isNaN(x) ? "float('nan')" : `float('${x > 0 ? '' : '-'}inf')`;
  const [mantissa, exp] = x.toExponential().split('e');
  const e = Number(exp);
  if (e < -4 || e >= 16) return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  const text = String(x);  // fixed notation in this range
  return text.includes('.') ? text : `${text}.0`;
}

const plain = (v) => String(v);
const floats = (v) => `(${v.map(pythonFloat).join(', ')}${v.length === 1 ? ',' : ''})`;

// Program constant -> [the demo parameter it stands for, how Python writes it].
// DIVISOR and the lists print as floats in the programs (10 prints as 10.0), as in the demos' lines.
const CONSTANTS = {
  PATCH: ['patch', plain], KEYS: ['keys', plain], TICKS: ['ticks', plain], SPIN: ['spin', plain],
  DIVISOR: ['divisor', pythonFloat], DIVISORS: ['divisors', floats], STRENGTHS: ['strengths', floats],
};

function setConstant(text, name, literal) {
  // NAME = old value   # comment   ->   NAME = literal   # comment
  return text.replace(new RegExp(`^(${name} = )([^#\\n]*?)(\\s*#.*)?$`, 'm'), (_, head, _old, comment = '') => head + literal + comment);
}

/**
 * @param text    the program as the lesson writes it (lessons/robot/programs/*.py)
 * @param values  the demo's state values (state.js)
 * @param result  the demo's result on screen, for what the demo derives (the shuffled order)
 */
export function withSettings(text, values, result) {
  let out = text;
  for (const [name, [param, write]] of Object.entries(CONSTANTS)) {
    if (values[param] !== undefined) out = setConstant(out, name, write(values[param]));
  }
  const order = result?.numbers?.order;
  if (Array.isArray(order)) out = setConstant(out, 'ORDER', `[${order.join(', ')}]`);
  if (values.seed !== undefined) {
    out = out.replace(/^connect\(.*\)$/m, `connect(x=${plain(values.start_x)}, y=${plain(values.start_y)}, ` +
      `noise=${plain(values.noise)}, seed=${plain(values.seed)})`);
  }
  return out;
}
