// The stacked blocks demo's sentence numbers: the feed-forward weights per block and in all, the
// largest distance between two tokens before the first block (from the tokens the learner set) and
// after the last (from the output table), and the closest two tokens' distance at the end. The
// output table's cells, made by every block in turn, are not explained here yet (docs/explain.md).
#include <cmath>
#include <string>

#include "base/error.hpp"
#include "explain/explanation.hpp"
#include "lessons/block/explain.hpp"
#include "math/block.hpp"

namespace attn::lesson_block {
namespace {

using namespace explain;

const std::string kWeightsStep = "Stacking blocks: each block has its own feed-forward weights, W₁ (d × 2d) and W₂ (2d × d)";
const std::string kSpreadStep = "Stacking blocks: how far apart the tokens are";

struct Stack {
    Matrix X, out;
    int blocks;
};

Stack stacked(const Params& p) {
    Stack s{p.matrix("X"), {}, p.integer("blocks")};
    const BlockSwitches switches{p.boolean("residual"), p.boolean("norm")};
    s.out = s.X;
    for (int b = 0; b < s.blocks; ++b) s.out = encoder_block(s.out, b, switches);
    return s;
}

// √Σ꜀ (aᵢ꜀ − aⱼ꜀)², with aᵢ꜀ the operand `at(i, c)` adds.
template <class At>
Expr distance(long i, long j, long d, At at) {
    std::vector<Expr> terms;
    for (long c = 0; c < d; ++c) terms.push_back(square(sub(operand(at(i, c)), operand(at(j, c)))));
    return sqrt(sum(std::move(terms)));
}

// The largest (or smallest) distance between two rows of X (`input`) or of the output.
json spread(const Stack& s, const json& ref, bool input, bool closest) {
    const Matrix& m = input ? s.X : s.out;
    const long T = static_cast<long>(m.rows()), d = static_cast<long>(m.cols());
    const std::string which = closest ? "the smallest" : "the largest";
    Explanation e(ref, which + " distance between two tokens " + (input ? "before the first block" : "after the last block"),
                  kSpreadStep, std::string(closest ? "min" : "max") + " over i < j of ‖" + (input ? "x" : "y") + "ᵢ − " + (input ? "x" : "y") + "ⱼ‖",
                  which + " of the distances between every two tokens, each the square root of the sum of the squared differences of their features");
    const auto at = [&](long i, long c) {
        const std::string where = "[" + std::to_string(i) + "][" + std::to_string(c) + "]";
        return input ? e.add(param_ref("X", i, c), "X" + where + ", which you set", m(i, c), "param")
                     : e.add(table_ref("output", i, c), "the output" + where, m(i, c));
    };
    if (T < 2) {  // as the demo: 0, with no two tokens to compare
        e.expression(constant(0, "0 (one token: no two to compare)"));
        return e.to_json(0);
    }
    std::vector<Expr> pairs;
    double value = closest ? INFINITY : 0;
    for (long i = 0; i < T; ++i)
        for (long j = i + 1; j < T; ++j) {
            pairs.push_back(distance(i, j, d, at));
            const double dij = (m.row(i) - m.row(j)).norm();
            value = closest ? std::min(value, dij) : std::max(value, dij);
        }
    e.expression(closest ? min_of(std::move(pairs)) : max_of(std::move(pairs)));
    return e.to_json(value);
}

json row0(const Stack& s, const json& ref) {
    const long d = static_cast<long>(s.out.cols());
    if (!ref.contains("index")) {
        std::vector<json> items;
        std::vector<double> values;
        for (long c = 0; c < d; ++c) items.push_back(item_ref("row0_output", c)), values.push_back(s.out(0, c));
        return Explanation(ref, "token 0 after the last block", kSpreadStep, "", "").list(items, values).to_json(values.front());
    }
    const long c = ref_index(ref, "index", d);
    return Explanation(ref, "feature " + std::to_string(c) + " of token 0 after the last block", kSpreadStep, "y₀" + sub(c), "")
        .same_as(table_ref("output", 0, c), "the output[0][" + std::to_string(c) + "]", s.out(0, c))
        .to_json(s.out(0, c));
}

}  // namespace

json explain_block_stack(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", json::array()},
                {"numbers", {"weights_per_block", "weights_total", "spread_input_text", "spread_output_text",
                             "closest_output_text", "row0_output"}},
                {"printed", false}};
    const Stack s = stacked(p);
    const double d = static_cast<double>(s.X.cols());
    if (kind == "param") {
        const std::string name = ref_text(ref, "name");
        if (name == "blocks")
            return Explanation(ref, "the blocks", "Your setting", "blocks", "a value you set").given("param", s.blocks).to_json(s.blocks);
        if (name != "X") throw ParamError("ref", "the stacked blocks demo has no number you set called \"" + name + "\"");
        const long r = ref_index(ref, "row", s.X.rows()), c = ref_index(ref, "col", s.X.cols());
        return Explanation(ref, "X[" + std::to_string(r) + "][" + std::to_string(c) + "]", "Your input: the tokens X",
                           "X" + sub(r, c), "a value you set")
            .given("param", s.X(r, c))
            .to_json(s.X(r, c));
    }
    if (kind != "number") throw ParamError("ref", "the stacked blocks demo has no value of kind \"" + kind + "\"");
    const std::string name = ref_text(ref, "name");
    if (name == "weights_per_block") {
        Explanation e(ref, "the feed-forward weights of one block", kWeightsStep, "d × 2d + 2d × d = 4 d²",
                      "W one has d times 2d weights and W two 2d times d, 4 d squared in all, with d the features per token");
        e.expression(mul(mul(constant(4), constant(d, "d")), constant(d, "d")));
        return e.to_json(4 * d * d);
    }
    if (name == "weights_total") {
        Explanation e(ref, "the feed-forward weights of every block", kWeightsStep, "4 d² × blocks", "the weights of one block times the blocks");
        e.expression(mul(operand(e.add(number_ref("weights_per_block"), "the weights of one block", 4 * d * d)),
                         operand(e.add(param_ref("blocks"), "the blocks, which you set", s.blocks, "param"))));
        return e.to_json(4 * d * d * s.blocks);
    }
    if (name == "spread_input_text") return spread(s, ref, true, false);
    if (name == "spread_output_text") return spread(s, ref, false, false);
    if (name == "closest_output_text") return spread(s, ref, false, true);
    if (name == "row0_output") return row0(s, ref);
    throw ParamError("ref", "the stacked blocks demo does not explain a number called \"" + name + "\"");
}

}  // namespace attn::lesson_block
