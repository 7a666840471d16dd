#pragma once
// How the attention lesson's demos computed each value they show (explain/explanation.hpp),
// registered in explained.cpp.
#include "explain/explainers.hpp"

namespace attn::lesson_attention {

json explain_worked_example(const Params& p, const json& ref);
json explain_softmax_scaling(const Params& p, const json& ref);
json explain_causal_mask(const Params& p, const json& ref);
json explain_attention_cost(const Params& p, const json& ref);
json explain_multi_head(const Params& p, const json& ref);
json explain_self_vs_cross(const Params& p, const json& ref);

}  // namespace attn::lesson_attention
