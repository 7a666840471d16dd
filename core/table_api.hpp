#pragma once
// The table lesson's surface beyond demos: loading trained networks and
// training one, a few steps at a time (so a Web Worker can report progress and
// stop when told). JSON text in, JSON text out; nothing here throws. Errors
// have the shape of api.hpp: {"ok": false, "error": {"param", "message"}}. Every
// text is checked against json_limits.hpp (4 MB, 64 levels) before it is parsed.
#include <string>

namespace attn {

// Stores the weights file's network under `slot` ("find/lookup").
// -> {"ok": true, "slot", "model", "parameters": N, "misses": {"4", "6"} when the file has them}
std::string load_model_json(const std::string& slot, const std::string& weights_json);

// Stores a summary (nn_models/model_summary.hpp) for `slot`, whose weights load
// on request: the demos show its recorded figures until they do.
// -> {"ok": true, "slot", "model", "parameters": N, "misses": {"4", "6"}}
std::string load_model_summary_json(const std::string& slot, const std::string& summary_json);

// {"ok": true, "slots": ["find/lookup", ...]}
std::string list_models_json();

// Starts a training, replacing any running one of this module instance; a refused
// one leaves none, so trainAdvance then answers "no training has been started".
// config: {"task", "model", "seed", "lr", "epochs"} as declared by training::training_params();
// lr and epochs absent or 0 stand for the lesson's choices.
// -> {"ok": true, "total_steps", "steps_per_epoch", "epochs", "lr", "parameters"}
std::string train_start_json(const std::string& config_json);

// Takes up to `steps` more steps.
// -> {"ok": true, "epoch", "step", "total_steps", "loss", "epoch_loss", "done", "failed", "message"}
std::string train_advance_json(double steps);

// The trained (or last good) weights and the misses on 2,000 new scenes of 4 and of 6 objects.
// -> {"ok": true, "task", "model", "weights": {...}, "misses": {"4": cm, "6": cm}}
std::string train_result_json();

}  // namespace attn
