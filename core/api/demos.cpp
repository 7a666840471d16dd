#include "api/demos.hpp"

#include "api/api_json.hpp"
#include "demo/demo.hpp"
#include "base/error.hpp"
#include "demo/finite_result.hpp"
#include "base/json_limits.hpp"

namespace attn {
namespace {

using api_json::dump;
using api_json::guarded;
const auto& error_json = api_json::error;

constexpr const char* kNotJson =
    "the parameters are not valid JSON (numbers must be finite; NaN and Infinity cannot be written in JSON)";

}  // namespace

std::string list_demos_json() {
    return guarded([] {  // a declaration that cannot be written is a message, never an exception into JavaScript
        json out = json::array();
        for (const Demo& d : all_demos()) {
            json params = json::array();
            for (const auto& p : d.params) params.push_back(p.to_json());
            json claims = json::object();  // name -> every value it can take
            for (const auto& c : d.claims) claims[c.name] = c.values;
            out.push_back({{"id", d.id}, {"title", d.title}, {"params", params}, {"sources", d.sources},
                           {"arithmetic", d.arithmetic}, {"networks", d.networks}, {"claims", claims}});
        }
        return out;
    });
}

std::string run_demo_json(const std::string& demo_id, const std::string& params_json) {
    const Demo* demo = find_demo(demo_id);
    if (!demo) return error_json("", "there is no demo called \"" + demo_id + "\"");
    return guarded([&] {
        json_limits::check_json_text(params_json, "", "the text of the parameters");  // before the parser recurses
        json input;
        try {
            input = json::parse(params_json.empty() ? "{}" : params_json);
        } catch (const json::exception&) {
            throw ParamError("", kNotJson);  // also numbers too large for a double, such as 1e999
        }
        const Params params = validate_params(demo->params, input);
        json answer = {{"ok", true}};
        answer["result"] = demo->compute(params);  // moved in: a brace list would copy it deeply
        require_finite_result(answer["result"]);  // an answer the page would print as "NaN" or "−∞" is no answer
        return answer;
    });
}

}  // namespace attn
