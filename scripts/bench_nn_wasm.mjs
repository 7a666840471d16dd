// WebAssembly side of scripts/bench_nn.sh: trains one task/model for some epochs
// in the site's own module (build/wasm/core-training.js, as the table lesson's training worker runs
// it) under Node and prints one JSON line:
//   {"task", "model", "steps", "seconds", "ms_per_step", "final_epoch_loss", "heap_mb"}
//   node scripts/bench_nn_wasm.mjs TASK MODEL EPOCHS
import { loadWasmModule } from '../tests/support/core.mjs';

const [task, model, epochs] = process.argv.slice(2);
if (!task || !model || !epochs) {
  console.error('usage: node scripts/bench_nn_wasm.mjs TASK MODEL EPOCHS');
  process.exit(2);
}
const core = await loadWasmModule('training');  // the module that trains (web/modules.json)
const call = (answer) => {
  if (!answer.ok) throw new Error(answer.error.message);
  return answer;
};
// The page's worker takes a few steps at a time to report progress; one call
// per epoch here keeps JavaScript out of the figure.
const plan = call(core.trainStart({ task, model, seed: 0, epochs: Number(epochs) }));
const start = performance.now();  // the training steps only, as for native and PyTorch
let progress;
do progress = call(core.trainAdvance(plan.steps_per_epoch)); while (!progress.done);
const seconds = (performance.now() - start) / 1000;
if (progress.failed) throw new Error(progress.message);
console.log(JSON.stringify({
  task, model, steps: progress.step, seconds, ms_per_step: (1000 * seconds) / progress.step,
  final_epoch_loss: progress.epoch_loss, heap_mb: core.module.HEAP8.length / (1024 * 1024),
}));
