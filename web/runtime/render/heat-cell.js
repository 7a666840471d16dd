// Svg units per cell of a heat map (heat-maps.js draws by it; the explain panel finds a cell's row and
// column by it): a file of its own, so the page's eager code need not carry the heat maps' view.
export const CELL = 10;
