#!/usr/bin/env bash
# Every benchmark in one run, after scripts/build.sh (figures, not pass/fail; docs/benchmarks.md):
#   1. each demo's call time natively and in WebAssembly, and each page's first-load transfer against its budget
#   2. each lesson page as a cheap phone on a school network: load, and every control's input-to-paint
#   3. the anchors: Lookup trained by our module, PyTorch (one thread) and TensorFlow.js's two backends
#   4. Transformer-2 trained in the browser as a learner starts it, in one worker and in two
# Run it on a quiet machine: other work on the two cores moves single figures by tens of per cent.
set -euo pipefail
cd "$(dirname "$0")/.."
run() { echo; echo "######## $*"; "$@"; }
run node scripts/bench.mjs
run node scripts/bench-phone.mjs
run node scripts/bench_anchors.mjs 600
run node scripts/bench_training_browser.mjs
