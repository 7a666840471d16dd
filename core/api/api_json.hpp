#pragma once
// What core/api/demos.cpp and core/api/models.cpp share: JSON text out, and every
// failure turned into {"ok": false, "error": {"param": ..., "message": ...}}.
#include <exception>
#include <string>

#include <nlohmann/json.hpp>

#include "base/error.hpp"

namespace attn::api_json {

using json = nlohmann::json;

// error_handler_t::replace: text the learner typed may hold invalid UTF-8, and
// writing it back must not become an exception of its own.
inline std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

inline std::string error(const std::string& param, const std::string& message) {
    return dump({{"ok", false}, {"error", {{"param", param}, {"message", message}}}});
}

// Runs `body` (which returns the JSON to send), turning every failure into the error shape.
template <typename F>
std::string guarded(F body) {
    try {
        return dump(body());
    } catch (const ParamError& e) {
        return error(e.param(), e.what());
    } catch (const ComputeError& e) {
        return error("", e.what());
    } catch (const std::exception& e) {
        return error("", std::string("the request could not be done: ") + e.what());
    } catch (...) {
        return error("", "the request could not be done (unknown failure)");
    }
}

}  // namespace attn::api_json
