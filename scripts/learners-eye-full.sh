#!/usr/bin/env bash
# The learner's-eye test's full sweep (docs/learners-eye.md), after scripts/build.sh: every control of every
# demo at both widths, every slider position, more typed values, every grid box. Minutes, not seconds: the
# test command runs the sampled version (tests/browser/learners-eye.test.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
LEARNERS_EYE=full exec node --test tests/browser/learners-eye.test.mjs "$@"
