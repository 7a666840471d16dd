// Each demo's slowest call within its declared bounds in WebAssembly: every
// combination of bounds that tests/wasm/bound-combinations.test.mjs tries, the
// fastest of 3 calls of each, the slowest combination printed. Goal: 20 ms.
// Usage: node scripts/bench_worst.mjs   (after scripts/build.sh)
import { boundCombinations, loadWasmCore, nativeCore } from '../tests/support/core.mjs';

const CALLS = 3;
const wasm = await loadWasmCore();
for (const demo of nativeCore.list()) {
  let worst = 0;
  let worstParams = '{}';
  for (const params of boundCombinations(demo)) {
    const text = JSON.stringify(params);
    let best = Infinity;
    for (let k = 0; k < CALLS; ++k) {
      const start = performance.now();
      wasm.moduleFor('runDemo', demo.id).runDemo(demo.id, text);
      best = Math.min(best, performance.now() - start);
    }
    if (best > worst) [worst, worstParams] = [best, text];
  }
  console.log(`${demo.id.padEnd(16)} ${worst.toFixed(2).padStart(7)} ms  ${worstParams}`);
}
