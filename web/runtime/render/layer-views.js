// The views of the table layers demo's figure, in the order its pictures and its table of weights list them:
// each layer's heads averaged, then each of its heads (head: null for the average). Shared by the renderer
// (table-attention.js) and by what opens the table's numbers (explainable.js), which must agree row by row.
export const layerViews = (fig) => fig.layers.flatMap((layer, l) => [
  { layer: l, head: null },
  ...layer.heads.map((_, h) => ({ layer: l, head: h })),
]);
