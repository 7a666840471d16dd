#pragma once
// How the table lesson's demos computed each value they show (explain/explanation.hpp), registered in
// explained.cpp. Their operands go down to the trained network's own weights (`source` "weight", a
// reference {"kind": "weight", "slot", "tensor", "row", "col"} as the weights file names the tensor)
// and to the scene drawn from the learner's seed (`given` "random").
#include <functional>

#include "explain/explainers.hpp"
#include "explain/explanation.hpp"
#include "lessons/table/common.hpp"

namespace attn::lesson_table {

json explain_table_tokens(const Params& p, const json& ref);
json explain_table_hand(const Params& p, const json& ref);
json explain_table_lab(const Params& p, const json& ref);
json explain_table_order(const Params& p, const json& ref);
json explain_table_compare(const Params& p, const json& ref);
json explain_table_layers(const Params& p, const json& ref);
json explain_act_sizes(const Params& p, const json& ref);

// A trained network's parameters (its tensors' sizes added up) and its misses measured on 2,000 new
// scenes with 4 or 6 objects (given "measured"), for the network in `slot` (network_explain.cpp).
json explain_parameters(const json& ref, const std::string& slot, const std::string& step);
// "the Transformer-2": the network in `slot` ("nearest/transformer-2") as the lessons name it. Not "the lesson's":
// the slot may hold weights the learner trained or opened.
std::string network_words(const std::string& slot);
json explain_measured_miss(const json& ref, const std::string& slot, int objects, const std::string& step);
// "the answer's x [m]" for c = 0: a distance's operands name their axis, as its two of each kind are otherwise alike.
inline std::string axis_words(long c, const std::string& before, const std::string& after) { return before + (c ? "y" : "x") + after; }
// The printed count of objects a miss was measured with (4 or 6): a number the measurement fixed.
explain::Explanation objects_count(const json& ref, int objects, const std::string& step);

// The Lookup's attention worked by hand (lookup_by_hand), one value at a time. A step is named
// ("token", "object", "asked", "query", "key", "value", "score", "weight", "mixed", "projected",
// "answer") with the object `row` and the component `col`; each demo says where it shows a step
// (a table cell) or leaves it worked out (an "inner" reference {"kind": "inner", "name", "row", "col"}).
struct LookupSteps {
    TableScene scene;
    const nn::Lookup<float>& net;
    HandAttention hand;
    std::string slot;
    // The reference of step `name` at (row, col) on this demo's page.
    std::function<json(const std::string& name, long row, long col)> where;
    // Token (row, col) when the demo shows the objects' places (the lab's table, in cm): its explanation.
    std::function<json(const json& ref, long row, long col)> token;
};
LookupSteps lookup_steps(const Params& p, const std::string& slot);
// The explanation of step `name` at (row, col), referred to by `ref`, with the value `value` (the
// hand-worked one when NaN). Throws ParamError("ref", ...) for a step outside the scene.
json explain_lookup_step(const LookupSteps& l, const json& ref, const std::string& name, long row, long col,
                         double value = NAN);
// An "inner" reference's step of the Lookup, its row and column checked against the scene.
json explain_lookup_inner(const LookupSteps& l, const json& ref);
// A trained number: {"kind": "weight", "slot", "tensor", "row", "col"} (a bias is row 0).
json explain_lookup_weight(const LookupSteps& l, const json& ref);
extern const std::string kWeightStepName;
json inner_ref(const std::string& name, long row, long col);

}  // namespace attn::lesson_table
