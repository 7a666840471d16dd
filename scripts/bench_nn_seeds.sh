#!/bin/bash
# The lesson's claims across seeds: trains every network the claims mention at
# seeds 0..4 (default) with `attn train` and checks each claim per seed.
# Several minutes natively; the seed-0 claims alone are in the test suite.
#
#   scripts/bench_nn_seeds.sh <path to attn> [seeds...]
set -euo pipefail
ATTN=${1:?usage: scripts/bench_nn_seeds.sh <path to attn> [seeds...]}
shift
SEEDS=${*:-0 1 2 3 4}
RUNS="find:lookup find:plain-16 find:plain-256 nearest:lookup nearest:transformer-1 nearest:transformer-2"
OUT=$(mktemp)
for seed in $SEEDS; do
  for run in $RUNS; do
    "$ATTN" train --task "${run%%:*}" --model "${run#*:}" --seed "$seed" --quiet >> "$OUT"
  done
done
python3 - "$OUT" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
miss = {(r["task"], r["model"], r["seed"]): (r["miss_cm_4"], r["miss_cm_6"]) for r in rows}
seeds = sorted({r["seed"] for r in rows})
claims = [
    ("find: lookup under 0.5 cm with 4 and with 6", lambda s: max(miss["find", "lookup", s]) < 0.5),
    ("find: plain-256 a few cm with 4 (1-6), over 3x that with 6",
     lambda s: 1 < miss["find", "plain-256", s][0] < 6 and miss["find", "plain-256", s][1] > 3 * miss["find", "plain-256", s][0]),
    ("find: plain-16 over 15 cm", lambda s: miss["find", "plain-16", s][0] > 15),
    ("nearest: transformer-2 under 8 cm", lambda s: miss["nearest", "transformer-2", s][0] < 8),
    ("nearest: lookup over 15 cm", lambda s: miss["nearest", "lookup", s][0] > 15),
    ("nearest: transformer-1 over 15 cm", lambda s: miss["nearest", "transformer-1", s][0] > 15),
]
print("miss [cm] with 4 / 6 objects")
print(f"{'task/model':24s}" + "".join(f"{'seed ' + str(s):>16s}" for s in seeds))
for task, model in sorted({(r["task"], r["model"]) for r in rows}):
    print(f"{task + '/' + model:24s}" + "".join(f"{miss[task, model, s][0]:8.2f}{miss[task, model, s][1]:8.2f}" for s in seeds))
failed = 0
for text, holds in claims:
    ok = [holds(s) for s in seeds]
    failed += not all(ok)
    print(("holds  " if all(ok) else "FAILS  ") + text + ("" if all(ok) else f"  (fails at seeds {[s for s, o in zip(seeds, ok) if not o]})"))
sys.exit(1 if failed else 0)
PY
