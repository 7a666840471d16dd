#pragma once
// Training one of the table lesson's networks, a few steps at a time, so that a
// Web Worker can report progress and stop when told. JSON text in, JSON text
// out; nothing here throws. Errors have the shape of api/demos.hpp.
#include <string>

namespace attn {

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
