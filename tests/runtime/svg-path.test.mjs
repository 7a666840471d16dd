// The charts' two shapes (web/runtime/render/svg-path.js) are the path data d3-shape writes for them, to the
// character: a line through a chart's points, one point, none, and the marker of a series of one point.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { line, symbol, symbolCircle } from 'd3-shape';
import { circle, polyline } from '../../web/runtime/render/svg-path.js';

test('svg paths: a line through points is written as d3-shape writes it', () => {
  const d3line = line();
  let seed = 7;
  const random = () => { seed = (seed * 16807) % 2147483647; return (seed / 2147483647 - 0.3) * 900; };
  const cases = [[], [[1, 2]], [[0, 0], [-0.0004, 1e-7]], [[12.3456, 300], [1e5 / 3, -2.5]],
    Array.from({ length: 200 }, () => [random(), random()])];
  for (const points of cases) assert.equal(polyline(points), d3line(points), JSON.stringify(points.slice(0, 3)));
});

test('svg paths: the marker of a series of one point is d3-shape\'s circle of the same area', () => {
  for (const area of [90, 64, 1, 1000.5]) assert.equal(circle(area), symbol(symbolCircle, area)(), String(area));
});
