#include "api.hpp"

#include "demo.hpp"
#include "error.hpp"

namespace attn {
namespace {

// error_handler_t::replace: text the learner typed may hold invalid UTF-8, and
// writing it back must not become an exception of its own.
std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

std::string error_json(const std::string& param, const std::string& message) {
    return dump({{"ok", false}, {"error", {{"param", param}, {"message", message}}}});
}

constexpr const char* kNotJson =
    "the parameters are not valid JSON (numbers must be finite; NaN and Infinity cannot be written in JSON)";

}  // namespace

std::string list_demos_json() {
    json out = json::array();
    for (const Demo& d : all_demos()) {
        json params = json::array();
        for (const auto& p : d.params) params.push_back(p.to_json());
        out.push_back({{"id", d.id}, {"title", d.title}, {"params", params}, {"sources", d.sources},
                       {"arithmetic", d.arithmetic}});
    }
    return dump(out);
}

std::string run_demo_json(const std::string& demo_id, const std::string& params_json) {
    const Demo* demo = find_demo(demo_id);
    if (!demo) return error_json("", "there is no demo called \"" + demo_id + "\"");
    json input;
    try {
        input = json::parse(params_json.empty() ? "{}" : params_json);
    } catch (const json::exception&) {
        return error_json("", kNotJson);  // also numbers too large for a double, such as 1e999
    }
    try {
        const Params params = validate_params(demo->params, input);
        return dump({{"ok", true}, {"result", demo->compute(params)}});
    } catch (const ParamError& e) {
        return error_json(e.param(), e.what());
    } catch (const ComputeError& e) {
        return error_json("", e.what());
    } catch (const std::exception& e) {
        return error_json("", std::string("the demo could not run: ") + e.what());
    } catch (...) {
        return error_json("", "the demo could not run (unknown failure)");
    }
}

}  // namespace attn
