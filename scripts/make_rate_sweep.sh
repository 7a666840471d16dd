#!/usr/bin/env bash
# Regenerates lessons/table/data/rate_sweep.json: how the learning rates were
# chosen. Each network on "find" is trained at each candidate rate and seed with
# the lesson's epochs, and its mean miss is measured on 2,000 validation scenes
# of 4 objects (never the test scenes). The lesson picks, per network, the rate
# with the lowest mean miss over seeds 0-2; the other seeds show the spread.
#   scripts/make_rate_sweep.sh      (uses build/native/attn; ATTN=path/to/attn to choose another)
# Lookup and Plain-16 take about 2 minutes for all 10 seeds; Plain-256 takes about
# 30 s a training on this 2-core machine, so it runs seeds 0-2 only (about 8 minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
ATTN=${ATTN:-build/native/attn}
[ -x "$ATTN" ] || { echo "build the native tool first (scripts/build.sh native); $ATTN is missing" >&2; exit 1; }
mkdir -p lessons/table/data
"$ATTN" rate-sweep --task find --models lookup,plain-16,plain-256 --seeds 0-9 --seeds-for "plain-256=0-2" \
  --rates 0.0003,0.001,0.003,0.01,0.03 \
  --note "Plain-256 was trained at seeds 0-2 only: 30 s a training on a 2-core machine would make all ten seeds 25 minutes." \
  --out lessons/table/data/rate_sweep.json
echo "wrote lessons/table/data/rate_sweep.json"
