// What the robot lesson's explainers share: the settings the learner made (the number of keys, the
// patch, the divisor, a list's entries) and a key's number, which a printout quotes ("key 3").
#include <map>
#include <string>

#include "base/error.hpp"
#include "demo/prose.hpp"
#include "explain/explanation.hpp"
#include "lessons/robot/explain.hpp"
#include "worlds/robot/predictor.hpp"

namespace attn::lesson_robot {

using namespace explain;

const std::string kPrintoutStep = "The program's printout";

// The single-number settings the arithmetic uses, and what each is called.
const std::map<std::string, std::string> kSettingNames = {
    {"keys", "the number of keys"}, {"patch", "the patch length"}, {"divisor", "the divisor"},
    {"start_x", "the robot's x at the start [cm]"}, {"start_y", "the robot's y at the start [cm]"}};

json explain_setting(const Params& p, const json& ref) {
    const std::string name = ref_text(ref, "name");
    const json& v = p.values().contains(name) ? p.values().at(name) : json();
    if (const auto setting = kSettingNames.find(name); setting != kSettingNames.end()) {
        if (!v.is_number()) throw ParamError("ref", "this demo has no setting \"" + name + "\"");
        const double x = v.get<double>();
        return Explanation(ref, setting->second, "Your setting", name, "a value you set").given("param", x).to_json(x);
    }
    if (name == "strengths" || name == "divisors") {
        if (!v.is_array()) throw ParamError("ref", "this demo has no setting \"" + name + "\"");
        const long k = ref_index(ref, "index", static_cast<long>(v.size()));
        const double x = v[static_cast<std::size_t>(k)].get<double>();
        return Explanation(ref, nth_entry(k, name == "strengths" ? "strength" : "divisor"), "Your setting",
                           name == "strengths" ? "λ" + sub(k) : "divisor" + sub(k), "a value you set")
            .given("param", x)
            .to_json(x);
    }
    throw ParamError("ref", "the arithmetic here uses no setting called \"" + name + "\"");
}

std::string nth_entry(long k, const std::string& noun) { return "the " + prose::ordinal_word(k + 1) + " " + noun; }

json key_number(long j) {
    return Explanation({{"kind", "inner"}, {"name", "key"}, {"index", j}}, "the number of key " + std::to_string(j),
                       "Keys are numbered from 0, the oldest, in the order they were read", "j",
                       "the key's place in the list, counted from 0: a position, not arithmetic")
        .given("index", static_cast<double>(j))
        .to_json(static_cast<double>(j));
}

Printed steps_back_of(const Params& p, long key_index_printed, long j) {
    const json printed_key = {{"kind", "printed"}, {"index", key_index_printed}};
    const long keys = p.integer("keys");
    Explanation e({{"kind", "printed"}}, "how many steps back key " + std::to_string(j) + " is", kPrintoutStep, "K − j",
                  "the number of keys less the key's number");
    e.expression(sub(operand(e.add(param_ref("keys"), "the number of keys, which you set", keys)),
                     operand(e.add(printed_key, "the key's number", static_cast<double>(j)))));
    return {nullptr, "", static_cast<double>(keys - j), e.to_json(static_cast<double>(keys - j))};
}

Expr scaled_of(int k) { return div(sub(operand(k), constant(robot::kScaleCentre, "50")), constant(robot::kScaleSpan, "25")); }

std::string weight_formula(long j, bool shifted) {
    return shifted ? "w" + sub(j) + " = e^(s" + sub(j) + " − m) / Σⱼ e^(sⱼ − m)" : "w" + sub(j) + " = e^s" + sub(j) + " / Σⱼ e^sⱼ";
}

json weight_strip_pictures(const json& weights) {
    return {{"weight_strip", {{"weights", weights}, {"values", {{"ref", {{"kind", "inner"}, {"name", "reading"}}}, {"from", "patch"}}}}}};
}

std::string reading_source(long tick, long patch, long keys) {
    return tick >= patch && tick < patch + keys ? "pictured" : "result";
}

}  // namespace attn::lesson_robot
