#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz/fuzz_*.cpp; clang with AddressSanitizer and
# UndefinedBehaviorSanitizer) into build/fuzz, then runs each for SECONDS (default 30)
# on the committed seed corpus (tests/fuzz/corpus/<target>) with the dictionary.
# New inputs go to build/fuzz/corpus/<target>, crashes to build/fuzz/crashes/.
# Prints each target's executions per minute. Exits non-zero if any target fails.
#   scripts/fuzz.sh          # 30 s per target (scripts/test.sh runs this)
#   scripts/fuzz.sh 600      # a 10-minute run of each
#   TARGETS="demo_api" scripts/fuzz.sh 60
#   scripts/fuzz.sh --build-only   # build the targets, run none (scripts/test.sh builds them early)
set -uo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET=${1:-30}
TARGETS=${TARGETS:-"demo_api model_files training robot explain"}
JOBS=${JOBS:-$(nproc)}

# The build's helpers: the compiler cache (a fresh clone on a machine that built the targets before
# compiles nothing) and a tree configured for a moved project folder.
source scripts/build.sh
set +e   # build.sh sets -e; a failing target must still write its summary
use_compiler_cache
forget_other_source_folder build/fuzz
CC=clang CXX=clang++ cmake -S . -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=Release -DATTN_FUZZ=ON \
  > build-fuzz.log 2>&1 || { cat build-fuzz.log; exit 1; }
rm -f build-fuzz.log
cmake --build build/fuzz -j "$JOBS" || exit 1
[[ $SECONDS_PER_TARGET == --build-only ]] && exit 0

# fuzz TARGET: one target's run, its log in build/fuzz/TARGET.log; its summary goes to build/fuzz/TARGET.summary.
fuzz() {
  local target=$1 work=build/fuzz/corpus/$1 log=build/fuzz/$1.log status runs rate
  mkdir -p "$work"
  # -rss_limit_mb: a 4 MB input parsed and checked stays far below it; -timeout: one input's work is bounded.
  build/fuzz/fuzz_$target "$work" "tests/fuzz/corpus/$target" -dict=tests/fuzz/attn.dict \
    -max_total_time="$SECONDS_PER_TARGET" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="build/fuzz/crashes/$target-" -print_final_stats=1 > "$log" 2>&1
  status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  {
    echo "==> fuzz_$target for ${SECONDS_PER_TARGET} s"
    echo "    executions: ${runs:-?}, per minute: $(( ${rate:-0} * 60 ))"
    if ((status != 0)); then
      echo "    FAILED"
      grep -E "ERROR|rule broken|SUMMARY|Test unit written" "$log" | head -20
    fi
  } > "build/fuzz/$target.summary"
  return $status
}

# The targets run JOBS at a time (each is one process on one core), so the whole takes
# about ceil(targets / JOBS) x SECONDS rather than targets x SECONDS.
mkdir -p build/fuzz/crashes
failed=()
declare -A pid_of
for target in $TARGETS; do
  while (( $(jobs -rp | wc -l) >= JOBS )); do wait -n; done
  fuzz "$target" &
  pid_of[$target]=$!
done
for target in $TARGETS; do
  wait "${pid_of[$target]}" || failed+=("$target")
  cat "build/fuzz/$target.summary"
done
if ((${#failed[@]})); then
  echo "FUZZ FAILED: ${failed[*]} (logs in build/fuzz/*.log, inputs in build/fuzz/crashes/)"
  exit 1
fi
echo "fuzzing found nothing"
