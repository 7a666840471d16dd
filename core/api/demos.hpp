#pragma once
// The whole surface the page and the command line use: JSON text in, JSON text out.
// Nothing here throws: every failure becomes {"ok": false, "error": {...}}.
#include <string>

namespace attn {

// [{"id", "title", "params": [declarations], "sources": [...]}, ...]
std::string list_demos_json();

// {"ok": true, "result": {...}} or
// {"ok": false, "error": {"param": "<name or empty>", "message": "<sentence>"}}
// The text is refused before parsing past json_limits.hpp's size and depth, and an
// ok:true result never holds NaN, an infinity or a null number (finite_result.hpp).
std::string run_demo_json(const std::string& demo_id, const std::string& params_json);

}  // namespace attn
