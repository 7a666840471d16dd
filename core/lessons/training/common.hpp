#pragma once
// What the training lesson shares (docs/architecture.md, "A lesson's folder"): the
// settings of one training run, declared once: the training-plan demo
// builds the page's controls from them, and starting a training validates
// against the same declarations.
#include <vector>

#include "nn/trainer.hpp"
#include "demo/params.hpp"

namespace attn::training {

std::vector<ParamSpec> training_params();

// A validated TrainConfig; lr 0 and epochs 0 stand for the lesson's choices.
nn::TrainConfig config_from(const Params& p);

}  // namespace attn::training
