// The trained networks the page's core holds, and where each came from: the
// lesson's own file, a training in this browser (with its settings), or a file
// the learner chose. The demos read them through the core; this says which one
// every table demo is using, brings the lesson's back, and keeps trained ones in
// the URL by their settings, which is enough because training gives the same
// bits everywhere: the page that opens a link can train the identical network.
//
//   ?net.find/lookup={"seed":3,"lr":0.01,"epochs":30}

const URL_PREFIX = 'net.';

/** "find/plain-256" -> "Plain-256", as the lessons name their networks. */
export function networkName(slot) {
  const model = slot.slice(slot.indexOf('/') + 1);
  return model[0].toUpperCase() + model.slice(1);
}

/** The training settings a link asks for, by slot: {task, model, seed, lr, epochs}. */
export function linkedTrainings() {
  const wanted = new Map();
  for (const [key, text] of new URLSearchParams(window.location.search)) {
    if (!key.startsWith(URL_PREFIX)) continue;
    try {
      const slot = key.slice(URL_PREFIX.length);
      const [task, model] = slot.split('/');
      wanted.set(slot, { task, model, ...JSON.parse(text) });
    } catch { /* a hand-edited link: ignored, the lesson's network stays */ }
  }
  return wanted;
}

function writeUrl(slot, origin) {
  const url = new URL(window.location.href);
  if (origin.kind === 'trained') {
    const { seed, lr, epochs } = origin.config;
    url.searchParams.set(URL_PREFIX + slot, JSON.stringify({ seed, lr, epochs }));
  } else {
    url.searchParams.delete(URL_PREFIX + slot);
  }
  window.history.replaceState(null, '', url);
}

/** "seed 3, rate 0.01, 30 epochs" (0 stands for the lesson's choice). */
export function trainingText({ seed, lr, epochs }) {
  return `seed ${seed}, rate ${lr || 'the lesson\'s'}, ${epochs || 'the lesson\'s'} epochs`;
}

/**
 * @param core  from loadCore()
 * @returns the registry: has, text, origin, use, backToLesson, onChange
 */
export function createNetworks(core) {
  const texts = new Map();         // slot -> weights JSON text in the core now
  const origins = new Map();       // slot -> {kind: 'lesson'} | {kind: 'trained', config} | {kind: 'file', name}
  const lessonTexts = new Map();   // slot -> the lesson's own weights, to come back to
  const listeners = new Set();
  const emit = (slot) => { for (const listener of listeners) listener(slot); };

  /** Loads `text` into the core for `slot`; returns the core's answer (nothing changes when it refuses). */
  function use(slot, text, origin) {
    const answer = core.loadModel(slot, text);
    if (!answer.ok) return answer;
    // The lesson's own network loading with the page leaves the address alone: a link's
    // trained settings stay in it until this page trains or goes back to the lesson's.
    const replacing = origins.has(slot);
    texts.set(slot, text);
    origins.set(slot, origin);
    if (origin.kind === 'lesson') lessonTexts.set(slot, text);
    if (replacing || origin.kind !== 'lesson') writeUrl(slot, origin);
    emit(slot);
    return answer;
  }

  return {
    /** The largest weights file the core takes [bytes] (core/api/json_limits.hpp, through the module). */
    maxTextBytes: core.maxJsonBytes,
    has: (slot) => texts.has(slot),
    text: (slot) => texts.get(slot),
    origin: (slot) => origins.get(slot),
    hasLessonNetwork: (slot) => lessonTexts.has(slot),
    use,
    /** Puts the lesson's network back in `slot` (loaded once already). */
    backToLesson(slot) {
      return use(slot, lessonTexts.get(slot), { kind: 'lesson' });
    },
    /** listener(slot) after a slot's network changed. */
    onChange(listener) { listeners.add(listener); return () => listeners.delete(listener); },
  };
}

/** One line under a table demo: which network it is using, and the way back to the lesson's. */
export function describeNetwork(slot, origin) {
  const name = networkName(slot);
  if (!origin) return `${name}: the figures recorded when the lesson's weights were made.`;
  if (origin.kind === 'lesson') return `${name}: the lesson's network.`;
  if (origin.kind === 'trained') return `${name}: yours, trained in this browser (${trainingText(origin.config)}).`;
  return `${name}: yours, from the file ${origin.name}.`;
}
