#include "models/model_summary.hpp"

#include <cmath>

#include "base/error.hpp"
#include "base/json_limits.hpp"
#include "math/rng.hpp"
#include "models/model_store.hpp"
#include "nn/network.hpp"

namespace attn::models {
namespace {

using json = nlohmann::json;

constexpr const char* kFormat = "attn-nn-summary";
constexpr int kVersion = 1;

double recorded_miss(const json& misses, const char* objects) {
    if (!misses.contains(objects)) refuse_file("summary", std::string("\"misses\" has no \"") + objects + "\"");
    const json& v = misses[objects];
    if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0)
        refuse_file("summary",
                    std::string("\"misses\" \"") + objects + "\" must be a distance in cm (a number from 0)");
    return v.get<double>();
}

// The architecture's own count: the summary's must agree, or it describes another network.
long architecture_parameters(const std::string& model) {
    Rng rng(0);  // the values drawn are thrown away; only the shapes count
    return nn::make_network<float>(model, rng)->parameter_count();
}

}  // namespace

ModelSummary parse_model_summary(const std::string& slot, const std::string& summary_json) {
    const SlotName name = parse_slot(slot);
    json_limits::check_json_text(summary_json, "summary", "the summary");
    json doc;
    try {
        doc = json::parse(summary_json);
    } catch (const json::exception&) {
        refuse_file("summary", "the file is not valid JSON");
    }
    if (!doc.is_object()) refuse_file("summary", "the file must be a JSON object");
    for (const auto& field : doc.items()) {
        const std::string& key = field.key();
        if (key != "format" && key != "version" && key != "model" && key != "parameters" && key != "misses" &&
            key != "training")
            refuse_file("summary", "unknown field \"" + key + "\"");
    }
    if (doc.value("format", json()) != kFormat)
        refuse_file("summary", std::string("\"format\" must be \"") + kFormat + "\"");
    if (doc.value("version", json()) != kVersion)
        refuse_file("summary", "\"version\" must be " + std::to_string(kVersion));
    if (!doc.contains("model") || !doc["model"].is_string()) refuse_file("summary", "\"model\" must name a network");
    const std::string model = doc["model"];
    if (model != name.model)
        refuse_file("summary", "the file describes a " + model + " network but slot " + slot + " needs " + name.model);

    const long expected = architecture_parameters(name.model);
    if (!doc.contains("parameters") || !doc["parameters"].is_number_integer())
        refuse_file("summary", "\"parameters\" must be a whole number");
    // Compared as JSON numbers: get<long>() would wrap 2^32 + 1442 to 1442 where long is 32 bits.
    if (doc["parameters"] != json(expected))
        refuse_file("summary", "\"parameters\" is " + doc["parameters"].dump() + " but a " + model + " network has " +
                                   std::to_string(expected));

    if (!doc.contains("misses") || !doc["misses"].is_object())
        refuse_file("summary", "\"misses\" must be an object such as {\"4\": 0.25, \"6\": 0.26}");
    ModelSummary s;
    s.slot = slot;
    s.task = name.task;
    s.model = model;
    s.parameters = expected;
    s.miss_4_cm = recorded_miss(doc["misses"], "4");
    s.miss_6_cm = recorded_miss(doc["misses"], "6");
    if (doc.contains("training")) {
        if (!doc["training"].is_object()) refuse_file("summary", "\"training\" must be an object");
        s.training = doc["training"];
    }
    return s;
}

}  // namespace attn::models

namespace attn::models {

nlohmann::json summarize_weights(const std::string& slot, const std::string& weights_json) {
    ModelStore scratch;  // loading checks the file, and measures its misses if it has none
    const StoredModel& m = scratch.store(slot, weights_json);
    return {{"format", kFormat},     {"version", kVersion},
            {"model", m.net->name()}, {"parameters", m.net->parameter_count()},
            {"misses", {{"4", m.miss_4_cm}, {"6", m.miss_6_cm}}}, {"training", m.training}};
}

}  // namespace attn::models
