#!/usr/bin/env bash
# Runs the formatting tests (tests/core/math/python_format_test.cpp, test_numpy_format.cpp)
# compiled to WebAssembly under Node: the core's repr, round and NumPy printing rest
# on printf and strtod, which come from Emscripten's musl there and from glibc natively.
# Not part of scripts/test.sh (it takes a minute to compile); run it after changing
# core/math/python_format.cpp or core/math/numpy_format.cpp.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# Includes through a folder holding only links (platform note, trap 2).
mkdir -p "$out/include"
ln -s /usr/include/nlohmann "$out/include/nlohmann"
ln -s /usr/include/catch2 "$out/include/catch2"
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
em++ -std=c++17 -O2 -fexceptions -sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1 \
  -Icore -I/usr/include/eigen3 -I"$out/include" -DATTN_SOURCE_DIR="\"$PWD\"" \
  tests/core/main.cpp tests/core/math/python_format_test.cpp tests/core/math/numpy_format_test.cpp \
  core/math/python_format.cpp core/math/numpy_format.cpp -o "$out/format_tests.js"
# The loader would fetch() the .wasm by path, which fails in Node (platform note, trap 3).
node -e "delete globalThis.fetch; process.argv.splice(1, 0, 'format_tests'); require('$out/format_tests.js')"
