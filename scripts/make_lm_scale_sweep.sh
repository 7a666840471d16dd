#!/usr/bin/env bash
# Regenerates lessons/lm/data/scale_sweep.json: why scale matters. The language model
# is trained natively (attn lm train) on the lessons' own text (site/assets/lessons.txt,
# written by the site build) at a few sizes, each with the page's other defaults (context
# 32, batch 16, rate 0.003, seed 0), and its validation loss is recorded every 250 steps
# up to 1,500: the lesson draws the loss against the steps for each size and against the
# parameter count at the last step, and places the learner's own run on both.
#   scripts/make_lm_scale_sweep.sh      (uses build/native/attn; ATTN=path/to/attn to choose another)
# A few minutes on this 2-core machine (JOBS=1), most of it the largest size.
set -euo pipefail
cd "$(dirname "$0")/.."
ATTN=${ATTN:-build/native/attn}
TEXT=site/assets/lessons.txt
OUT=lessons/lm/data/scale_sweep.json
[ -x "$ATTN" ] || { echo "build the native tool first (scripts/build.sh native); $ATTN is missing" >&2; exit 1; }
[ -f "$TEXT" ] || { echo "build the site first (node scripts/build-site.mjs); $TEXT is missing" >&2; exit 1; }
STEPS=1500
EVERY=250
# layers heads width: from a tenth of the lesson's default to about six times it
SIZES=("1 2 16" "2 4 32" "3 4 48" "4 4 64")
mkdir -p "$(dirname "$OUT")"
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
for size in "${SIZES[@]}"; do
  read -r layers heads width <<< "$size"
  echo "==> $layers layers, $heads heads, width $width" >&2
  "$ATTN" lm train --text "$TEXT" --layers "$layers" --heads "$heads" --width "$width" --context 32 --batch 16 \
    --lr 0.003 --steps "$STEPS" --seed 0 --every "$EVERY" --chars 1 > /dev/null 2> "$logs/$layers-$heads-$width.log"
done
node - "$logs" "$OUT" "$STEPS" "$EVERY" "${SIZES[@]}" <<'NODE'
const fs = require('fs');
const [logs, out, steps, every, ...sizes] = process.argv.slice(2);
const runs = sizes.map((size) => {
  const [layers, heads, width] = size.split(' ').map(Number);
  const log = fs.readFileSync(`${logs}/${layers}-${heads}-${width}.log`, 'utf8');
  const parameters = Number(log.match(/^(\d+) parameters/m)[1]);
  const points = [...log.matchAll(/^step (\d+): loss [\d.]+, validation ([\d.]+)/gm)].map((m) => [Number(m[1]), Number(m[2])]);
  return { layers, heads, width, context: 32, parameters, validation: points };
});
fs.writeFileSync(out, `${JSON.stringify({
  measure: 'validation loss [nats per character] on the last tenth of the lessons\' text, never trained on (32 fixed windows)',
  made_by: 'scripts/make_lm_scale_sweep.sh (attn lm train: context 32, batch 16, AdamW rate 0.003, seed 0)',
  steps: Number(steps), every: Number(every), runs,
}, null, 1)}\n`);
console.error(`wrote ${out}`);
NODE
