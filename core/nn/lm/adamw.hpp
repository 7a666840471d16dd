#pragma once
// AdamW, the language model's optimiser: nn::Adam given a weight decay
// (nn/adam.hpp holds the one update both use, and the rule for what decays).
#include "nn/adam.hpp"

namespace attn::nn::lm {

template <typename T>
using AdamW = Adam<T>;

}  // namespace attn::nn::lm
