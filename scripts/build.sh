#!/usr/bin/env bash
# Installs what is missing, then builds everything into build/ and the site into site/:
#   build/native   core library, `attn` CLI, Catch2 tests
#   build/wasm     the core as WebAssembly modules, one per entry of web/modules.json (core-<name>.js + .wasm)
#   site/          the static lesson site
# tests/build/build-sh.test.mjs sources this file for its functions; run, it builds.
set -euo pipefail

# CMake writes the source folder into a build tree's cache and refuses the tree once the project has
# been copied or moved ("CMakeCache.txt ... created in <old folder>"). Such a tree is configured again
# in place: without its cache (CMakeCache.txt, CMakeFiles/), CMake starts afresh, and the build then
# recompiles what it must.
forget_other_source_folder() {
  local tree=$1 cache="$1/CMakeCache.txt" made_for here
  [[ -f $cache ]] || return 0
  # A tree that is a link to another project's (shared on purpose) is that project's to configure.
  [[ -L $tree ]] && return 0
  # Both as real paths, so a project reached through a symbolic link is not taken for a moved one.
  made_for=$(realpath -m "$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$cache")")
  here=$(pwd -P)
  if [[ $made_for != "$here" ]]; then
    echo "==> $tree was configured for $made_for; configuring it again for $here"
    rm -rf "$cache" "$tree/CMakeFiles"
  fi
}

# configure TREE LOG CMAKE-COMMAND...: runs the configure command (cmake or emcmake cmake) for TREE,
# its output in LOG, shown only when it fails.
configure() {
  local tree=$1 log=$2
  shift 2
  forget_other_source_folder "$tree"
  "$@" -S . -B "$tree" -G Ninja -DCMAKE_BUILD_TYPE=Release > "$log" 2>&1 || { cat "$log"; exit 1; }
}

# With ccache (installed by install.sh), a second build, or a build in a fresh clone of the project on the
# same machine, compiles only what changed: paths under the project are hashed relative to it, so every
# copy of the project shares the cache. A launcher the caller chose is left as it is.
use_compiler_cache() {
  command -v ccache > /dev/null || return 0
  export CMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER:-ccache}
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(pwd -P)}
}

main() {
  cd "$(dirname "$0")/.."
  scripts/install.sh

  JOBS=${JOBS:-$(nproc)}
  use_compiler_cache
  echo "==> native build"
  configure build/native build-native.log cmake
  cmake --build build/native -j "$JOBS"

  echo "==> WebAssembly build"
  # Emscripten 3.1.6 needs Debian's node modules (acorn) on NODE_PATH (platform note, trap 1).
  export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
  configure build/wasm build-wasm.log emcmake cmake
  cmake --build build/wasm -j "$JOBS"
  rm -f build-native.log build-wasm.log

  echo "==> site"
  node scripts/build-site.mjs
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then main "$@"; fi
