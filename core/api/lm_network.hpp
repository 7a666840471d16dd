#pragma once
// The page's loadModel in the language model lesson's module: the learner's
// network (a weights file, nn/lm/lm_weights.hpp) becomes the one the demos read;
// "" puts the lesson's back. Nothing here throws.
#include <string>

namespace attn {

// -> {"ok": true, "parameters", "vocab"}, or the error shape of api/demos.hpp (the network in use unchanged).
std::string load_lm_network_json(const std::string& slot, const std::string& weights_file);

}  // namespace attn
