// WebAssembly side of scripts/bench_lm.sh: the language model's training in the site's
// `training` module under Node, one thread. Prints one JSON line like `attn lm bench`.
//   node scripts/bench_lm_wasm.mjs LAYERS HEADS WIDTH CONTEXT BATCH VOCAB STEPS
import { loadModule } from './core-modules.mjs';

const [layers, heads, width, context, batch, vocab, steps] = process.argv.slice(2, 9).map(Number);
const { module } = await loadModule('lm-training');
let text = '';
let x = 12345;
for (let i = 0; i < 200000; i += 1) {  // a made-up text of `vocab` printable characters
  x = (x * 1103515245 + 12345) % 2147483648;
  text += String.fromCharCode(32 + (x >> 8) % vocab);
}
const started = JSON.parse(module.lmStart(text, JSON.stringify({ layers, heads, width, context, batch, steps })));
if (!started.ok) throw new Error(started.error.message);
module.lmAdvance(2);
const wall = performance.now();
const cpu = process.cpuUsage();
module.lmAdvance(steps - 2);
const used = process.cpuUsage(cpu);
const seconds = (performance.now() - wall) / 1000;
const cpuSeconds = (used.user + used.system) / 1e6;
const tokens = (steps - 2) * batch * context;
console.log(JSON.stringify({ implementation: 'wasm-1-thread', parameters: started.parameters, layers, heads, width,
  context, vocab: started.vocab, batch, steps: steps - 2, seconds, ms_per_step: 1000 * seconds / (steps - 2),
  tokens_per_second: Math.round(tokens / seconds), tokens_per_cpu_second: Math.round(tokens / cpuSeconds) }));
