// The stacked blocks demo's sentence numbers: the feed-forward weights per block and in all, the
// largest distance between two tokens before the first block (from the tokens the learner set) and
// after the last (from the output table), and the closest two tokens' distance at the end; the output
// table's cells and the spread chart's points, through every block in turn.
#include <cmath>
#include <string>

#include "base/error.hpp"
#include "explain/explanation.hpp"
#include "lessons/block/explain.hpp"
#include "math/attention.hpp"
#include "math/block.hpp"
#include <algorithm>
#include <iterator>

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

// √Σₖ (aᵢₖ − aⱼₖ)², with aᵢₖ the operand `at(i, k)` adds.
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


// Every block in turn (math/block.cpp, encoder_block), one value at a time: block b reads x (X for
// the first, else the block before's output) and writes, row by row, the attention's scores,
// weights and output, the first residual sum, its layer norm h, the feed-forward's hidden values and
// output, the second residual sum and its layer norm y. A step is an `inner` reference
// {"kind": "inner", "name", "block", "row", "col"}; the last block's y is the output table.
const std::string kBlockStep = "Stacking blocks: each block is attention, add, norm, feed-forward, add, norm";
const char* const kSteps[] = {"score", "weight", "attention", "added", "h", "hidden", "ff", "added2", "y"};

struct Chain {
    Matrix X;
    int blocks;
    BlockSwitches on;
    // For each block: its input and each step's values.
    std::vector<Matrix> in, score, weight, attention, added, h, hidden, ff, added2, y;
    const Matrix& of(const std::string& step, long b) const {
        if (step == "score") return score[b];
        if (step == "weight") return weight[b];
        if (step == "attention") return attention[b];
        if (step == "added") return added[b];
        if (step == "h") return h[b];
        if (step == "hidden") return hidden[b];
        if (step == "ff") return ff[b];
        if (step == "added2") return added2[b];
        return y[b];
    }
};

Chain chain_of(const Params& p) {
    Chain c{p.matrix("X"), p.integer("blocks"), {p.boolean("residual"), p.boolean("norm")}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}};
    Matrix x = c.X;
    const int d = static_cast<int>(x.cols());
    const auto sublayer = [&](const Matrix& in, const Matrix& f) {
        const Matrix a = c.on.residual ? Matrix(in + f) : f;
        return std::pair<Matrix, Matrix>{a, c.on.norm ? layer_norm_rows(a) : a};
    };
    for (int b = 0; b < c.blocks; ++b) {
        const AttentionResult att = scaled_dot_product_attention(x, x, x);
        c.in.push_back(x), c.score.push_back(att.scores), c.weight.push_back(att.weights), c.attention.push_back(att.output);
        auto [a1, h] = sublayer(x, att.output);
        c.added.push_back(a1), c.h.push_back(h);
        c.hidden.push_back(relu(h * block_w1(d, b)));
        c.ff.push_back(feed_forward(h, block_w1(d, b), block_w2(d, b)));
        auto [a2, y] = sublayer(h, c.ff.back());
        c.added2.push_back(a2), c.y.push_back(y);
        x = y;
    }
    return c;
}

json step_ref(const std::string& name, long b, long i, long col) {
    return {{"kind", "inner"}, {"name", name}, {"block", b}, {"row", i}, {"col", col}};
}

// Where the page has block b's input x[i][c] and output y[i][c]: what you set, the output table, or worked out.
int input_operand(Explanation& e, const Chain& c, long b, long i, long col) {
    const std::string at = "[" + std::to_string(i) + "][" + std::to_string(col) + "]";
    if (b == 0) return e.add(param_ref("X", i, col), "X" + at + ", which you set", c.X(i, col), "param");
    return e.add(b == c.blocks ? table_ref("output", i, col) : step_ref("y", b - 1, i, col), "block " + std::to_string(b) + "'s output" + at,
                 c.y[b - 1](i, col));
}
int step_operand(Explanation& e, const Chain& c, const std::string& name, long b, long i, long col) {
    if (name == "y") return input_operand(e, c, b + 1, i, col);
    const std::string at = "[" + std::to_string(i) + "][" + std::to_string(col) + "]", block = "block " + std::to_string(b + 1);
    // The code's one `added` (encoder_block's sub-layer) is two steps here: the label says which sub-layer's.
    const std::string label = name == "added"    ? "added" + at + " of " + block + "'s attention sub-layer"
                              : name == "added2" ? "added" + at + " of " + block + "'s feed-forward sub-layer"
                                                 : name + at + " of " + block;
    return e.add(step_ref(name, b, i, col), label, c.of(name, b)(i, col));
}

// A fixed weight of the block (math/block.cpp, pattern_weights) as a number in the arithmetic.
Expr fixed(double w) { return constant(w, w < 0 ? "(" + printed(w) + ")" : printed(w)); }

// (aᵢₖ − mean) / √(var + ε) over the row's operands `a`.
Expr normalised(const std::vector<Expr>& a, long col) {
    const double d = static_cast<double>(a.size());
    const auto mean = [&] { return div(sum(a), constant(d)); };
    std::vector<Expr> squares;
    for (const Expr& x : a) squares.push_back(square(sub(x, mean())));
    return div(sub(a[static_cast<std::size_t>(col)], mean()), sqrt(add(div(sum(std::move(squares)), constant(d)), constant(kLayerNormEps, "ε"))));
}

json chain_step(const Chain& c, const json& ref, const std::string& name, long b, long i, long col) {
    const long T = c.X.rows(), d = c.X.cols();
    const std::string where = "block " + std::to_string(b + 1) + ", token " + std::to_string(i);
    const auto row_of = [&](Explanation& e, const std::string& step, long row) {
        std::vector<Expr> a;
        for (long k = 0; k < d; ++k) a.push_back(operand(step == "x" ? input_operand(e, c, b, row, k) : step_operand(e, c, step, b, row, k)));
        return a;
    };
    const double value = c.of(name, b)(i, col);
    if (name == "score") {
        Explanation e(ref, "the score of token " + std::to_string(i) + " on token " + std::to_string(col) + " in block " + std::to_string(b + 1),
                      kBlockStep, "sᵢⱼ = xᵢ · xⱼ / √d", "the two tokens' features multiplied and added up, over the square root of the features");
        const auto xi = row_of(e, "x", i), xj = row_of(e, "x", col);
        std::vector<Expr> terms;
        for (long k = 0; k < d; ++k) terms.push_back(mul(xi[k], xj[k]));
        e.expression(div(sum(std::move(terms)), sqrt(constant(static_cast<double>(d)))));
        return e.to_json(value);
    }
    if (name == "weight") {
        Explanation e(ref, "the weight of token " + std::to_string(i) + " on token " + std::to_string(col) + " in block " + std::to_string(b + 1),
                      kBlockStep, "wᵢⱼ = e^sᵢⱼ / Σₖ e^sᵢₖ", "e to the score over the sum of e to the row's scores");
        std::vector<Expr> scores;
        for (long k = 0; k < T; ++k) scores.push_back(operand(step_operand(e, c, "score", b, i, k)));
        e.expression(softmax_weight(scores, static_cast<std::size_t>(col), c.score[b].row(i).maxCoeff() > kLargestExponent));
        return e.to_json(value);
    }
    if (name == "attention") {
        Explanation e(ref, "feature " + std::to_string(col) + " of attention's output for " + where, kBlockStep, "aᵢₖ = Σⱼ wᵢⱼ xⱼₖ",
                      "every token's feature times its weight, added up");
        std::vector<Expr> terms;
        for (long j = 0; j < T; ++j) terms.push_back(mul(operand(step_operand(e, c, "weight", b, i, j)), operand(input_operand(e, c, b, j, col))));
        e.expression(sum(std::move(terms)));
        return e.to_json(value);
    }
    if (name == "added" || name == "added2") {
        const bool first = name == "added";
        Explanation e(ref, "feature " + std::to_string(col) + " of " + where + (first ? " after attention's residual" : " after the feed-forward's residual"),
                      kBlockStep, c.on.residual ? (first ? "xᵢₖ + aᵢₖ" : "hᵢₖ + fᵢₖ") : (first ? "aᵢₖ (no residual)" : "fᵢₖ (no residual)"),
                      c.on.residual ? "the sublayer's input plus its output" : "the sublayer's output alone: the residual is off");
        const Expr f = operand(step_operand(e, c, first ? "attention" : "ff", b, i, col));
        e.expression(c.on.residual ? add(operand(first ? input_operand(e, c, b, i, col) : step_operand(e, c, "h", b, i, col)), f) : f);
        return e.to_json(value);
    }
    if (name == "h" || name == "y") {
        const std::string from = name == "h" ? "added" : "added2";
        Explanation e(ref, "feature " + std::to_string(col) + " of " + where + (name == "h" ? " after the first add & norm" : " after the block"),
                      kBlockStep, c.on.norm ? "(aᵢₖ − mean(aᵢ)) / √(var(aᵢ) + ε)" : "aᵢₖ (no layer norm)",
                      c.on.norm ? "the row's value less its mean, over the square root of its variance plus epsilon" : "the sum itself: layer norm is off");
        e.expression(c.on.norm ? normalised(row_of(e, from, i), col) : operand(step_operand(e, c, from, b, i, col)));
        return e.to_json(value);
    }
    if (name == "hidden") {
        const Matrix W1 = block_w1(static_cast<int>(d), static_cast<int>(b));
        Explanation e(ref, "hidden value " + std::to_string(col) + " of " + where, kBlockStep, "max(0, Σₖ hᵢₖ W₁[k][u])",
                      "the row times a column of the block's W one, negatives set to zero");
        const auto h = row_of(e, "h", i);
        std::vector<Expr> terms;
        for (long k = 0; k < d; ++k) terms.push_back(mul(h[k], fixed(W1(k, col))));
        e.expression(relu(sum(std::move(terms))));
        return e.to_json(value);
    }
    if (name == "ff") {
        const Matrix W2 = block_w2(static_cast<int>(d), static_cast<int>(b));
        Explanation e(ref, "feature " + std::to_string(col) + " of the feed-forward's output for " + where, kBlockStep, "fᵢₖ = Σᵤ hiddenᵢᵤ W₂[u][k]",
                      "the hidden values times a column of the block's W two, added up");
        std::vector<Expr> terms;
        for (long k = 0; k < 2 * d; ++k) terms.push_back(mul(operand(step_operand(e, c, "hidden", b, i, k)), fixed(W2(k, col))));
        e.expression(sum(std::move(terms)));
        return e.to_json(value);
    }
    throw ParamError("ref", "a block works out no value called \"" + name + "\"");
}

json chain_inner(const Chain& c, const json& ref) {
    const std::string name = ref_text(ref, "name");
    if (std::find(std::begin(kSteps), std::end(kSteps), name) == std::end(kSteps))
        throw ParamError("ref", "a block works out no value called \"" + name + "\"");
    const long b = ref_index(ref, "block", c.blocks), i = ref_index(ref, "row", c.X.rows());
    const long cols = name == "score" || name == "weight" ? c.X.rows() : name == "hidden" ? 2 * c.X.cols() : c.X.cols();
    return chain_step(c, ref, name, b, i, ref_index(ref, "col", cols));
}

// Point b of the spread chart: the largest distance between two tokens after b blocks.
json chart_point(const Chain& c, const json& ref, long b) {
    const Matrix& m = b == 0 ? c.X : c.y[b - 1];
    const long T = m.rows(), d = m.cols();
    Explanation e(ref, "the largest distance between two tokens after " + std::to_string(b) + (b == 1 ? " block" : " blocks"), kSpreadStep,
                  "max over i < j of ‖xᵢ − xⱼ‖", "the largest of the distances between every two tokens");
    if (T < 2) {
        e.expression(constant(0, "0 (one token: no two to compare)"));
        return e.to_json(0);
    }
    std::vector<Expr> pairs;
    for (long i = 0; i < T; ++i)
        for (long j = i + 1; j < T; ++j) pairs.push_back(distance(i, j, d, [&](long r, long col) { return input_operand(e, c, b, r, col); }));
    e.expression(max_of(std::move(pairs)));
    return e.to_json(largest_row_distance(m));
}

}  // namespace

json explain_block_stack(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"output"}},
                {"charts", {"spread"}},
                {"numbers", {"weights_per_block", "weights_total", "spread_input_text", "spread_output_text",
                             "closest_output_text", "row0_output"}},
                {"printed", false}};
    const Stack s = stacked(p);
    const double d = static_cast<double>(s.X.cols());
    if (kind == "inner") return chain_inner(chain_of(p), ref);
    if (kind == "chart") {
        if (ref_text(ref, "chart") != "spread") throw ParamError("ref", "the stacked blocks demo has one chart, \"spread\"");
        ref_index(ref, "series", 1);
        return chart_point(chain_of(p), ref, ref_index(ref, "point", s.blocks + 1));
    }
    if (kind == "table") {
        if (ref_text(ref, "table") != "output") throw ParamError("ref", "the stacked blocks demo has one table, \"output\"");
        const long i = ref_index(ref, "row", s.X.rows()), col = ref_index(ref, "col", s.X.cols());
        if (s.blocks == 0)
            return Explanation(ref, "the output with no block: the tokens themselves", kSpreadStep, "X", "")
                .same_as(param_ref("X", i, col), "X[" + std::to_string(i) + "][" + std::to_string(col) + "], which you set", s.X(i, col))
                .to_json(s.X(i, col));
        return chain_step(chain_of(p), ref, "y", s.blocks - 1, i, col);
    }
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
