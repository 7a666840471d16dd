#include "api/explain.hpp"

#include "api/api_json.hpp"
#include "base/json_limits.hpp"
#include "demo/demo.hpp"
#include "base/error.hpp"
#include "demo/finite_result.hpp"
#include "explain/explainers.hpp"

namespace attn {
namespace {

json parsed(const std::string& text, const std::string& param, const std::string& what) {
    json_limits::check_json_text(text, param, what);  // before the parser recurses
    try {
        return json::parse(text.empty() ? "{}" : text);
    } catch (const json::exception&) {
        throw ParamError(param, what + " is not valid JSON");
    }
}

}  // namespace

std::string explain_json(const std::string& demo_id, const std::string& params_json, const std::string& ref_json) {
    const Demo* demo = find_demo(demo_id);
    if (!demo) return api_json::error("", "there is no demo called \"" + demo_id + "\"");
    const explain::Explainer explainer = explain::find_explainer(demo_id);
    if (!explainer) return api_json::error("", "the demo \"" + demo_id + "\" does not explain its values yet");
    return api_json::guarded([&] {
        const Params params = validate_params(demo->params, parsed(params_json, "", "the text of the parameters"));
        const json ref = parsed(ref_json, "ref", "the value's reference");
        json answer = {{"ok", true}};
        answer["explanation"] = explainer(params, ref);
        require_finite_result(answer["explanation"]);
        return answer;
    });
}

}  // namespace attn
