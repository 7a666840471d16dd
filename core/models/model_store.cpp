#include "models/model_store.hpp"

#include <cmath>

#include "base/error.hpp"
#include "base/json_limits.hpp"
#include "nn/trainer.hpp"
#include "nn/weights_json.hpp"

namespace attn::models {

using nn::load_weights_json;
using nn::miss_cm;
using nn::network_names;
using table::parse_task;

namespace {

using json = nlohmann::json;

// The lesson's extra fields, read and removed before the strict loader sees the file.
// std::nullopt when the file does not give that figure.
std::optional<double> miss_field(const json& misses, const char* objects) {
    if (!misses.contains(objects)) return std::nullopt;
    const json& v = misses[objects];
    if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0)
        refuse_file("weights",
                    std::string("\"misses\" \"") + objects + "\" must be a distance in cm (a number from 0)");
    return v.get<double>();
}

}  // namespace

SlotName parse_slot(const std::string& slot, const std::string& param) {
    const auto slash = slot.find('/');
    if (slash == std::string::npos)
        throw ParamError(param, "a slot is written task/model, such as find/lookup (got \"" + slot + "\")");
    SlotName s{parse_task(slot.substr(0, slash), param), slot.substr(slash + 1)};
    const nn::NetworkEntry* entry = nn::find_network(s.model);
    if (!entry || entry->input != nn::NetworkInput::TableScene)
        throw ParamError(param, "unknown network \"" + s.model + "\" in slot \"" + slot + "\" (choose " +
                                    nn::network_choices_text() + ")");
    return s;
}

const StoredModel& ModelStore::store(const std::string& slot, const std::string& weights_json) {
    const SlotName name = parse_slot(slot);
    StoredModel m;
    m.slot = slot;
    m.task = name.task;
    json_limits::check_json_text(weights_json, "weights", "the weights file");  // before parse and dump recurse
    json doc;
    try {
        doc = json::parse(weights_json);
    } catch (const json::exception&) {
        load_weights_json(weights_json);  // throws the loader's own message for text that is not JSON
        refuse_file("weights", "the file is not valid JSON");
    }
    if (doc.is_object()) {
        if (doc.contains("misses")) {
            if (!doc["misses"].is_object())
                refuse_file("weights", "\"misses\" must be an object such as {\"4\": 0.25, \"6\": 0.26}");
            const std::optional<double> four = miss_field(doc["misses"], "4"), six = miss_field(doc["misses"], "6");
            if (four && six) {
                m.miss_4_cm = *four;
                m.miss_6_cm = *six;
                m.misses_recorded = true;
            }
            doc.erase("misses");
        }
        if (doc.contains("training")) {
            m.training = doc["training"];
            doc.erase("training");
        }
    }
    m.net = load_weights_json(doc.dump());
    if (m.net->name() != name.model)
        refuse_file("weights",
                    "the file holds a " + m.net->name() + " network but slot " + slot + " needs " + name.model);
    // [snippet:table-misses]
    // A network's test: the mean distance between its answers and the truth on
    // 2,000 new scenes (nn::miss_cm), with 4 objects as in training and with 6.
    // Measured once, here, so that the demos only read it; a pretrained file
    // carries the figures the native trainer measured when it made the weights.
    if (!m.misses_recorded) {
        m.miss_4_cm = miss_cm(*m.net, m.task, 4);
        m.miss_6_cm = miss_cm(*m.net, m.task, 6);
    }
    // [/snippet]
    StoredModel& kept = models_[slot];  // only now, when everything has been checked
    kept = std::move(m);
    return kept;
}

const StoredModel* ModelStore::find(const std::string& slot) const {
    const auto it = models_.find(slot);
    return it == models_.end() ? nullptr : &it->second;
}

std::vector<std::string> ModelStore::slots() const {
    std::vector<std::string> out;
    for (const auto& entry : models_) out.push_back(entry.first);
    return out;
}

const ModelSummary& ModelStore::store_summary(const std::string& slot, const std::string& summary_json) {
    ModelSummary s = parse_model_summary(slot, summary_json);  // before the slot changes: a bad one leaves it as it was
    return summaries_[slot] = std::move(s);
}

const ModelSummary* ModelStore::find_summary(const std::string& slot) const {
    const auto it = summaries_.find(slot);
    return it == summaries_.end() ? nullptr : &it->second;
}

ModelStore& model_store() {
    static ModelStore store;
    return store;
}

const StoredModel& require_model(const ModelStore& models, const std::string& slot) {
    const StoredModel* m = models.find(slot);
    if (!m) throw ComputeError("the trained network " + slot + " is not loaded yet");
    return *m;
}

}  // namespace attn::models
