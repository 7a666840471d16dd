// Random parameter sets inside a demo's declarations, from a seeded generator,
// so a property test sees the same "random" learner every run.

/** mulberry32: a small seeded generator with uniform floats in [0, 1). */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (random, lo, hi) => lo + Math.floor(random() * (hi - lo + 1));

// Declared bounds can be huge (a seed up to 1,000,000, 100,000 tokens): half the
// draws stay near the lower bound, where the interesting values of most parameters lie.
function number(random, decl) {
  const lo = decl.min ?? -10;
  const wide = decl.max ?? lo + 10;
  const hi = random() < 0.5 ? Math.min(wide, lo + 20 * (decl.step || 1)) : wide;
  const x = lo + random() * (hi - lo);
  if (decl.type === 'integer') return Math.min(hi, Math.max(lo, Math.round(x)));
  const step = decl.step || 0;
  const snapped = step ? lo + Math.round((x - lo) / step) * step : x;
  return Number(Math.min(hi, Math.max(lo, snapped)).toPrecision(6));
}

function grid(random, decl, rows, cols) {
  return Array.from({ length: rows }, () => Array.from({ length: cols }, () => number(random, { ...decl, type: 'number' })));
}

/** One value inside `decl`. */
export function randomValue(random, decl) {
  switch (decl.type) {
    case 'number':
    case 'integer': return number(random, decl);
    case 'boolean': return random() < 0.5;
    case 'choice': return decl.choices[between(random, 0, decl.choices.length - 1)];
    case 'vector': return grid(random, decl, 1, between(random, decl.min_len, decl.max_len))[0];
    case 'matrix': return grid(random, decl, between(random, Math.max(1, decl.min_len), decl.max_len),
      between(random, decl.min_cols, decl.max_cols));
    case 'text': {
      // Characters the declaration allows (all printable ASCII when it lists none), no control characters.
      const allowed = [...(decl.characters ?? ' abcdefghijklmnopqrstuvwxyz')].filter((c) => c >= ' ');
      return Array.from({ length: between(random, Math.max(1, decl.min_len), Math.min(decl.max_len, 40)) },
        () => allowed[between(random, 0, allowed.length - 1)]).join('');
    }
    default: throw new Error(`no random values for a ${decl.type}`);
  }
}

/**
 * A random set of changes to a demo: each parameter changed with probability one
 * half. Parameters set by a picture keep their value (the picture's own tests move them).
 */
export function randomChanges(random, declarations) {
  const changes = {};
  for (const decl of declarations) {
    if (decl.input === 'picture' || random() < 0.5) continue;
    changes[decl.name] = randomValue(random, decl);
  }
  return changes;
}
