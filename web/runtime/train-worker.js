// Trains one network in the background with its own instance of the core, so
// the page stays responsive. Messages from the page:
//   in:  {type: 'start', config: {task, model, seed, lr, epochs}, cores}  (cores: navigator.hardwareConcurrency)
//   out: {type: 'progress', progress, workers}  every few steps (workers: how many share the steps)
//        {type: 'done', result: {weights, misses}}  |  {type: 'error', message, param}
// Cancelling is terminating the worker: nothing here needs to listen for it,
// and the workers it started end with it.
//
// A transformer's batches come in parts (core/nn/batch_parts.hpp). With more
// than one core this worker starts others (this same file, told
// {type: 'team-start'}), each with the same training: the same scenes, weights
// and Adam. Each step every worker computes its share of the parts, sends that
// gradient to every other, and all sum the gradients in the parts' fixed order
// and take the same step; so 1, 2 or 4 workers give the native trainer's bits,
// and a step waits for one message, not for a request and its answer.
// Plain messages suffice (no SharedArrayBuffer, so no cross-origin isolation):
// each worker sends 70 KB to each other per step, in buffers that are passed
// on (transferred), not copied, and used again.
import { createCore } from './core.js';

const STEPS_PER_MESSAGE = 20;  // about 10-40 ms of work between progress reports

const corePromise = createCore(self.name);  // the module that trains (train-panel.js names the worker after it)

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

/** Another worker of the team, over a MessagePort: one gradient block each way per step, in step order. */
function teammate(index, port) {
  const arrived = [];
  let waiting = null;
  port.onmessage = ({ data }) => {
    if (waiting) waiting(data);
    else arrived.push(data);
    waiting = null;
  };
  return {
    index,
    send: (block) => port.postMessage(block, [block.buffer]),
    next: () => (arrived.length ? Promise.resolve(arrived.shift()) : new Promise((resolve) => { waiting = resolve; })),
  };
}

/**
 * This worker's part of the team: its index, its share of the parts and the others.
 * `failed` (worker 0's) rejects when another worker stops, so that no step waits for it
 * forever; the others need none, as they end with worker 0.
 */
function team(plan, index, count, teammates, failed = new Promise(() => {})) {
  return { plan, index, count, per: plan.parts / count, teammates, failed, spare: [] };
}

/** One step: this worker's parts, everyone's gradients summed in the parts' order, the same Adam step. */
async function stepTogether(module, t, step) {
  const { block } = t.plan;
  raw(module.trainPartsGradient(step, t.index * t.per, t.per, t.index));
  const own = module.trainExchange().subarray(t.index * block, (t.index + 1) * block);
  for (const other of t.teammates) {
    const copy = t.spare.pop() ?? new Float32Array(block);
    copy.set(own);
    other.send(copy);
  }
  const blocks = await Promise.race([Promise.all(t.teammates.map((other) => other.next())), t.failed]);
  const exchange = module.trainExchange();  // again: the step may have grown the memory
  t.teammates.forEach((other, i) => exchange.set(blocks[i], other.index * block));
  t.spare.push(...blocks);
  return raw(module.trainStep(t.count));
}

async function advance(core, t, from) {
  if (t.count === 1) return checked(core.trainAdvance(STEPS_PER_MESSAGE));
  let progress;
  for (let step = from; step < from + STEPS_PER_MESSAGE; ++step) {
    progress = await stepTogether(core.module, t, step);
    if (progress.done || progress.failed) break;
  }
  return progress;
}

/**
 * Starts workers 1..count-1 and links every two of them with a MessageChannel:
 * the teammates of worker 0 (this one), and a promise that rejects when any stops.
 */
function startTeam(config, count) {
  const workers = Array.from({ length: count - 1 }, () => new Worker(new URL(import.meta.url), { type: 'module', name: self.name }));
  const ports = Array.from({ length: count }, () => []);  // ports[i]: [index of the other, port]
  for (let i = 0; i < count; ++i) {
    for (let j = i + 1; j < count; ++j) {
      const channel = new MessageChannel();
      ports[i].push([j, channel.port1]);
      ports[j].push([i, channel.port2]);
    }
  }
  let stop;
  const failed = new Promise((_, reject) => { stop = reject; });
  failed.catch(() => {});  // handled by whichever step is waiting
  workers.forEach((worker, k) => {
    worker.onmessage = ({ data }) => { if (data.type === 'error') stop(data); };
    worker.onerror = (event) => stop({ message: `a training worker stopped: ${event.message}` });
    const mine = ports[k + 1];
    worker.postMessage({ type: 'team-start', config, index: k + 1, count, others: mine.map(([i]) => i) },
      mine.map(([, port]) => port));
  });
  return { workers, failed, teammates: ports[0].map(([i, port]) => teammate(i, port)) };
}

async function train(config, cores) {
  const core = await corePromise;
  const plan = checked(core.trainStart(config));
  const count = workerCount(plan.parts, cores);
  const started = count > 1 ? startTeam(config, count) : { workers: [], teammates: [] };
  const t = team(plan, 0, count, started.teammates, started.failed);
  try {
    for (let step = 0; ;) {
      const progress = await advance(core, t, step);
      step = progress.step;
      self.postMessage({ type: 'progress', progress, workers: count });
      if (progress.failed) throw { message: progress.message, param: 'lr' };
      if (progress.done) break;
    }
  } finally {
    started.workers.forEach((worker) => worker.terminate());
  }
  return checked(core.trainResult());
}

/** Worker `index` of a team: trains alongside worker 0 until the end (or until worker 0 ends it). */
async function trainInTeam(data, ports) {
  const core = await corePromise;
  const plan = checked(core.trainStart(data.config));
  const t = team(plan, data.index, data.count, data.others.map((i, k) => teammate(i, ports[k])));
  for (let step = 0, progress; !progress?.done && !progress?.failed; step = progress.step)
    progress = await advance(core, t, step);
}

self.onmessage = async ({ data, ports }) => {
  try {
    if (data.type === 'start') self.postMessage({ type: 'done', result: await train(data.config, data.cores ?? 1) });
    else if (data.type === 'team-start') await trainInTeam(data, ports);
  } catch (error) {
    const { message, param } = error instanceof Error ? { message: error.message } : error;
    self.postMessage({ type: 'error', message, param });
  }
};
