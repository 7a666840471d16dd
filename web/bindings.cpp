// The WebAssembly module's whole interface: it only registers functions.
// The page runtime (web/runtime/core-face.js) wraps them in JavaScript.
// Each module of web/modules.json is this file compiled with ATTN_API_<GROUP> for the API
// groups it names (CMakeLists.txt), so a module links only the core code its page calls.
#include <emscripten/bind.h>

#include "api/demos.hpp"

EMSCRIPTEN_BINDINGS(attn_demos) {
    emscripten::function("listDemos", &attn::list_demos_json);
    emscripten::function("runDemo", &attn::run_demo_json);
}

#ifdef ATTN_API_MODELS
#include "base/json_limits.hpp"
#include "api/models.hpp"
EMSCRIPTEN_BINDINGS(attn_models) {
    emscripten::function("loadModel", &attn::load_model_json);
    emscripten::function("loadModelSummary", &attn::load_model_summary_json);
    // The largest JSON text the core accepts [bytes]: the page refuses a larger weights file by its
    // size, before its bytes are copied into the module's memory (which never shrinks again).
    emscripten::function("maxJsonBytes", +[]() -> double { return attn::json_limits::kMaxTextBytes; });
}
#endif

#ifdef ATTN_API_TRAINING
#include "api/training.hpp"
EMSCRIPTEN_BINDINGS(attn_training) {
    emscripten::function("trainStart", &attn::train_start_json);
    emscripten::function("trainAdvance", &attn::train_advance_json);
    emscripten::function("trainResult", &attn::train_result_json);
    // Training across Web Workers (core/api/training.hpp, web/runtime/train-worker.js):
    // the exchange is a Float32Array onto the module's memory, to be taken again
    // after any call that may grow the memory (a view of the old one is emptied).
    emscripten::function("trainPartsGradient", &attn::train_parts_gradient_json);
    emscripten::function("trainStep", &attn::train_step_json);
    emscripten::function("trainExchange", +[] {
        return emscripten::val(emscripten::typed_memory_view(attn::train_exchange_size(), attn::train_exchange_data()));
    });
    // The misses shared by the workers: a Float64Array onto each test scene's distance.
    emscripten::function("trainMisses", &attn::train_misses_json);
    emscripten::function("trainMissesExchange", +[] {
        return emscripten::val(emscripten::typed_memory_view(attn::train_misses_size(), attn::train_misses_data()));
    });
}
#endif

#ifdef ATTN_API_LM
#include "api/lm.hpp"
// The character-level language model (core/api/lm.hpp): the text is passed as itself, not as JSON.
EMSCRIPTEN_BINDINGS(attn_lm) {
    emscripten::function("lmStart", &attn::lm_start_json);
    emscripten::function("lmAdvance", &attn::lm_advance_json);
    emscripten::function("lmValidation", &attn::lm_validation_json);
    emscripten::function("lmNext", &attn::lm_next_json);
    emscripten::function("lmGenerate", &attn::lm_generate_json);
    emscripten::function("lmPartsGradient", &attn::lm_parts_gradient_json);
    emscripten::function("lmWeights", &attn::lm_weights_json);
    emscripten::function("lmStep", &attn::lm_step_json);
    emscripten::function("lmExchange", +[] {
        return emscripten::val(emscripten::typed_memory_view(attn::lm_exchange_size(), attn::lm_exchange_data()));
    });
}
#endif

#ifdef ATTN_API_LMNETWORK
#include "api/lm_network.hpp"
#include "nn/lm/lm_weights.hpp"
// The language model lesson's page: the learner's network in the demos' place (networks.js calls it
// loadModel, as for the table lesson's networks), and the largest weights file it takes [bytes].
EMSCRIPTEN_BINDINGS(attn_lmnetwork) {
    emscripten::function("loadModel", &attn::load_lm_network_json);
    emscripten::function("maxJsonBytes", +[]() -> double { return attn::nn::lm::kMaxWeightsFileBytes; });
}
#endif

#ifdef ATTN_API_ROBOT
#include "api/robot_session.hpp"
#include "math/python_format.hpp"
// The lesson's Python programs: their robot, and CPython's round() and repr() of a float,
// which MicroPython's own differ from (docs/programs.md).
EMSCRIPTEN_BINDINGS(attn_robot) {
    emscripten::function("robotCall", &attn::robot_call_json);
    emscripten::function("pythonRound", &attn::python_round);
    emscripten::function("pythonRepr", &attn::python_repr);
}
#endif

#ifdef ATTN_API_EXPLAIN
#include "api/explain.hpp"
// How a value of a demo was computed (core/explain/), asked for when a learner clicks it.
EMSCRIPTEN_BINDINGS(attn_explain) {
    emscripten::function("explainValue", &attn::explain_json);
}
#endif
