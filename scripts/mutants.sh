#!/usr/bin/env bash
# Applies each one-line bug of tests/mutants/mutants.txt, one at a time, to a
# scratch copy of the repository (build/mutants/src), builds it, and runs the
# core suite and then the WebAssembly suite; prints the bugs that no test caught.
# A script to run, not part of scripts/test.sh (each bug costs a build and a run).
#   scripts/mutants.sh                 # every bug
#   scripts/mutants.sh "act_sizes"     # only those whose line matches the pattern
#   NATIVE_ONLY=1 scripts/mutants.sh   # the core suite only (no WebAssembly build)
# Exits non-zero if any bug survives.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PATTERN=${1:-}
SCRATCH=$ROOT/build/mutants/src
JOBS=${JOBS:-$(nproc)}
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

# The tracked files as they are in this work tree; cp -p keeps times, so the scratch builds stay incremental.
mkdir -p "$SCRATCH"
git ls-files -z | xargs -0 cp -p --parents -t "$SCRATCH"
cd "$SCRATCH"

build_native() { cmake --build build/native -j "$JOBS" > ../native.log 2>&1; }
build_wasm() { cmake --build build/wasm -j "$JOBS" > ../wasm.log 2>&1; }
core_suite() { build/native/core_tests -a -r compact > ../core.log 2>&1; }   # -a: stop at the first failure
wasm_suite() { node --test tests/wasm/ > ../wasm-tests.log 2>&1; }

echo "==> the unchanged copy must build and pass"
cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release > ../native.log 2>&1 && build_native || { cat ../native.log; exit 1; }
if [ -z "${NATIVE_ONLY:-}" ]; then
  emcmake cmake -S . -B build/wasm -G Ninja -DCMAKE_BUILD_TYPE=Release > ../wasm.log 2>&1 && build_wasm || { cat ../wasm.log; exit 1; }
  wasm_suite || { echo "the WebAssembly suite fails without any bug"; exit 1; }
fi
core_suite || { echo "the core suite fails without any bug"; exit 1; }

survivors=()
total=0
while IFS=$'\t' read -r file original mutated what; do
  [[ -z "$file" || "$file" == \#* ]] && continue
  [[ -n "$PATTERN" && "$file $what" != *$PATTERN* ]] && continue
  total=$((total + 1))
  cp -p "$file" ../original
  if ! python3 - "$file" "$original" "$mutated" <<'PY'
import sys
path, original, mutated = sys.argv[1:]
text = open(path).read()
if text.count(original) != 1:
    sys.exit(f"{path}: the original text occurs {text.count(original)} times")
open(path, "w").write(text.replace(original, mutated))
PY
  then
    echo "?? $what: cannot apply"; survivors+=("$what (cannot apply)"); continue
  fi
  if ! build_native; then verdict="killed (does not compile)"
  elif ! core_suite; then verdict="killed by the core suite: $(grep -m1 -i "failed" ../core.log | cut -c1-160)"
  elif [ -n "${NATIVE_ONLY:-}" ]; then verdict="SURVIVED (core suite)"
  elif ! build_wasm; then verdict="killed (does not compile to WebAssembly)"
  elif ! wasm_suite; then verdict="killed by the WebAssembly suite: $(grep -m1 '^not ok' ../wasm-tests.log)"
  else verdict="SURVIVED"
  fi
  echo "$what [$file]: $verdict"
  [[ "$verdict" == SURVIVED* ]] && survivors+=("$what [$file]")
  cp ../original "$file"   # back as it was (a new time, so the next build recompiles it)
  touch "$file"
done < "$ROOT/tests/mutants/mutants.txt"
build_native > /dev/null 2>&1 || true  # leave the scratch build unchanged for the next run

echo
echo "$((total - ${#survivors[@]})) of $total bugs caught"
if ((${#survivors[@]})); then
  printf 'survived: %s\n' "${survivors[@]}"
  exit 1
fi
