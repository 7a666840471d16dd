#!/usr/bin/env bash
# Regenerates lessons/table/data/rate_sweep.json: how the learning rates were
# chosen. Each network on "find" is trained at each candidate rate and seed with
# the lesson's epochs, and its mean miss is measured on 2,000 validation scenes
# of 4 objects (never the test scenes). The lesson picks, per network, the rate
# with the lowest mean miss over seeds 0-2; the other seeds show the spread.
#   scripts/make_rate_sweep.sh      (uses build/native/attn; ATTN=path/to/attn to choose another)
# About 6 minutes on this 2-core machine, most of it Plain-256 (about 6 s a training).
set -euo pipefail
cd "$(dirname "$0")/.."
ATTN=${ATTN:-build/native/attn}
[ -x "$ATTN" ] || { echo "build the native tool first (scripts/build.sh native); $ATTN is missing" >&2; exit 1; }
mkdir -p lessons/table/data
"$ATTN" rate-sweep --task find --models lookup,plain-16,plain-256 --seeds 0-9 \
  --rates 0.0003,0.001,0.003,0.01,0.03 \
  --out lessons/table/data/rate_sweep.json
echo "wrote lessons/table/data/rate_sweep.json"
