// The WebAssembly module's whole interface: it only registers functions.
// The page runtime (web/runtime/core.js) wraps them in JavaScript.
#include <emscripten/bind.h>

#include "api.hpp"

EMSCRIPTEN_BINDINGS(attn_core) {
    emscripten::function("listDemos", &attn::list_demos_json);
    emscripten::function("runDemo", &attn::run_demo_json);
}
