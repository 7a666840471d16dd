#!/bin/bash
# Benchmark of the table lesson's training (core/nn): the same training natively
# (the CMake build, -march=native), natively again at WebAssembly's vector width
# (SSE2, 4 floats: the like-for-like measure of what WebAssembly costs), in the
# site's WebAssembly module under Node, and in PyTorch on one thread when
# /usr/bin/python3 has torch. Prints milliseconds per training step and ratios.
#
#   scripts/bench_nn.sh [epochs]        (default 5 epochs of 157 steps each; after scripts/build.sh)
#
# Each figure is the fastest of 3 runs (the least disturbed by whatever else the
# machine does), for every build and for PyTorch alike; about 5 minutes.
#
# The SSE2 build goes to build/native-sse2 (brought up to date here). A benchmark,
# not a test: the figures depend on the machine and on what else runs on it.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
EPOCHS=${1:-5}
NATIVE=build/native/attn
SSE2=build/native-sse2/attn
[ -x "$NATIVE" ] && [ -f build/wasm/core-training.wasm ] || { echo "run scripts/build.sh first" >&2; exit 1; }
# Every task:network of table scenes whose weights the network table ships (core/nn/network_table.cpp).
RUNS=$("$NATIVE" networks --json | python3 -c 'import json,sys
print(" ".join(t["task"] + ":" + e["name"] for e in json.load(sys.stdin) if e["input"] == "table-scene"
               for t in e["trained"] if t["weights"]))')
echo "building the native tool without -march=native into build/native-sse2 (when out of date) ..." >&2
cmake -S . -B build/native-sse2 -G Ninja -DCMAKE_BUILD_TYPE=Release -DATTN_NATIVE_ARCH=OFF > /dev/null
cmake --build build/native-sse2 --target attn > /dev/null

HAVE_TORCH=0
if /usr/bin/python3 -c "import torch" 2>/dev/null; then HAVE_TORCH=1; fi

# Runs a timing command 3 times and keeps the JSON line with the fewest seconds per step.
fastest_of_3() {
  for _ in 1 2 3; do "$@"; done |
    python3 -c 'import json, sys; rows = [json.loads(l) for l in sys.stdin]; print(json.dumps(min(rows, key=lambda r: r["seconds"] / r["steps"])))'
}

RESULTS=$(mktemp)
trap 'rm -f "$RESULTS"' EXIT
for run in $RUNS; do
  task=${run%%:*}
  model=${run#*:}
  echo "  $task $model ..." >&2
  native=$(fastest_of_3 "$NATIVE" train --task "$task" --model "$model" --epochs "$EPOCHS" --quiet)
  sse2=$(fastest_of_3 "$SSE2" train --task "$task" --model "$model" --epochs "$EPOCHS" --quiet)
  wasm=$(fastest_of_3 node scripts/bench_nn_wasm.mjs "$task" "$model" "$EPOCHS")
  torch=null
  if [ "$HAVE_TORCH" = 1 ]; then torch=$(fastest_of_3 /usr/bin/python3 scripts/bench_nn.py "$task" "$model" "$EPOCHS"); fi
  echo "{\"native\":$native,\"sse2\":$sse2,\"wasm\":$wasm,\"torch\":$torch}" >> "$RESULTS"
done

python3 - "$RESULTS" "$EPOCHS" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
ms = lambda r: 1000 * r["seconds"] / r["steps"] if r else float("nan")
print(f"training, {sys.argv[2]} epochs of the lesson's 20,000 scenes, batch 128: milliseconds per step")
print(f"{'task/model':24s} {'torch':>8s} {'native':>8s} {'sse2':>8s} {'wasm':>8s}   "
      f"{'torch/native':>12s} {'wasm/native':>11s} {'wasm/sse2':>9s} {'wasm heap':>9s}  same loss")
for r in rows:
    t, n, s, w = ms(r["torch"]), ms(r["native"]), ms(r["sse2"]), ms(r["wasm"])
    same = r["native"]["final_epoch_loss"] == r["sse2"]["final_epoch_loss"] == r["wasm"]["final_epoch_loss"]
    name = r["native"]["task"] + "/" + r["native"]["model"]
    print(f"{name:24s} {t:8.3f} {n:8.3f} {s:8.3f} {w:8.3f}   {t / n:12.1f} {w / n:11.2f} {w / s:9.2f} "
          f"{r['wasm']['heap_mb']:7.1f}MB  {'yes' if same else 'NO'}")
print("native: the CMake build (g++ -O3 -march=native); sse2: the same without -march=native;")
print("wasm: the site's module (em++ -O3 -msimd128) under Node; torch: PyTorch on one thread;")
print("heap: the WebAssembly heap after training; same loss: the last epoch's loss is equal to the bit in all three builds.")
PY
