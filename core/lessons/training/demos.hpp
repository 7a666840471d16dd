#pragma once
// The demo of the training page: the settings of a training run (lessons/training).
#include "demo/demo.hpp"
#include "lessons/training/common.hpp"

namespace attn::training {

Demo train_plan();  // the settings of a training run and what they add up to

}  // namespace attn::training
