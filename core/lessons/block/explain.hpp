#pragma once
// How the block lesson's demos computed each value they show (explain/explanation.hpp),
// registered in explained.cpp.
#include "explain/explainers.hpp"

namespace attn::lesson_block {

json explain_block_residual(const Params& p, const json& ref);
json explain_block_layer_norm(const Params& p, const json& ref);
json explain_block_feed_forward(const Params& p, const json& ref);
json explain_block_stack(const Params& p, const json& ref);

}  // namespace attn::lesson_block
