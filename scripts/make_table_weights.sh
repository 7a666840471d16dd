#!/usr/bin/env bash
# Regenerates the table lesson's pretrained networks, lessons/table/weights/<task>-<model>.json,
# with the project's own native trainer: seed 0, the lesson's rate and epochs for each
# task/model (cli/train.cpp), then `attn table-pack` adds the misses on 2,000 new scenes
# of 4 and of 6 objects and writes every float as its shortest round-trip text.
#   scripts/make_table_weights.sh            (uses build/native/attn; ATTN=path/to/attn to choose another)
#   SLOTS="nearest/transformer-1 nearest/transformer-2" scripts/make_table_weights.sh   (only these)
# One training at a time: about a minute in all on one free core.
set -euo pipefail
cd "$(dirname "$0")/.."
ATTN=${ATTN:-build/native/attn}
SEED=${SEED:-0}
OUT=lessons/table/weights
[ -x "$ATTN" ] || { echo "build the native tool first (scripts/build.sh native); $ATTN is missing" >&2; exit 1; }
mkdir -p "$OUT"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
SLOTS=${SLOTS:-find/lookup find/plain-16 find/plain-256 nearest/lookup nearest/transformer-1 nearest/transformer-2}
for slot in $SLOTS; do
  task=${slot%%/*} model=${slot##*/}
  result=$("$ATTN" train --task "$task" --model "$model" --seed "$SEED" --quiet --out "$tmp")
  training=$(python3 -c 'import json,sys; r=json.loads(sys.argv[1]); print(json.dumps({k: r[k] for k in ("seed","lr","epochs","steps","seconds","final_epoch_loss")}))' "$result")
  "$ATTN" table-pack --task "$task" --in "$tmp" --out "$OUT/$task-$model.json" --training "$training" >/dev/null
  echo "$slot: $result"
done
ls -l "$OUT"/*.json
du -cb "$OUT"/*.json | tail -1
