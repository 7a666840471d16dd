// The rows of a chart's table of numbers: every series' x, once each, in order. A series with no point at a
// row's x shows "—" there (the robot's readings and, one step later, what came next), so a series' point is
// its own index of the row's x, not the row's number. Shared by the table (charts.js) and its explanations.
export const chartXs = (series) => [...new Set(series.flatMap((s) => s.x))].sort((a, b) => a - b);
