#!/usr/bin/env bash
# Regenerates the table lesson's pretrained networks, every weights file the network table
# ships (core/nn/network_table.cpp, read through `attn networks --json`), with the project's
# own native trainer: seed 0, the lesson's rate and epochs for each task/model (cli/train.cpp),
# then `attn table-pack` adds the misses on 2,000 new scenes of 4 and of 6 objects and writes
# every float as its shortest round-trip text.
#   scripts/make_table_weights.sh            (uses build/native/attn; ATTN=path/to/attn to choose another)
#   SLOTS="nearest/transformer-1 nearest/transformer-2" scripts/make_table_weights.sh   (only these)
# One training at a time: about a minute in all on one free core.
set -euo pipefail
cd "$(dirname "$0")/.."
ATTN=${ATTN:-build/native/attn}
SEED=${SEED:-0}
[ -x "$ATTN" ] || { echo "build the native tool first (scripts/build.sh native); $ATTN is missing" >&2; exit 1; }
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# "task/model file" for every shipped weights file of the table
shipped=$("$ATTN" networks --json | python3 -c 'import json,sys
for e in json.load(sys.stdin):
    if e["input"] != "table-scene": continue
    for t in e["trained"]:
        if t["weights"]: print(t["task"] + "/" + e["name"], t["weights"])')
SLOTS=${SLOTS:-$(cut -d' ' -f1 <<<"$shipped")}
files=()
for slot in $SLOTS; do
  task=${slot%%/*} model=${slot##*/}
  out=$(awk -v s="$slot" '$1 == s { print $2 }' <<<"$shipped")
  [ -n "$out" ] || { echo "the network table ships no weights for $slot" >&2; exit 1; }
  mkdir -p "$(dirname "$out")"
  result=$("$ATTN" train --task "$task" --model "$model" --seed "$SEED" --quiet --out "$tmp")
  training=$(python3 -c 'import json,sys; r=json.loads(sys.argv[1]); print(json.dumps({k: r[k] for k in ("seed","lr","epochs","steps","seconds","final_epoch_loss")}))' "$result")
  "$ATTN" table-pack --task "$task" --in "$tmp" --out "$out" --training "$training" >/dev/null
  echo "$slot: $result"
  files+=("$out")
done
ls -l "${files[@]}"
du -cb "${files[@]}" | tail -1
