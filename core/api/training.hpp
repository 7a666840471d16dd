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
// -> {"ok": true, "total_steps", "steps_per_epoch", "epochs", "lr", "parameters", "parts", "block"}
std::string train_start_json(const std::string& config_json);

// Takes up to `steps` more steps.
// -> {"ok": true, "epoch", "step", "total_steps", "loss", "epoch_loss", "done", "failed", "message"}
std::string train_advance_json(double steps);

// The trained (or last good) weights and the misses on 2,000 new scenes of 4 and of 6 objects.
// -> {"ok": true, "task", "model", "weights": {...}, "misses": {"4": cm, "6": cm}}
std::string train_result_json();

// Training across Web Workers (web/runtime/train-worker.js, nn/batch_parts.hpp):
// every worker starts the same training with train_start_json, whose answer
// also gives "parts" and "block" (floats per gradient block), so each holds the
// same scenes, weights and Adam. Each step, worker w computes its block of
// parts and sends it to the others; every worker puts all blocks in the
// exchange (`parts` blocks in this module's memory that the JavaScript side
// reads and writes: train_exchange_data and _size) and takes the same step.
//
// Exchange block `slot` <- the gradient of parts [first, first + count) of step
// `step`'s batch, then their sum of squared errors.  -> {"ok": true}
std::string train_parts_gradient_json(double step, double first, double count, double slot);
// Sums the exchange's first `blocks` blocks, in part order, and takes the step.
// -> progress, as train_advance_json
std::string train_step_json(double blocks);
float* train_exchange_data();
long train_exchange_size();

}  // namespace attn
