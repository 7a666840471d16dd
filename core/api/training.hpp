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
// The scenes' distances already in the misses exchange for these weights (below) are summed
// as they are; the others are measured here.
std::string train_result_json();

// The misses shared by the training's workers: the misses exchange holds each test scene's
// distance [m], the 2,000 scenes of 4 objects then the 2,000 of 6 (train_misses_data and _size).
// Share `share` of `shares` (equal runs of each set, in order) measures its scenes into it.
// -> {"ok": true, "ranges": [[offset, count], [offset, count]]}: where in the exchange they went.
// Worker 0 measures its share, then puts the others' ranges into its own exchange, and
// train_result_json sums them all in scene order: the bits of one worker. Distances count only
// while the weights are those they were measured for: a step or a new training empties the
// exchange at the next measure.
std::string train_misses_json(double share, double shares);
double* train_misses_data();
long train_misses_size();

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
