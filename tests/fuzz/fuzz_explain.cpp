// libFuzzer target: explain_json on every demo that explains its values. Input:
// "<demo id>\n<parameters JSON>\n<reference JSON>"; an id that explains nothing picks one of those
// that do by its first byte, so every explainer is reached. Beyond the shared rules (fuzz_support.hpp),
// an explanation names its value and step, holds a finite value (or a masked score: −∞, no value),
// and its arithmetic re-evaluated gives its value when the operands are of a size where rounding is small.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "api/explain.hpp"
#include "demo/demo.hpp"
#include "explain/explainers.hpp"
#include "explain/explanation.hpp"
#include "fuzz_support.hpp"

namespace {

constexpr double kSmallOperand = 1e3;   // operands up to this size: rounding stays far below kRelativeError
constexpr double kRelativeError = 1e-9;
// A demo that runs a trained network computes in float; its arithmetic re-evaluated in double agrees to
// float roundings of the operands' scale.
constexpr double kFloatRelativeError = 1e-4;

const std::vector<std::string>& explaining() {
    static const std::vector<std::string> ids = [] {
        std::vector<std::string> out;
        for (const attn::Demo& d : attn::all_demos())
            if (attn::explain::find_explainer(d.id)) out.push_back(d.id);
        return out;
    }();
    return ids;
}

void check_explanation(const attn_fuzz::json& e, const std::string& answer, double relative_error) {
    using attn_fuzz::broken;
    if (!e.is_object()) broken("the explanation is an object", answer);
    if (e.contains("tables") || e.contains("numbers")) return;  // {"kind": "contents"}: what the demo explains
    for (const char* field : {"ref", "name", "step", "exact", "shown"})
        if (!e.contains(field)) broken(std::string("an explanation has its ") + field, answer);
    if (e.value("given", "") == "mask") {
        if (e.contains("value") || e["shown"] != "−∞") broken("a masked score is −∞, with no value", answer);
        return;
    }
    if (!e["value"].is_number() || !std::isfinite(e["value"].get<double>())) broken("an explanation's value is finite", answer);
    if (!e.contains("expression")) return;  // a value the learner set, or a sentence's list
    std::vector<double> values;
    bool small = true;
    for (const auto& operand : e["operands"]) {
        if (!operand["value"].is_number()) broken("an operand has a number", answer);
        values.push_back(operand["value"].get<double>());
        small = small && std::fabs(values.back()) <= kSmallOperand;
    }
    const double value = e["value"];
    const double again = attn::explain::evaluate(e["expression"], values);
    if (small && std::fabs(value) <= kSmallOperand && std::fabs(again - value) > relative_error * (1 + std::fabs(value)))
        broken("the arithmetic re-evaluated gives the value", answer);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto [id, rest] = attn_fuzz::head_and_body(data, size);
    const std::string tail(rest);
    const std::size_t newline = tail.find('\n');
    const std::string params = newline == std::string::npos ? tail : tail.substr(0, newline);
    const std::string ref = newline == std::string::npos ? "{}" : tail.substr(newline + 1);
    if (!attn::explain::find_explainer(id) && !explaining().empty())
        id = explaining()[(id.empty() ? 0 : static_cast<unsigned char>(id[0])) % explaining().size()];
    const std::string answer = attn::explain_json(id, params, ref);
    const attn_fuzz::json j = attn_fuzz::check_answer(answer, params + ref);
    const attn::Demo* demo = attn::find_demo(id);
    const double relative_error = demo && demo->arithmetic == "float32" ? kFloatRelativeError : kRelativeError;
    if (j["ok"] == true) check_explanation(j["explanation"], answer, relative_error);
    return 0;
}
