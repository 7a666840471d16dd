#!/usr/bin/env bash
# Regenerates the language model lesson's shipped network (core/lessons/lm/shipped_network.inc) with the
# project's own native trainer: the site's lessons' text as the site build extracts it
# (scripts/lm-corpus.mjs), the lesson's default settings (nn/lm/lm_trainer.hpp, LmConfig), seed 0 and
# STEPS steps. The network is compiled into the lesson's module, so every demo works before any
# training; rebuild after running this (scripts/build.sh).
#   scripts/make_lm_weights.sh            (uses build/native/attn; ATTN=path/to/attn to choose another)
#   STEPS=8000 SEED=0 scripts/make_lm_weights.sh
# About 30 s of one core (validation loss 1.52 nats per character at 8,000 steps).
set -euo pipefail
cd "$(dirname "$0")/.."
ATTN=${ATTN:-build/native/attn}
SEED=${SEED:-0}
STEPS=${STEPS:-8000}
OUT=core/lessons/lm/shipped_network.inc
[ -x "$ATTN" ] || { echo "build the native tool first (scripts/build.sh native); $ATTN is missing" >&2; exit 1; }
text=$(mktemp)
trap 'rm -f "$text"' EXIT
node scripts/lm-corpus.mjs "$text"
"$ATTN" lm train --text "$text" --steps "$STEPS" --seed "$SEED" --every 500 --chars 300 --prompt "The " --cpp "$OUT.tmp"
# The text's temporary name says nothing: name the text as the site names it.
sed -i 's|^constexpr const char\* kTextFile = .*|constexpr const char* kTextFile = "the lessons'"'"' text (scripts/lm-corpus.mjs)";|' "$OUT.tmp"
mv "$OUT.tmp" "$OUT"
ls -l "$OUT"
