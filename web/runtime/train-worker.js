// Trains one network in the background with its own instance of the core, so
// the page stays responsive. Two kinds of training share everything here but
// their calls (TRAININGS): the table lesson's networks ('table', the training
// module) and the language model ('lm', the lm-training module). Messages from the page:
//   in:  {type: 'start', kind, config, workers, others}  (table: config {task, model, seed, lr, epochs};
//        lm: config {text, settings, sample}; workers: 1, 2 or 4 at most, as many as there are parts;
//        others: the index of the teammate at the other end of each port passed along, see below)
//        {type: 'pause'} | {type: 'resume'} | {type: 'stop'}  (stop: end now, with the weights so far)
//        {type: 'check', kind, config}: only start, to hear the core's answer -> {type: 'checked', plan}
//        The first message (start, check or team-prepare) may carry `module`, the core's WebAssembly.Module
//        the page compiled (core.js, compileCore), which the worker then instantiates instead of loading its own.
//   out: {type: 'team', count}  how many of the teammates started with it the training uses, before any progress
//        {type: 'progress', progress: [report, …], workers, exchange}  the reports since the last message,
//        in step order, one every few steps, sent at most every POST_EVERY_MS (workers: how many share the
//        steps; exchange: how their blocks pass, 'shared', 'messages' or 'none', for benchmarks and tests;
//        for the language model, a report's validation every VALIDATE_EVERY steps and its sample
//        every SAMPLE_EVERY_MS)
//        {type: 'paused', step} | {type: 'done', result} | {type: 'error', message, param}
// A teammate is this same file, started by the page with worker 0 (train-panel.js, trainInWorker) and told
// {type: 'team-prepare', kind, config, index, others}, with a port to each other worker of the team: it
// loads its core and starts the same training while worker 0 does, not after worker 0 knows how many
// workers its training takes (the core's count of parts), which kept worker 0 idle for a teammate's whole start,
// 0.12-0.22 s before the first step (docs/benchmarks.md, 2026-12-04 12:45). Worker 0 then says through the
// port {type: 'team-start', count, shared} (or {type: 'team-end'} to those the training does not use,
// which end), and each says {type: 'ready'} back once it has its training; worker 0 steps only then.
// A teammate says only {type: 'error', message} to the page. Cancelling is the page ending every worker.
//
// A transformer's batches come in parts (core/nn/batch_parts.hpp). With more
// than one worker, each has the same training: the same data, weights
// and Adam. Each step every worker computes its share of the parts, sends that
// gradient to every other, and all sum the gradients in the parts' fixed order
// and take the same step; so 1, 2 or 4 workers give the native trainer's bits,
// and a step waits for one message, not for a request and its answer. At the
// end each measures its share of the test scenes' misses, and worker 0 sums them
// all in scene order (shareMisses): the same bits again, in a fraction of the time.
// The blocks pass in one of two ways, with the same bits (only the sum's order matters):
// - through shared memory (sharedExchange) when the page is cross-origin isolated (the site's
//   service worker sends the headers from the second visit on, web/sw.js): each worker writes
//   its block once and watches, then sleeps in Atomics.wait, until the others' are there, about
//   0.05-0.1 ms a step less waiting than with messages (docs/benchmarks.md, 2026-12-03 18:25);
// - otherwise by plain messages (a first visit, an embed in another site, a host without the
//   worker): one block to each other worker per step, in buffers that are passed on
//   (transferred), not copied, and used again.
// Pausing holds worker 0 between steps, and the others wait for its next gradient: the
// steps and their bits are those of a run never paused.
import { createCore } from './core.js';
import { workerCount } from './team-size.js';

const VALIDATE_EVERY = 100;      // steps between validation losses (fixed steps: the same chart every run)
const SAMPLE_EVERY_MS = 3000;    // a sample of the language model's writing, every few seconds
// The page redraws at most every 500 ms (train-panel.js): a message for each report (every 18 ms with two
// workers on the lesson's model) woke its thread 300 times a training, 0.1 s of its time on a 2-core machine.
const POST_EVERY_MS = 100;
// Worker 0 looks at its messages (pause, stop) this often between steps, not after every few steps:
// each look costs a round trip through the event loop while its teammate waits for its next block.
const LOOK_EVERY_MS = 50;

let corePromise = null;
/** The module that trains (train-panel.js names the worker after it), from the page's compiled module if it sent one. */
const coreFor = (data) => (corePromise ??= createCore(self.name, { compiled: data.module ?? undefined }));

/** An answer of the core, or a thrown {message, param} the page shows. */
function checked(answer) {
  if (!answer.ok) throw answer.error;
  return answer;
}
const raw = (text) => checked(JSON.parse(text));

/** Visits each [offset, n] of a share's `ranges` in the exchange with where it starts in the share's packed values. */
function eachRange(ranges, visit) {
  let at = 0;
  for (const [offset, n] of ranges) {
    visit(offset, n, at);
    at += n;
  }
}

/**
 * The calls of each kind of training: start(config) -> plan {parts, block, total_steps, …};
 * advance(n), parts(step, first, count, slot), step(blocks) -> progress; exchange() -> the Float32Array
 * the gradients pass through; result() -> what the page gets at the end; report(progress, t) adds what
 * worker 0 shows besides the loss; for the table's networks, measureShare(share, shares) and
 * putShare(share): the misses at the end, shared by the workers (api/training.hpp).
 */
const TRAININGS = {
  table: (core) => ({
    stepsPerReport: 20,  // about 10-40 ms of work between progress reports (the chart's points)
    start: (config) => checked(core.trainStart(config)),
    advance: (n) => checked(core.trainAdvance(n)),
    parts: (...args) => raw(core.module.trainPartsGradient(...args)),
    exchange: () => core.module.trainExchange(),
    step: (blocks) => raw(core.module.trainStep(blocks)),
    result: () => checked(core.trainResult()),
    report: () => {},
    measureShare(share, shares) {  // -> {ranges, values}: this worker's scenes' distances, for worker 0
      const { ranges } = raw(core.module.trainMisses(share, shares));
      const exchange = core.module.trainMissesExchange();
      const values = new Float64Array(ranges.reduce((sum, [, n]) => sum + n, 0));
      eachRange(ranges, (offset, n, at) => values.set(exchange.subarray(offset, offset + n), at));
      return { ranges, values };
    },
    putShare({ ranges, values }) {
      const exchange = core.module.trainMissesExchange();
      eachRange(ranges, (offset, n, at) => exchange.set(values.subarray(at, at + n), offset));
    },
  }),
  lm: (core) => {
    const m = core.module;
    let sampledAt = -Infinity, validatedAt = 0;
    return {
      stepsPerReport: 10,  // 10-100 ms at the page's sizes
      start: ({ text, settings }) => raw(m.lmStart(text, JSON.stringify(settings))),
      advance: (n) => raw(m.lmAdvance(n)),
      parts: (...args) => raw(m.lmPartsGradient(...args)),
      exchange: () => m.lmExchange(),
      step: (blocks) => raw(m.lmStep(blocks)),
      result: () => raw(m.lmWeights()),
      report(progress, config) {
        if (progress.step >= validatedAt + VALIDATE_EVERY || progress.done) {
          validatedAt = progress.step - (progress.step % VALIDATE_EVERY);
          progress.validation = raw(m.lmValidation()).loss;
        }
        if (performance.now() - sampledAt >= SAMPLE_EVERY_MS || progress.done) {
          sampledAt = performance.now();
          progress.sample = raw(m.lmGenerate(JSON.stringify(config.sample))).text;
        }
      },
    };
  },
};

/** Pause, resume and stop, as worker 0 reads them between steps. */
const control = { paused: null, resume: null, stopping: false };
function pause() { control.paused ??= new Promise((resolve) => { control.resume = resolve; }); }
function resume() { control.resume?.(); control.paused = null; control.resume = null; }

// One worker's steps never wait for a message, so without this the page's "pause" and "stop" would wait
// in the queue until the training ended: a message to itself lets them in between two reports.
const turn = new MessageChannel();
const nextTask = () => new Promise((resolve) => { turn.port1.onmessage = () => resolve(); turn.port2.postMessage(0); });

/**
 * Another worker of the team, over a MessagePort: one gradient block each way per step, in step order,
 * then (to worker 0, at the end of a table network's training) a share of the misses.
 */
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
    send: (message, transfer) => port.postMessage(message, transfer),
    next: () => (arrived.length ? Promise.resolve(arrived.shift()) : new Promise((resolve) => { waiting = resolve; })),
  };
}

/** Whether the workers can share memory: a cross-origin isolated page (COOP and COEP headers). */
const canShare = () => self.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';

/** The shared memory of a team of `count` workers for blocks of `block` floats (sharedExchange). */
const sharedBuffer = (count, block) => new SharedArrayBuffer(4 * count * (1 + 2 * block));

const WAKE_MS = 100;  // a waiting worker looks at its messages this often
// A waiting worker first watches the count for this long before it sleeps: waking from Atomics.wait costs
// about 0.04-0.08 ms a step more (docs/benchmarks.md, 2026-12-03 18:25). Only with a core for each worker,
// as a spinning worker would otherwise take the core its teammate needs.
const SPIN_MS = 0.3;

/**
 * The team's blocks through shared memory: `published[i]`, how many steps worker i has written,
 * then two rows of `count` blocks, one for even steps and one for odd. A worker writes step s's block
 * in row s % 2 only after it has read every block of step s - 1, so no one overwrites a block that
 * another still reads (they are one step behind at most). Atomics.store and Atomics.load order the
 * plain writes before them: a block is whole when its count shows.
 */
function sharedExchange(buffer, index, count, block) {
  const published = new Int32Array(buffer, 0, count);
  const rows = new Float32Array(buffer, 4 * count);
  const at = (step, worker) => ((step % 2) * count + worker) * block;
  const spin = count <= (navigator.hardwareConcurrency ?? 1) ? SPIN_MS : 0;
  return {
    publish(step, own) {
      rows.set(own, at(step, index));
      Atomics.store(published, index, step + 1);
      Atomics.notify(published, index);
    },
    /** Worker `other`'s block of `step`, after waiting for it (yielding to messages every WAKE_MS). */
    async take(step, other) {
      const until = performance.now() + spin;
      while (Atomics.load(published, other) <= step && performance.now() < until);
      for (let seen; (seen = Atomics.load(published, other)) <= step;) {
        if (Atomics.wait(published, other, seen, WAKE_MS) === 'timed-out') await nextTask();
      }
      return rows.subarray(at(step, other), at(step, other) + block);
    },
  };
}

/**
 * This worker's part of the team: its index, its share of the parts and the others. No step waits for
 * a worker that stopped: the page ends the whole team then. `shared`: the team's SharedArrayBuffer
 * when the blocks go through shared memory, else none.
 */
function team(plan, index, count, teammates, { shared } = {}) {
  const exchange = shared ? sharedExchange(shared, index, count, plan.block) : null;
  return { plan, index, count, per: plan.parts / count, teammates, shared: exchange, spare: [] };
}

/**
 * One step: this worker's parts, everyone's gradients summed in the parts' order, the same Adam step.
 * `meanwhile` runs once this worker's block is out and before the others' are read: work on the weights
 * of the step before (worker 0's report), which the parts leave as they are, while the others go on.
 */
async function stepTogether(api, t, step, meanwhile) {
  const { block } = t.plan;
  api.parts(step, t.index * t.per, t.per, t.index);
  const own = api.exchange().subarray(t.index * block, (t.index + 1) * block);
  if (t.shared) return stepShared(api, t, step, own, meanwhile);
  for (const other of t.teammates) {
    const copy = t.spare.pop() ?? new Float32Array(block);
    copy.set(own);
    other.send(copy, [copy.buffer]);
  }
  meanwhile?.();
  const blocks = await Promise.all(t.teammates.map((other) => other.next()));
  const exchange = api.exchange();  // again: the step may have grown the memory
  t.teammates.forEach((other, i) => exchange.set(blocks[i], other.index * block));
  t.spare.push(...blocks);
  return api.step(t.count);
}

/** The rest of a step through shared memory: publish this worker's block, copy in the others'. */
async function stepShared(api, t, step, own, meanwhile) {
  const { block } = t.plan;
  t.shared.publish(step, own);
  meanwhile?.();
  for (const other of t.teammates) {
    const theirs = await t.shared.take(step, other.index);
    api.exchange().set(theirs, other.index * block);  // the exchange again each time: memory may have grown
  }
  return api.step(t.count);
}

async function advance(api, t, from, meanwhile) {
  if (t.count === 1) return api.advance(api.stepsPerReport);
  let progress;
  for (let step = from; step < from + api.stepsPerReport; ++step) {
    progress = await stepTogether(api, t, step, step === from ? meanwhile : undefined);
    if (progress.done || progress.failed) break;
  }
  return progress;
}

/**
 * Worker 0's word to the teammates the page started with it (`links`, [index, port] each), once its
 * plan says how many workers the training takes: the team's count and shared memory to those it uses,
 * the end to the others. -> the teammates used, and `ready`, which resolves once every one has its
 * core and its training (each says so on its port).
 */
function startTeam(plan, count, links) {
  const shared = count > 1 && canShare() ? sharedBuffer(count, plan.block) : undefined;
  const all = links.map(([index, port]) => teammate(index, port));
  const teammates = all.filter((other) => other.index < count);
  all.filter((other) => other.index >= count).forEach((other) => other.send({ type: 'team-end' }));
  teammates.forEach((other) => other.send({ type: 'team-start', count, shared }));
  const ready = Promise.all(teammates.map((other) => other.next()));
  return { shared, ready, teammates };
}

/**
 * The misses on the test scenes at the end, measured by every worker of the team at once: a worker
 * measures its share and sends it to worker 0, which sums all in scene order (the bits of one worker).
 */
async function shareMisses(api, t) {
  if (!api.measureShare || t.count === 1) return;
  const mine = api.measureShare(t.index, t.count);
  if (t.index !== 0) {
    t.teammates.find((other) => other.index === 0).send(mine, [mine.values.buffer]);
    return;
  }
  const shares = await Promise.all(t.teammates.map((other) => other.next()));
  shares.forEach((share) => api.putShare(share));
}

async function train(kind, config, asked, links) {
  const api = TRAININGS[kind](await corePromise);
  const plan = api.start(config);
  const count = Math.min(workerCount(plan.parts, asked), links.length + 1);
  const started = startTeam(plan, count, links);
  self.postMessage({ type: 'team', count });  // the page ends the teammates not used
  const t = team(plan, 0, count, started.teammates, started);
  const exchange = t.shared ? 'shared' : count > 1 ? 'messages' : 'none';  // for the benchmark and tests
  await started.ready;
  // In a team, a report (the language model's validation and sample, the message) waits for this worker's
  // next block to be out, so the others compute their next parts meanwhile instead of waiting for it:
  // the same weights, the same figures (docs/benchmarks.md, 2026-12-04 12:45).
  let report = null;
  const now = () => { report?.(); report = null; };
  let reports = [], postedAt = -Infinity, lookedAt = performance.now();
  const post = () => {
    if (reports.length) self.postMessage({ type: 'progress', progress: reports, workers: count, exchange });
    reports = [];
    postedAt = performance.now();
  };
  let progress;
  for (let step = 0; ;) {
    if (control.paused) {
      now();
      post();
      self.postMessage({ type: 'paused', step });
      await control.paused;
    }
    if (control.stopping) break;
    const pending = report;
    report = null;
    progress = await advance(api, t, step, pending);
    step = progress.step;
    if (progress.failed) throw { message: progress.message, param: 'lr' };
    const reached = progress;
    report = () => {
      api.report(reached, config);
      reports.push(reached);
      if (performance.now() - postedAt >= POST_EVERY_MS) post();
    };
    if (progress.done || count === 1) now();
    if (progress.done) break;
    if (performance.now() - lookedAt >= LOOK_EVERY_MS) {
      await nextTask();
      lookedAt = performance.now();
    }
  }
  now();
  post();
  if (progress?.done) await shareMisses(api, t);
  return { ...api.result(), parameters: plan.parameters };
}

/**
 * Worker `index` of a team: starts the training with worker 0, then trains alongside it until the end
 * (or until the page ends it). A failed start is said only if worker 0 started (the same settings fail
 * in worker 0 too, and its message is the one the page shows, naming the setting).
 */
async function trainInTeam(data, ports) {
  const links = data.others.map((i, k) => teammate(i, ports[k]));
  const zero = links.find((other) => other.index === 0);
  const prepared = corePromise.then((core) => {
    const api = TRAININGS[data.kind](core);
    return { api, plan: api.start(data.config) };
  });
  prepared.catch(() => {});  // said below, if worker 0 starts
  const order = await zero.next();
  if (order.type === 'team-end') return self.close();
  const { api, plan } = await prepared;
  const t = team(plan, data.index, order.count, links.filter((other) => other.index < order.count), { shared: order.shared });
  zero.send({ type: 'ready' });
  let progress;
  for (let step = 0; !progress?.done && !progress?.failed; step = progress.step)
    progress = await advance(api, t, step);
  if (progress.done) await shareMisses(api, t);
}

self.onmessage = async ({ data, ports }) => {
  if (data.type === 'pause') return pause();
  if (data.type === 'resume') return resume();
  if (data.type === 'stop') { control.stopping = true; return resume(); }
  try {
    coreFor(data);
    // A text checked before it is chosen: the core's own refusal, with nothing trained.
    if (data.type === 'check') self.postMessage({ type: 'checked', plan: TRAININGS[data.kind](await corePromise).start(data.config) });
    else if (data.type === 'start') {
      const links = (data.others ?? []).map((index, k) => [index, ports[k]]);
      self.postMessage({ type: 'done', result: await train(data.kind ?? 'table', data.config, data.workers ?? 1, links) });
    } else if (data.type === 'team-prepare') await trainInTeam(data, ports);
  } catch (error) {
    const { message, param } = error instanceof Error ? { message: error.message } : error;
    self.postMessage({ type: 'error', message, param });
  }
};
