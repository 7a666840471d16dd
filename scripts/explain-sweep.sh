#!/usr/bin/env bash
# The explain property test at full size: every demo instance of every page at its preset
# and at 20 random valid settings, 20 random explainable values each (tests/wasm/explain.test.mjs samples
# fewer in the test command). Needs build/wasm (scripts/build.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
EXPLAIN_SETTINGS=${EXPLAIN_SETTINGS:-20} EXPLAIN_VALUES=${EXPLAIN_VALUES:-20} node --test tests/wasm/explain.test.mjs
