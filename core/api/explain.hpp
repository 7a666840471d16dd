#pragma once
// How one value of a demo's result was computed (core/explain/): JSON text in and out, never throwing.
#include <string>

namespace attn {

// {"ok": true, "explanation": {ref, name, step, formula, words, operands: [{ref, label, value, source}],
//   expression, plugged, value, exact, shown, [given], [items]}} or {"ok": false, "error": {...}}.
// `params_json` as run_demo_json takes it; `ref_json` names the value (explain/explanation.hpp).
// Both texts are refused before parsing past json_limits.hpp's size and depth.
std::string explain_json(const std::string& demo_id, const std::string& params_json, const std::string& ref_json);

}  // namespace attn
