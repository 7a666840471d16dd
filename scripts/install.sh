#!/usr/bin/env bash
# Installs what this project needs and is missing: Debian packages, then the
# npm packages pinned by package-lock.json. Safe to run again; does nothing when all is there.
set -euo pipefail
cd "$(dirname "$0")/.."

# Tools that may also come from elsewhere (a newer Node, say): installed from Debian only if the command is missing.
declare -A TOOL_PACKAGES=([g++]=g++ [cmake]=cmake [ninja]=ninja-build [python3]=python3 [node]=nodejs [npm]=npm)
# Libraries and programs taken from Debian's packages as they are.
DEBIAN_PACKAGES=(
  emscripten libeigen3-dev nlohmann-json3-dev catch2
  ccache     # scripts/build.sh: a rebuild, or a build in another copy of the project, compiles only what changed
  chromium   # browser tests and the page-size benchmark
  clang libclang-rt-14-dev   # scripts/fuzz.sh: libFuzzer, AddressSanitizer, UndefinedBehaviorSanitizer
  python3-fonttools python3-brotli   # scripts/subset_fonts.py: KaTeX's fonts cut to the characters the lessons use
)

missing=()
for tool in "${!TOOL_PACKAGES[@]}"; do
  command -v "$tool" > /dev/null || missing+=("${TOOL_PACKAGES[$tool]}")
done
for pkg in "${DEBIAN_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "==> installing Debian packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# npm ci when node_modules is missing or older than the lockfile.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "==> npm ci"
  npm ci --no-audit --no-fund --loglevel=error
fi
