#pragma once
// What is known of a trained network whose weights are not loaded: the figures
// the native trainer recorded when it made the weights. A page that loads a
// large weights file only on request starts from this instead.
//   {"format": "attn-nn-summary", "version": 1, "model": "plain-256",
//    "parameters": 91138, "misses": {"4": cm, "6": cm}, "training": {...}}
// The site build derives it from the weights file through summarize_weights
// (`attn summary`), so the figures have one source: the weights file.
#include <string>

#include <nlohmann/json.hpp>

#include "worlds/table/scene.hpp"

namespace attn::models {

struct ModelSummary {
    std::string slot;         // "find/plain-256"
    table::Task task = table::Task::Find;
    std::string model;        // "plain-256"
    long parameters = 0;      // the weights file's count, equal to the architecture's
    double miss_4_cm = 0;     // mean miss on 2,000 new scenes of 4 objects [cm]
    double miss_6_cm = 0;     // and of 6 objects [cm]
    nlohmann::json training;  // how the weights were made (seed, rate, epochs, time), or null
};

// Reads a summary for `slot`. Anything wrong (not JSON, another format or
// version, an unknown field, a network other than the slot's, a parameter count
// other than that network's, misses that are not distances) is a ParamError on
// "summary" that says what; a bad slot name is a ParamError on "slot".
ModelSummary parse_model_summary(const std::string& slot, const std::string& summary_json);

// The summary of a weights file for `slot`, as parse_model_summary reads it back;
// the file is checked as loading it checks it (models/model_store.hpp).
nlohmann::json summarize_weights(const std::string& slot, const std::string& weights_json);

}  // namespace attn::models
