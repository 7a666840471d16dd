#include "api/models.hpp"

#include <nlohmann/json.hpp>

#include "api/api_json.hpp"
#include "base/json_limits.hpp"
#include "models/model_store.hpp"

namespace attn {

using api_json::guarded;
using json = nlohmann::json;

std::string load_model_json(const std::string& slot, const std::string& weights_json) {
    return guarded([&] {
        json_limits::check_json_text(weights_json, "weights", "the weights file");
        const models::StoredModel& m = models::model_store().store(slot, weights_json);
        json out = {{"ok", true}, {"slot", slot}, {"model", m.net->name()}, {"parameters", m.net->parameter_count()}};
        out["misses"] = {{"4", m.miss_4_cm}, {"6", m.miss_6_cm}};
        out["misses_recorded"] = m.misses_recorded;
        return out;
    });
}

std::string load_model_summary_json(const std::string& slot, const std::string& summary_json) {
    return guarded([&] {
        json_limits::check_json_text(summary_json, "summary", "the summary");
        const models::ModelSummary& s = models::model_store().store_summary(slot, summary_json);
        return json{{"ok", true}, {"slot", slot}, {"model", s.model}, {"parameters", s.parameters},
                    {"misses", {{"4", s.miss_4_cm}, {"6", s.miss_6_cm}}}};
    });
}

std::string list_models_json() {
    return guarded([] { return json{{"ok", true}, {"slots", models::model_store().slots()}}; });
}

}  // namespace attn
