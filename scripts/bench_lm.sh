#!/bin/bash
# Benchmark of the language model's training (core/nn/lm/): training tokens per
# second natively (`attn lm bench`), in the site's WebAssembly module under Node
# (scripts/bench_lm_wasm.mjs, one thread) and in PyTorch on one thread
# (scripts/bench_lm.py, when /usr/bin/python3 has torch), at the lesson's
# default size and at about 200k parameters. Then the in-browser choices: our
# module beside TensorFlow.js's WebAssembly backend training the same model
# (scripts/bench_lm_tfjs.mjs), and our module's arithmetic rate as a share of
# this machine's WebAssembly SIMD peak (scripts/simd_peak.cpp, built here with
# em++). Each figure is the fastest of 3 runs. A benchmark, not a test: the
# figures depend on the machine and its load.
#
#   scripts/bench_lm.sh [steps]        (default 60; after scripts/build.sh)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
STEPS=${1:-60}
NATIVE=build/native/attn
[ -x "$NATIVE" ] || { echo "run scripts/build.sh first" >&2; exit 1; }
HAVE_TORCH=0
if /usr/bin/python3 -c "import torch" 2>/dev/null; then HAVE_TORCH=1; fi

fastest_of_3() {
  for _ in 1 2 3; do "$@"; done |
    python3 -c 'import json, sys; rows = [json.loads(l) for l in sys.stdin]; print(json.dumps(max(rows, key=lambda r: r["tokens_per_cpu_second"])))'
}

# The WebAssembly SIMD peak without fused multiply-add, floating-point operations a second on one thread.
PEAK_JS=$(mktemp -d)/simd_peak.js
NODE_PATH=/usr/share/nodejs em++ -O3 -msimd128 -ffp-contract=off -sENVIRONMENT=node -sSINGLE_FILE=1 \
  scripts/simd_peak.cpp -o "$PEAK_JS"
PEAK=$(for _ in 1 2 3; do node "$PEAK_JS"; done |
  python3 -c 'import json, sys; print(max(json.loads(l)["flops_per_second"] for l in sys.stdin))')
BROWSER_ROWS=()

# name layers heads width context batch vocab; the lesson's default sizes are the network table's
LESSON=$("$NATIVE" networks --json | python3 -c 'import json,sys
print(":".join(str(n) for e in json.load(sys.stdin) if e["input"] == "text" for n in e["sizes"]))')
SIZES="lesson-default:$LESSON:16:80 about-200k:4:4:64:64:16:80"
printf "%-15s %10s %16s %16s %8s %18s %18s %8s\n" size parameters "native tok/s" "pytorch tok/s" "ratio" \
  "native tok/cpu-s" "pytorch tok/cpu-s" "ratio"
for size in $SIZES; do
  IFS=: read -r name layers heads width context batch vocab <<< "$size"
  native=$(fastest_of_3 "$NATIVE" lm bench --layers "$layers" --heads "$heads" --width "$width" \
           --context "$context" --batch "$batch" --vocab "$vocab" --steps "$STEPS")
  field() { python3 -c 'import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$1" "$2"; }
  ratio_of() { python3 -c 'import sys; print(f"{float(sys.argv[1]) / float(sys.argv[2]):.2f}x")' "$1" "$2"; }
  n_tps=$(field "$native" tokens_per_second)
  n_cpu=$(field "$native" tokens_per_cpu_second)
  params=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["parameters"])' "$native")
  wasm_line=$(fastest_of_3 node scripts/bench_lm_wasm.mjs "$layers" "$heads" "$width" "$context" "$batch" "$vocab" "$STEPS")
  w_cpu=$(field "$wasm_line" tokens_per_cpu_second)
  # TensorFlow.js is about 10x slower: a fifth of the steps keeps its run under a minute.
  tfjs_line=$(fastest_of_3 node scripts/bench_lm_tfjs.mjs "$layers" "$heads" "$width" "$context" "$batch" "$vocab" $((STEPS / 5 + 2)))
  BROWSER_ROWS+=("$(python3 - "$name" "$w_cpu" "$(field "$tfjs_line" tokens_per_cpu_second)" "$PEAK" "$layers" "$width" "$context" "$vocab" <<'PY'
import sys
name, ours, tfjs, peak = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
layers, width, context, vocab = (int(a) for a in sys.argv[5:9])
# Multiplies and adds per token of one forward pass: per block the Q, K, V, output and feed-forward
# matrices (12 E^2 weights) and the full L x L scores and blend (2 L E), then the head (E V);
# backward costs twice the forward.
forward = 2 * (layers * (12 * width * width + 2 * context * width) + width * vocab)
share = ours * 3 * forward / peak
print(f"{name:<15} {ours:>14.0f} {tfjs:>14.0f} {ours / tfjs:>8.1f}x {3 * forward:>12} {100 * share:>11.0f} %")
PY
)")
  t_tps="-" ratio="-" t_cpu="-" cpu_ratio="-"
  if [ "$HAVE_TORCH" = 1 ]; then
    torch_line=$(fastest_of_3 /usr/bin/python3 scripts/bench_lm.py "$layers" "$heads" "$width" "$context" "$batch" "$vocab" "$STEPS")
    t_tps=$(field "$torch_line" tokens_per_second)
    t_cpu=$(field "$torch_line" tokens_per_cpu_second)
    ratio=$(ratio_of "$n_tps" "$t_tps")
    cpu_ratio=$(ratio_of "$n_cpu" "$t_cpu")
  fi
  printf "%-15s %10s %16s %16s %8s %18s %18s %8s\n" "$name" "$params" "$n_tps" "$t_tps" "$ratio" \
    "$n_cpu" "$t_cpu" "$cpu_ratio"
done
echo "ratio: native tokens per second / PyTorch's (one thread each); batch 16; $((STEPS - 2)) timed steps;"
echo "tok/cpu-s counts processor time only (less disturbed when other work shares the machine)"
echo
printf "%-15s %14s %14s %9s %12s %13s\n" size "ours tok/cpu-s" "tfjs tok/cpu-s" ratio "flop/token" "of SIMD peak"
printf "%s\n" "${BROWSER_ROWS[@]}"
python3 -c 'import sys; print(f"WebAssembly, one thread, under Node; tfjs: TensorFlow.js 4.22, wasm backend; SIMD peak (no FMA): {float(sys.argv[1]) / 1e9:.1f} GFLOP/s")' "$PEAK"
