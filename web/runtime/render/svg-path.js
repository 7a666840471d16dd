// The two shapes the charts draw, as svg path data written exactly as d3-shape 3 writes them (coordinates
// rounded to 3 decimals; tests/runtime/svg-path.test.mjs compares): a line through points, and the
// circle marker of a series of one point. Written here rather than taken from d3-shape and d3-path, whose
// code every lesson page would load for these two shapes (their size: docs/benchmarks.md).
const round3 = (v) => Math.round(v * 1000) / 1000;

/** The path through `points` ([x, y] pairs, in svg units); null for none, as d3's line() gives. */
export function polyline(points) {
  if (!points.length) return null;
  const d = points.map(([x, y], i) => `${i ? 'L' : 'M'}${round3(x)},${round3(y)}`).join('');
  return points.length === 1 ? `${d}Z` : d;
}

/** A circle of `area` square units around the origin, as d3's symbol(symbolCircle, area) draws it. */
export function circle(area) {
  const r = Math.sqrt(area / Math.PI);
  return `M${round3(r)},0A${round3(r)},${round3(r)},0,1,1,${round3(-r)},0A${round3(r)},${round3(r)},0,1,1,${round3(r)},0`;
}
