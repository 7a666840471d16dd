#include "api.hpp"

#include "demo.hpp"
#include "error.hpp"

namespace attn {
namespace {

std::string error_json(const std::string& param, const std::string& message) {
    return json{{"ok", false}, {"error", {{"param", param}, {"message", message}}}}.dump();
}

}  // namespace

std::string list_demos_json() {
    json out = json::array();
    for (const Demo& d : all_demos()) {
        json params = json::array();
        for (const auto& p : d.params) params.push_back(p.to_json());
        out.push_back({{"id", d.id}, {"title", d.title}, {"params", params}, {"sources", d.sources}});
    }
    return out.dump();
}

std::string run_demo_json(const std::string& demo_id, const std::string& params_json) {
    const Demo* demo = find_demo(demo_id);
    if (!demo) return error_json("", "there is no demo called \"" + demo_id + "\"");
    try {
        const json input = json::parse(params_json.empty() ? "{}" : params_json);
        const Params params = validate_params(demo->params, input);
        // error_handler::replace: a stray invalid UTF-8 byte must not turn a result into an exception.
        return json{{"ok", true}, {"result", demo->compute(params)}}.dump(-1, ' ', false,
                                                                          json::error_handler_t::replace);
    } catch (const ParamError& e) {
        return error_json(e.param(), e.what());
    } catch (const json::parse_error&) {
        return error_json("", "the parameters are not valid JSON (numbers must be finite; NaN and Infinity "
                              "cannot be written in JSON)");
    } catch (const ComputeError& e) {
        return error_json("", e.what());
    } catch (const std::exception& e) {
        return error_json("", std::string("the demo could not run: ") + e.what());
    } catch (...) {
        return error_json("", "the demo could not run (unknown failure)");
    }
}

}  // namespace attn
