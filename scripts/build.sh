#!/usr/bin/env bash
# Installs what is missing, then builds everything into build/ and the site into site/:
#   build/native   core library, `attn` CLI, Catch2 tests
#   build/wasm     the core as WebAssembly modules, one per entry of web/modules.json (core-<name>.js + .wasm)
#   site/          the static lesson site
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh

JOBS=${JOBS:-$(nproc)}
echo "==> native build"
cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release > build-native.log 2>&1 || { cat build-native.log; exit 1; }
cmake --build build/native -j "$JOBS"

echo "==> WebAssembly build"
# Emscripten 3.1.6 needs Debian's node modules (acorn) on NODE_PATH (platform note, trap 1).
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
emcmake cmake -S . -B build/wasm -G Ninja -DCMAKE_BUILD_TYPE=Release > build-wasm.log 2>&1 || { cat build-wasm.log; exit 1; }
cmake --build build/wasm -j "$JOBS"
rm -f build-native.log build-wasm.log

echo "==> site"
node scripts/build-site.mjs
