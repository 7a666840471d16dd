// TensorFlow.js side of scripts/bench_lm.sh: the language model of core/nn/lm/char_lm.hpp (and of
// scripts/lm_torch_reference.py) trained by TensorFlow.js 4.22 under Node with its WebAssembly backend,
// the in-browser choice a developer would make instead of our module. The same sizes and parameter count:
// token and position embeddings, pre-norm blocks (layer norm, causal multi-head attention with a Q, K, V
// projection and an output projection, layer norm, a 4E ReLU feed-forward network, residual sums), a
// final layer norm and a head over the vocabulary; cross-entropy; AdamW with decay on the matrices.
// Prints one JSON line like `attn lm bench`.
//   node scripts/bench_lm_tfjs.mjs LAYERS HEADS WIDTH CONTEXT BATCH VOCAB STEPS [backend]
// TensorFlow.js is a dependency of this benchmark only; the site never ships it.
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { ROOT } from '../tests/support/core.mjs';

const [layers, heads, width, context, batch, vocab, steps] = process.argv.slice(2, 9).map(Number);
const backend = process.argv[9] ?? 'wasm';
const RATE = 0.003, DECAY = 0.1;

/** nn.Linear's default: weights and bias uniform in ±1/sqrt(inputs). */
const linear = (inputs, outputs) => {
  const bound = 1 / Math.sqrt(inputs);
  return { w: tf.variable(tf.randomUniform([inputs, outputs], -bound, bound)), b: tf.variable(tf.randomUniform([outputs], -bound, bound)) };
};
const norm = () => ({ gain: tf.variable(tf.ones([width])), shift: tf.variable(tf.zeros([width])) });

function makeNetwork() {
  return {
    tokens: tf.variable(tf.randomNormal([vocab, width])),
    places: tf.variable(tf.randomNormal([context, width])),
    blocks: Array.from({ length: layers }, () => ({
      norm1: norm(), qkv: linear(width, 3 * width), out: linear(width, width),
      norm2: norm(), up: linear(width, 4 * width), down: linear(4 * width, width),
    })),
    normF: norm(),
    head: linear(width, vocab),
  };
}

const apply = (x, l) => tf.add(tf.matMul(x, l.w), l.b);
const layerNorm = (x, n) => {
  const { mean, variance } = tf.moments(x, -1, true);
  return tf.add(tf.mul(tf.div(tf.sub(x, mean), tf.sqrt(tf.add(variance, 1e-5))), n.gain), n.shift);
};

/** x (B*L, E) -> (B*L, E): causal multi-head self-attention. */
function attention(x, block, mask) {
  const d = width / heads;
  const [q, k, v] = tf.split(apply(x, block.qkv), 3, 1).map((t) => t.reshape([batch, context, heads, d]).transpose([0, 2, 1, 3]));
  const scores = tf.add(tf.div(tf.matMul(q, k, false, true), Math.sqrt(d)), mask); // (B, H, L, L)
  const mixed = tf.matMul(tf.softmax(scores), v).transpose([0, 2, 1, 3]).reshape([batch * context, width]);
  return apply(mixed, block.out);
}

// The embedding is a product with one-hot rows: the WebAssembly backend has no gradient for gather
// (UnsortedSegmentSum is not registered for it), so this is what a developer on it must write.
function loss(net, ids, targets, mask) {
  let x = tf.add(tf.matMul(tf.oneHot(ids, vocab).toFloat(), net.tokens), tf.tile(net.places, [batch, 1]));
  for (const block of net.blocks) {
    x = tf.add(x, attention(layerNorm(x, block.norm1), block, mask));
    x = tf.add(x, apply(tf.relu(apply(layerNorm(x, block.norm2), block.up)), block.down));
  }
  const logits = apply(layerNorm(x, net.normF), net.head);
  return tf.losses.softmaxCrossEntropy(tf.oneHot(targets, vocab), logits);
}

/** Windows of a made-up text, drawn before timing (the steps only are timed, as for the others). */
function windows(count) {
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  return Array.from({ length: count }, () => {
    const ids = new Int32Array(batch * context), targets = new Int32Array(batch * context);
    for (let b = 0; b < batch; b++) {
      let previous = next() % vocab;
      for (let t = 0; t < context; t++) {
        const c = next() % vocab;
        ids[b * context + t] = previous;
        targets[b * context + t] = c;
        previous = c;
      }
    }
    return { ids: tf.tensor1d(ids, 'int32'), targets: tf.tensor1d(targets, 'int32') };
  });
}

setWasmPaths(`${path.join(ROOT, 'node_modules/@tensorflow/tfjs-backend-wasm/dist')}/`);
await tf.setBackend(backend);
await tf.ready();
const net = makeNetwork();
const variables = tf.engine().state.registeredVariables;
const parameters = Object.values(variables).reduce((n, v) => n + v.size, 0);
// TensorFlow.js 4.22 has no AdamW: Adam on the gradients, then the decoupled decay on the matrices, as
// torch.optim.AdamW does (w -= rate * decay * w, before the Adam step; the order changes no timing).
const optimizer = tf.train.adam(RATE, 0.9, 0.999, 1e-8);
const matrices = Object.values(variables).filter((v) => v.rank >= 2);
const mask = tf.linalg.bandPart(tf.ones([context, context]), -1, 0).sub(1).mul(1e9); // 0 on and below the diagonal
const data = windows(8);
const step = (i) => {
  tf.tidy(() => matrices.forEach((m) => m.assign(tf.mul(m, 1 - RATE * DECAY))));
  const { ids, targets } = data[i % data.length];
  optimizer.minimize(() => loss(net, ids, targets, mask), true).dataSync();
};
for (let i = 0; i < 2; i++) step(i);
const wall = performance.now();
const cpu = process.cpuUsage();
for (let i = 2; i < steps; i++) step(i);
const used = process.cpuUsage(cpu);
const seconds = (performance.now() - wall) / 1000;
const tokens = (steps - 2) * batch * context;
console.log(JSON.stringify({ implementation: `tfjs-${backend}`, parameters, layers, heads, width, context, vocab, batch,
  steps: steps - 2, seconds, ms_per_step: 1000 * seconds / (steps - 2), tokens_per_second: Math.round(tokens / seconds),
  tokens_per_cpu_second: Math.round(tokens / ((used.user + used.system) / 1e6)) }));
