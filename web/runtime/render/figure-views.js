// The view of each picture kind (core/demo/figure_kinds.json) is a file of its own, fetched when a page
// first needs it: a lesson's pictures (the robot's mat, the table's scenes, the language model's heat
// maps) do not travel with every other lesson's page. A page asks for the kinds its demos
// draw at their presets (the site build writes them on each demo, data-figures) while its module loads;
// a kind first met later is fetched then, and the result drawn again (render/index.js).
const LOADERS = {
  head_split: () => import('./head-split.js').then((m) => m.createHeadSplit),
  bugbot_mat: () => import('./bugbot-mat.js').then((m) => m.createBugbotMat),
  weight_strip: () => import('./weight-strip.js').then((m) => m.createWeightStrip),
  table_lab: () => import('./table-lab.js').then((m) => m.createTableLab),
  table_attention: () => import('./table-attention.js').then((m) => m.createTableAttention),
  act_diagram: () => import('./act-diagram.js').then((m) => m.createActDiagram),
  heat_maps: () => import('./heat-maps.js').then((m) => m.createHeatMaps),
  char_bars: () => import('./char-bars.js').then((m) => m.createCharBars),
};

const loaded = new Map();   // kind -> the view's constructor
const loading = new Map();  // kind -> Promise of it

/** The kinds the page can draw. */
export const DRAWN_KINDS = Object.keys(LOADERS);

/** The constructor of a kind's view, or undefined until loadFigureViews has fetched it. */
export const figureView = (kind) => loaded.get(kind);

/** Fetches the views of `kinds` (unknown kinds are left to figure-kinds.js's check); a failed fetch may be asked again. */
export function loadFigureViews(kinds) {
  return Promise.all([...new Set(kinds)].filter((kind) => LOADERS[kind] && !loaded.has(kind)).map((kind) => {
    if (!loading.has(kind)) {
      loading.set(kind, LOADERS[kind]().then((create) => { loaded.set(kind, create); },
        (error) => { loading.delete(kind); throw error; }));
    }
    return loading.get(kind);
  }));
}
