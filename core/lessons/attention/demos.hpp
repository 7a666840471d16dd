#pragma once
// Demos of the lesson "Attention and self-attention" (lessons/attention).
#include "demo/demo.hpp"
#include "lessons/attention/common.hpp"

namespace attn::lesson_attention {

Demo worked_example();    // 3 tokens x 2 dims, Q = K = V = X
Demo softmax_scaling();   // the same scores at two scales
Demo causal_mask_demo();  // looking only at the past
Demo multi_head();        // split, attend per head, concatenate
Demo attention_cost();    // the T x T table as T grows
Demo self_vs_cross();     // one sequence, or queries from one and keys/values from another


}  // namespace attn::lesson_attention
