// Trains one network in the background with its own instance of the core, so
// the page stays responsive. Messages from the page:
//   in:  {type: 'start', config: {task, model, seed, lr, epochs}, cores}  (cores: navigator.hardwareConcurrency)
//   out: {type: 'progress', progress, workers}  every few steps (workers: how many share the steps)
//        {type: 'done', result: {weights, misses}}  |  {type: 'error', message, param}
// Cancelling is terminating the worker: nothing here needs to listen for it,
// and the part-workers it started end with it.
//
// A transformer's batches come in parts (core/nn/batch_parts.hpp). With more
// than one core this worker coordinates: it starts part-workers (this same file,
// told {type: 'part-start'}), sends them the weights each step, computes the
// first parts itself, sums everyone's gradients in the parts' fixed order and
// takes the step. So 1, 2 or 4 workers give the native trainer's bits.
// Plain messages suffice (no SharedArrayBuffer, so no cross-origin isolation):
// 70 KB of weights out and of gradient back per worker and step.
import createAttnCore from './attn_core.js';
import { wrapCore } from './core-face.js';

const STEPS_PER_MESSAGE = 20;  // about 10-40 ms of work between progress reports

const corePromise = createAttnCore().then(wrapCore);

/** An answer of the core, or a thrown {message, param} the page shows. */
function checked(answer) {
  if (!answer.ok) throw answer.error;
  return answer;
}
const raw = (text) => checked(JSON.parse(text));

/** 1, 2 or 4 workers: as many as the cores, at most the parts, in a power of two (the sum's tree). */
function workerCount(parts, cores) {
  let count = 1;
  while (count * 2 <= Math.min(parts, cores)) count *= 2;
  return count;
}

/** A part-worker: this file in another worker, answering one request at a time. */
function startPartWorker(config) {
  const worker = new Worker(new URL(import.meta.url), { type: 'module' });
  let waiting = null;
  const failed = (message) => waiting?.reject({ message: `a training worker stopped: ${message}` });
  worker.onmessage = ({ data }) => (data.type === 'error' ? waiting.reject(data) : waiting.resolve(data));
  worker.onerror = (event) => failed(event.message);
  const request = (message) => new Promise((resolve, reject) => {
    waiting = { resolve, reject };
    worker.postMessage(message);
  });
  return { ready: request({ type: 'part-start', config }), request, terminate: () => worker.terminate() };
}

/** One step over every worker: the weights out, the parts' gradients back, in order. */
async function stepTogether(core, plan, helpers, step) {
  const module = core.module;
  const perWorker = plan.parts / (helpers.length + 1);
  raw(module.trainExportWeights());
  const weights = module.trainExchange().slice(0, plan.block - 1);
  const answers = helpers.map((helper, i) =>
    helper.request({ type: 'part', step, first: (i + 1) * perWorker, count: perWorker, weights }));
  raw(module.trainPartsGradient(step, 0, perWorker));
  const blocks = await Promise.all(answers);
  const exchange = module.trainExchange();
  blocks.forEach(({ gradient }, i) => exchange.set(gradient, (i + 1) * plan.block));
  return raw(module.trainStep(helpers.length + 1));
}

async function advance(core, plan, helpers) {
  if (!helpers.length) return checked(core.trainAdvance(STEPS_PER_MESSAGE));
  let progress;
  for (let s = 0; s < STEPS_PER_MESSAGE; ++s) {
    progress = await stepTogether(core, plan, helpers, progress ? progress.step : plan.step);
    if (progress.done || progress.failed) break;
  }
  plan.step = progress.step;
  return progress;
}

async function train(config, cores) {
  const core = await corePromise;
  const plan = { ...checked(core.trainStart(config)), step: 0 };
  const helpers = Array.from({ length: workerCount(plan.parts, cores) - 1 }, () => startPartWorker(config));
  try {
    await Promise.all(helpers.map((helper) => helper.ready));
    for (;;) {
      const progress = await advance(core, plan, helpers);
      self.postMessage({ type: 'progress', progress, workers: helpers.length + 1 });
      if (progress.failed) throw { message: progress.message, param: 'lr' };
      if (progress.done) break;
    }
  } finally {
    helpers.forEach((helper) => helper.terminate());
  }
  return checked(core.trainResult());
}

/** A part-worker's answer to one request of its coordinator. */
async function part(data) {
  const core = await corePromise;
  if (data.type === 'part-start') return checked(core.trainStart(data.config));
  const module = core.module;
  module.trainExchange().set(data.weights);
  raw(module.trainImportWeights());
  raw(module.trainPartsGradient(data.step, data.first, data.count));
  const gradient = module.trainExchange().slice(0, data.weights.length + 1);
  return { gradient };
}

self.onmessage = async ({ data }) => {
  try {
    if (data.type === 'start') self.postMessage({ type: 'done', result: await train(data.config, data.cores ?? 1) });
    else {
      const answer = await part(data);
      self.postMessage(answer, answer.gradient ? [answer.gradient.buffer] : []);
    }
  } catch (error) {
    const { message, param } = error instanceof Error ? { message: error.message } : error;
    self.postMessage({ type: 'error', message, param });
  }
};
