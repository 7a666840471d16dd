#pragma once
// The trained networks a page or the command line has loaded, by slot.
//
// A slot is "task/model", e.g. "find/lookup" or "nearest/transformer-2": the
// same architecture trained for another task is another network. A weights
// file is the text of nn/weights_json.hpp, optionally with two more fields the
// lesson's pretrained files carry:
//   "misses":   {"4": cm, "6": cm}  its measured mean miss with 4 and 6 objects
//   "training": {...}               how it was made (seed, rate, epochs, time)
// A slot whose weights load only on request may hold a summary meanwhile
// (models/model_summary.hpp): the figures recorded when its weights were made.
// One store per module instance: a Web Worker owns its own.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/model_summary.hpp"
#include "nn/network.hpp"
#include "worlds/table/scene.hpp"

namespace attn::models {

struct StoredModel {
    std::string slot;                      // "find/lookup"
    table::Task task = table::Task::Find;
    std::unique_ptr<nn::Network<float>> net;
    double miss_4_cm = 0;                  // mean miss with 4 objects: the file's "misses", or measured on load [cm]
    double miss_6_cm = 0;                  // the same with 6 objects [cm]
    bool misses_recorded = false;          // true when the file carried them
    nlohmann::json training;               // the file's "training", or null
};

// "find/lookup" -> the task and the model name; anything else is a ParamError on `param`.
struct SlotName {
    table::Task task;
    std::string model;
};
SlotName parse_slot(const std::string& slot, const std::string& param = "slot");

class ModelStore {
public:
    // Loads `weights_json` into `slot`. A bad file, or one that holds another
    // architecture than the slot names, is a ParamError on "weights" (or on
    // "slot" for a bad slot name) and leaves the slot as it was.
    const StoredModel& store(const std::string& slot, const std::string& weights_json);
    // nullptr when the slot is empty.
    const StoredModel* find(const std::string& slot) const;
    // The filled slots, sorted.
    std::vector<std::string> slots() const;

    // Keeps `summary_json` for `slot`, beside its network if it has one. A bad
    // summary is a ParamError (parse_model_summary) and leaves the slot as it was.
    const ModelSummary& store_summary(const std::string& slot, const std::string& summary_json);
    // nullptr when the slot has no summary.
    const ModelSummary* find_summary(const std::string& slot) const;

    void clear() {
        models_.clear();
        summaries_.clear();
    }

private:
    std::map<std::string, StoredModel> models_;
    std::map<std::string, ModelSummary> summaries_;
};

// The store of this module instance.
ModelStore& model_store();

// The network in `slot` of `models`, or a ComputeError "the trained network <slot> is not loaded yet".
const StoredModel& require_model(const ModelStore& models, const std::string& slot);

}  // namespace attn::models
