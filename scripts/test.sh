#!/usr/bin/env bash
# Quick start, part 2: build everything, then run every test suite.
# Exits non-zero if any suite fails; the suites all run either way.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh || exit 1
echo "<== build: $SECONDS s"

# The fuzz targets' build (clang with sanitizers, a tree of its own) runs at the lowest priority beside
# the suites, on the CPU time their pages leave idle; the fuzzing below waits for it.
nice -n 19 scripts/fuzz.sh --build-only > build/fuzz-build.log 2>&1 &
fuzz_build=$!

failed=()
# run NAME COMMAND...: one suite, its wall time after it (where the test command's minutes go).
run() {
  local name=$1 start=$SECONDS; shift
  echo
  echo "==> $name"
  "$@" || failed+=("$name")
  echo "<== $name: $((SECONDS - start)) s"
}
run "core (Catch2, ctest)" ctest --test-dir build/native --output-on-failure -j "$(nproc)"
# node --test runs nproc - 1 files at a time by default, one on a 2-core machine; these files compute
# on one core each, so they run nproc at a time.
run "site build (lesson prose checks)" node --test --test-concurrency="$(nproc)" tests/build/
run "WebAssembly under Node" node --test --test-concurrency="$(nproc)" tests/wasm/
run "page runtime under Node (web/runtime)" node --test tests/runtime/
# Two files at a time: a browser test waits on pages and workers for much of its time, so two share a
# 2-core machine (each file has its own server on a free port and its own Chromium). The offline tests
# then run alone: a service worker precaching the whole site beside another file's pages can take longer
# than their waits allow.
browser_tests() {
  local status=0
  node --test --test-concurrency="${BROWSER_FILES_AT_ONCE:-2}" $(ls tests/browser/*.test.mjs | grep -v /offline.test.mjs) || status=1
  node --test tests/browser/offline.test.mjs || status=1
  return $status
}
run "browser (headless Chromium)" browser_tests
# Each libFuzzer target for a short, fixed time on its committed corpus (a longer run: scripts/fuzz.sh 600).
# On a machine with no compiler cache (CI) that build compiles the whole core again beside the suites; the
# log says how long the suites then wait for it.
waited=$SECONDS
wait "$fuzz_build" || cat build/fuzz-build.log
echo "<== waiting for the fuzz targets' build: $((SECONDS - waited)) s"
run "fuzzing (libFuzzer, ASan + UBSan, ${FUZZ_SECONDS:-25} s per target)" scripts/fuzz.sh "${FUZZ_SECONDS:-25}"

echo
if ((${#failed[@]})); then
  echo "FAILED: ${failed[*]}"
  exit 1
fi
echo "all test suites passed"
