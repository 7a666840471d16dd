// The anchors for the training figures (docs/benchmarks.md), in one run: the table lesson's Lookup
// network (core/nn/lookup.hpp: the same sizes, 1,442 parameters) trained with batches of
// 128 scenes of 4 objects and Adam by what a developer would pick instead of our module:
//   PyTorch on one thread (scripts/bench_nn.py, when /usr/bin/python3 has torch),
//   TensorFlow.js 4.22 under Node with its WebAssembly and CPU backends,
// beside our own module (build/wasm) under Node.
//   node scripts/bench_anchors.mjs [steps]
// TensorFlow.js and PyTorch are dependencies of this benchmark only; the site never ships them.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { loadWasmCore, ROOT } from '../tests/support/core.mjs';

const STEPS = Number(process.argv[2] ?? 200);
const BATCH = 128, OBJECTS = 4, KINDS = 8, WIDTH = 16;
const TOKEN = KINDS + 2; // a kind's one-hot, then x and y [m]

/** Random scenes as tensors: tokens (B, n, 10), request (B, 8), target (B, 2). Speed only: any data will do. */
function batchOf() {
  const kinds = tf.oneHot(tf.randomUniform([BATCH, OBJECTS], 0, KINDS, 'int32'), KINDS).toFloat();
  const places = tf.randomUniform([BATCH, OBJECTS, 2]);
  return { tokens: tf.concat([kinds, places], 2), request: tf.oneHot(tf.randomUniform([BATCH], 0, KINDS, 'int32'), KINDS).toFloat(), target: tf.randomUniform([BATCH, 2]) };
}

/** Lookup's weights: embed_object 10->16, embed_request 8->16, q/k/v/o 16->16, out 16->2. */
function lookupWeights() {
  const linear = (inputs, outputs) => ({ w: tf.variable(tf.randomNormal([inputs, outputs], 0, 0.3)), b: tf.variable(tf.zeros([outputs])) });
  return { object: linear(TOKEN, WIDTH), request: linear(KINDS, WIDTH), q: linear(WIDTH, WIDTH), k: linear(WIDTH, WIDTH),
    v: linear(WIDTH, WIDTH), o: linear(WIDTH, WIDTH), out: linear(WIDTH, 2) };
}

function lookupLoss(W, { tokens, request, target }) {
  const apply = (x, l) => tf.add(tf.matMul(x, l.w), l.b);
  const objects = apply(tokens.reshape([BATCH * OBJECTS, TOKEN]), W.object);        // (B*n, 16)
  const query = apply(apply(request, W.request), W.q).reshape([BATCH, 1, WIDTH]);   // (B, 1, 16)
  const keys = apply(objects, W.k).reshape([BATCH, OBJECTS, WIDTH]);
  const values = apply(objects, W.v).reshape([BATCH, OBJECTS, WIDTH]);
  const weights = tf.softmax(tf.matMul(query, keys, false, true).div(Math.sqrt(WIDTH))); // (B, 1, n)
  const mixed = apply(tf.matMul(weights, values).reshape([BATCH, WIDTH]), W.o);
  return tf.losses.meanSquaredError(target, apply(mixed, W.out));
}

async function timeTfjs(backend) {
  await tf.setBackend(backend);
  await tf.ready();
  const W = lookupWeights();
  const optimizer = tf.train.adam(0.003);
  const batches = Array.from({ length: 8 }, batchOf); // made before timing: the steps only, as for the others
  const step = (i) => optimizer.minimize(() => lookupLoss(W, batches[i % batches.length]), true).dataSync();
  for (let i = 0; i < 10; ++i) step(i); // warm-up
  const start = performance.now();
  for (let i = 0; i < STEPS; ++i) step(i);
  return (performance.now() - start) / STEPS;
}

async function timeOurs() {
  const core = await loadWasmCore();
  const plan = core.trainStart({ task: 'find', model: 'lookup', seed: 0, epochs: 2 });
  if (!plan.ok) throw new Error(plan.error.message);
  const start = performance.now();
  const progress = core.trainAdvance(plan.steps_per_epoch * 2);
  return (performance.now() - start) / progress.step;
}

/** PyTorch's ms per step for the same network and batch, or null when torch is not installed. */
function timeTorch() {
  const PYTHON = '/usr/bin/python3'; // Debian's, which python3-torch installs into (platform note)
  try {
    execFileSync(PYTHON, ['-c', 'import torch'], { stdio: 'ignore' });
  } catch {
    console.log('(PyTorch left out: apt-get install python3-torch to time it)\n');
    return null;
  }
  const epochs = String(Math.max(1, Math.ceil(STEPS / 157))); // 20,000 scenes / 128 = 157 steps an epoch
  const line = execFileSync(PYTHON, [path.join(ROOT, 'scripts/bench_nn.py'), 'find', 'lookup', epochs], { encoding: 'utf8' });
  return JSON.parse(line).ms_per_step;
}

setWasmPaths(`${path.join(ROOT, 'node_modules/@tensorflow/tfjs-backend-wasm/dist')}/`);
const rows = [['our module (WebAssembly, Node)', await timeOurs()]];
const torch = timeTorch();
if (torch !== null) rows.push(['PyTorch, 1 thread', torch]);
for (const backend of ['wasm', 'cpu']) rows.push([`TensorFlow.js 4.22, ${backend} backend`, await timeTfjs(backend)]);
const ours = rows[0][1];
console.log(`Lookup on "find": batch ${BATCH}, ${OBJECTS} objects, Adam; ms per training step\n`);
for (const [name, ms] of rows) console.log(`${name.padEnd(40)}${ms.toFixed(3).padStart(9)} ms   ${(ms / ours).toFixed(1)}x ours`);
