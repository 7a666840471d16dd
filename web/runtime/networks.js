// The trained networks the page's core holds, and where each came from: the
// lesson's own file, a training in this browser (with its settings), or a file
// the learner chose. The demos read them through the core; this says which one
// every table demo is using, brings the lesson's back, and keeps trained ones in
// the URL by their settings (address.js, the "network" family), which is enough because training
// gives the same bits everywhere: the page that opens a link can train the identical network.

import { readNetworks, write } from './address.js';
import { say } from './strings/index.js';
import { pageWords } from './strings/language.js';

let labels;
/** network -> label, as the network table gives them (the site build writes them on <main>). */
const networkLabels = () => (labels ??= JSON.parse(globalThis.document?.querySelector('main')?.dataset.networkLabels || '{}'));

/** "find/plain-256" -> "Plain-256", the network table's label, as the lessons name their networks. */
export function networkName(slot) {
  const label = networkLabels()[slot.slice(slot.indexOf('/') + 1)];
  return typeof label === 'string' ? label : `“${slot}”`;  // a hand-made link may name a network the table does not have
}

/** "find/lookup" -> 'Lookup on "find"', as the lessons name a network trained for a task. */
export const networkOnTask = (slot) => say('networks.on_task', { name: networkName(slot), task: slot.slice(0, slot.indexOf('/')) });

const SETTINGS = ['seed', 'lr', 'epochs'];  // what the address keeps; the slot names the network

/**
 * The training settings a link asks for, by slot, each checked before the page offers to train it:
 * {task, model, seed, lr, epochs}, or {task, model, problem} when the link's settings cannot be used.
 * The network is always the one the key names (net.find/lookup); the settings only set how it trains.
 * @param plan  {params, run(settings)}: the training plan's declarations and the core's answer for a plan
 *              (train_plan), or null when the page's core has none (a page that cannot train offers nothing)
 */
export function linkedTrainings(plan) {
  const what = (slot) => say('networks.training_value', { name: networkName(slot) });
  const wanted = new Map();
  for (const [slot, read] of readNetworks(what)) {
    const [task, model] = slot.split('/');
    wanted.set(slot, { task, model, ...(read.problem ? read : checkSettings(read.value, what(slot), { task, model }, plan)) });
  }
  return wanted;
}

/** {seed, lr, epochs} from a link's settings (a setting left out is the plan's default), or {problem}. */
function checkSettings(value, what, network, plan) {
  const defaults = Object.fromEntries((plan?.params ?? []).filter((d) => SETTINGS.includes(d.name)).map((d) => [d.name, d.default]));
  const settings = { ...defaults, ...Object.fromEntries(SETTINGS.filter((name) => name in value).map((name) => [name, value[name]])) };
  const answer = plan?.run({ ...network, ...settings });
  if (answer && !answer.ok) return { problem: say('networks.refused', { what, message: pageWords()(answer.error.message) }) };
  return settings;
}

/** "seed 3, rate 0.01, 30 epochs" (0 stands for the lesson's choice). */
export function trainingText({ seed, lr, epochs }) {
  const count = !epochs ? say('networks.lesson_epochs') : say(epochs === 1 ? 'networks.epoch_one' : 'networks.epoch_many', { count: epochs });
  return say('networks.training', { seed, rate: lr || say('networks.lesson_rate'), epochs: count });
}

/**
 * @param core  from loadCore()
 * @returns the registry: has, text, origin, use, backToLesson, onChange
 */
export function createNetworks(core) {
  const texts = new Map();         // slot -> weights JSON text in the core now
  // slot -> {kind: 'lesson'} | {kind: 'trained', config} | {kind: 'file', name}; a trained network kept in no
  // link (the language model's: its text may be the learner's own) has config null and says how in `summary`
  const origins = new Map();
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
    if (replacing || origin.kind !== 'lesson') write('network', { slot }, origin.kind === 'trained' ? origin.config ?? null : null);
    emit(slot);
    return answer;
  }

  return {
    /** The largest weights file the core takes [bytes] (core/base/json_limits.hpp, through the module). */
    maxTextBytes: core.maxJsonBytes,
    has: (slot) => texts.has(slot),
    slots: () => [...texts.keys()],
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
  if (!origin) return say('networks.recorded', { name });
  if (origin.kind === 'lesson') return say('networks.lessons', { name });
  if (origin.kind === 'trained' && origin.summary) return say('networks.trained_summary', { name, summary: origin.summary });
  if (origin.kind === 'trained') return say('networks.trained', { name, training: trainingText(origin.config) });
  return say('networks.from_file', { name, file: origin.name });
}
