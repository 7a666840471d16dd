#pragma once
// What the attention lesson's demos share (docs/architecture.md, "A lesson's folder"); the
// block lesson starts from the same example.
#include <vector>

#include "demo/params.hpp"

namespace attn::lesson_attention {

// The lesson's example sequence: three tokens with two features each.
std::vector<std::vector<double>> example_tokens();

// The tokens X, Q = K = V = X, as the worked example and the causal mask take them.
ParamSpec tokens_param();

}  // namespace attn::lesson_attention
