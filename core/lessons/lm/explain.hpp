#pragma once
// How the language model lesson's demos computed each value they show (explain/explanation.hpp),
// registered in explained.cpp. Trained numbers are operands of kind "weight" ({"kind": "weight",
// "slot": "lm/shipped", "tensor", "row", "col"}, the tensor as the network names its parameter); a
// value the network's earlier layers computed (a block's normalised input, the last place's final
// vector) is an "inner" reference given "forward": its own arithmetic is not worked out here.
#include "explain/explainers.hpp"
#include "explain/explanation.hpp"
#include "lessons/lm/demos.hpp"

namespace attn::lesson_lm {

json explain_lm_embed(const Params& p, const json& ref);
json explain_lm_head(const Params& p, const json& ref);
json explain_lm_next(const Params& p, const json& ref);
json explain_lm_heads(const Params& p, const json& ref);

constexpr const char* kShippedSlot = "lm/shipped";
// An operand that is one trained number of `w` (a bias, one row: `row` 0).
int weight_operand(explain::Explanation& e, const nn::Param<float>& w, long row, long col, const std::string& label);
// {"kind": "weight", ...}: the trained number, given "weight".
json explain_weight(const json& ref);
// A size of the network, fixed when it was made (its width, context, blocks, heads, characters): given "shape".
json network_size(const json& ref, const std::string& what, double value);
// The places the network reads: the prompt's characters, at most the context's (prompt_window); the
// context an operand when the demo shows it (`context_shown`: its number "context"), else a constant.
json places_read(const ShippedNetwork& net, const Params& p, const json& ref, const std::string& step, bool context_shown);

}  // namespace attn::lesson_lm
