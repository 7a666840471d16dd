#!/bin/bash
# Benchmark of the table lesson's training (core/nn): the same training loop
# natively (the CMake build's flags, and again with -march=native), in
# WebAssembly under Node, and in PyTorch on one thread when /usr/bin/python3
# has torch. Prints milliseconds per training step and the ratios.
#
#   scripts/bench_nn.sh [epochs]        (default 3 epochs of 157 steps each)
#
# Builds into build/bench-nn/ (or $BENCH_DIR) straight from the sources, not
# through CMake. A benchmark, not a test: the figures depend on the machine
# and on what else runs on it.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${BENCH_DIR:-$ROOT/build/bench-nn}
EPOCHS=${1:-3}
RUNS="find:lookup find:plain-16 find:plain-256 nearest:lookup nearest:transformer-1 nearest:transformer-2"

mkdir -p "$OUT/json_include"
ln -sfn /usr/include/nlohmann "$OUT/json_include/nlohmann"
SRC=("$ROOT/scripts/bench_nn_main.cpp" "$ROOT"/core/nn/*.cpp "$ROOT/core/rng.cpp")
INC=(-I"$ROOT/core" -isystem /usr/include/eigen3 -isystem "$OUT/json_include")

echo "building native (-O3, as CMake's Release), native -march=native, and WebAssembly ..." >&2
g++ -std=c++17 -O3 -ffp-contract=off -DNDEBUG "${INC[@]}" "${SRC[@]}" -o "$OUT/bench_native"
g++ -std=c++17 -O3 -march=native -ffp-contract=off -DNDEBUG "${INC[@]}" "${SRC[@]}" -o "$OUT/bench_native_march"
# Node: SINGLE_FILE embeds the wasm, so the loader never fetch()es a path (platform note, trap 3).
NODE_PATH=/usr/share/nodejs em++ -std=c++17 -O3 -msimd128 -fexceptions -ffp-contract=off -DNDEBUG "${INC[@]}" "${SRC[@]}" \
  -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=node -sSINGLE_FILE=1 -o "$OUT/bench_nn.cjs"

HAVE_TORCH=0
if /usr/bin/python3 -c "import torch" 2>/dev/null; then HAVE_TORCH=1; fi

RESULTS="$OUT/results.jsonl"
: > "$RESULTS"
for run in $RUNS; do
  task=${run%%:*}
  model=${run#*:}
  echo "  $task $model ..." >&2
  native=$("$OUT/bench_native" "$task" "$model" "$EPOCHS")
  march=$("$OUT/bench_native_march" "$task" "$model" "$EPOCHS")
  wasm=$(node "$OUT/bench_nn.cjs" "$task" "$model" "$EPOCHS")
  torch=null
  if [ "$HAVE_TORCH" = 1 ]; then torch=$(/usr/bin/python3 "$ROOT/scripts/bench_nn.py" "$task" "$model" "$EPOCHS"); fi
  echo "{\"native\":$native,\"march\":$march,\"wasm\":$wasm,\"torch\":$torch}" >> "$RESULTS"
done

python3 - "$RESULTS" "$EPOCHS" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
print(f"training, {sys.argv[2]} epochs of the lesson's 20,000 scenes, batch 128: milliseconds per step")
head = f"{'task/model':24s} {'torch':>8s} {'native':>8s} {'march':>8s} {'wasm':>8s}   {'torch/native':>12s} {'torch/march':>11s} {'wasm/native':>11s} {'wasm/march':>10s} {'wasm heap':>9s}"
print(head)
for r in rows:
    n, m, w, t = (r[k]["ms_per_step"] if r[k] else float("nan") for k in ("native", "march", "wasm", "torch"))
    name = r["native"]["task"] + "/" + r["native"]["model"]
    print(f"{name:24s} {t:8.3f} {n:8.3f} {m:8.3f} {w:8.3f}   {t / n:12.1f} {t / m:11.1f} {w / n:11.2f} {w / m:10.2f} {r['wasm']['heap_mb']:7.0f}MB")
print("native: g++ -O3 (the CMake build); march: g++ -O3 -march=native; wasm: em++ -O3 -msimd128 under Node;")
print("torch: PyTorch on one thread (torch.set_num_threads(1)); heap: the WebAssembly heap after training.")
PY
