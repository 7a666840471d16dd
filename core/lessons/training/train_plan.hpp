#pragma once
#include "demo/demo.hpp"

namespace attn::training {

Demo train_plan();  // the settings of a training run and what they add up to

}  // namespace attn::training
