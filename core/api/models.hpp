#pragma once
// The table lesson's trained networks, loaded into this module instance's store
// (models/model_store.hpp), which the demos are handed. JSON text in, JSON text
// out; nothing here throws. Errors have the shape of api/demos.hpp:
// {"ok": false, "error": {"param", "message"}}. Every text is checked against
// json_limits.hpp (4 MB, 64 levels) before it is parsed.
#include <string>

namespace attn {

// Stores the weights file's network under `slot` ("find/lookup").
// -> {"ok": true, "slot", "model", "parameters": N, "misses": {"4", "6"}, "misses_recorded"}: the file's
//    misses, or measured on loading (2 x 2,000 scenes) when it has none
std::string load_model_json(const std::string& slot, const std::string& weights_json);

// Stores a summary (models/model_summary.hpp) for `slot`, whose weights load
// on request: the demos show its recorded figures until they do.
// -> {"ok": true, "slot", "model", "parameters": N, "misses": {"4", "6"}}
std::string load_model_summary_json(const std::string& slot, const std::string& summary_json);

// {"ok": true, "slots": ["find/lookup", ...]}
std::string list_models_json();

}  // namespace attn
