// The causal mask demo's values: each score, the dot product of two tokens over √d unless the mask
// hides it (−∞, no arithmetic); each weight, the softmax of the scores the row can see (a hidden key's
// e^−∞ is 0); the weight on the future, the sum of the weights above the diagonal.
#include <cmath>
#include <string>

#include "base/error.hpp"
#include "explain/explanation.hpp"
#include "lessons/attention/explain.hpp"
#include "math/attention.hpp"

namespace attn::lesson_attention {
namespace {

using namespace explain;

constexpr int kNoKeyHidden = -1;          // as causal_mask.cpp
const std::string kMaskStep = "The causal mask: a hidden score becomes −∞ before softmax";
const std::string kWeightsStep = "The causal mask: softmax of the scores each row can see, so hidden keys get weight 0";
const std::string kInputStep = "Your input: the tokens X, one row per token (Q = K = V = X)";

struct Masked {
    Matrix X;
    Mask mask;
    AttentionResult a;
    long T, d;
};

Masked masked(const Params& p) {
    Masked m{p.matrix("X"), {}, {}, 0, 0};
    m.T = static_cast<long>(m.X.rows());
    m.d = static_cast<long>(m.X.cols());
    const int hidden_key = p.integer("hide_key");
    // The demo refuses these settings (causal_mask.cpp); so does its explanation.
    if (hidden_key >= m.T) throw ParamError("hide_key", "there is no token " + std::to_string(hidden_key) + " to hide");
    m.mask = p.boolean("causal") ? causal_mask(m.T) : Mask::Constant(m.T, m.T, false);
    if (hidden_key != kNoKeyHidden) m.mask.col(hidden_key).setConstant(true);
    for (long i = 0; i < m.T; ++i)
        if (m.mask.row(i).all()) throw ParamError("hide_key", "token " + std::to_string(i) + " has no key it may read");
    m.a = scaled_dot_product_attention(m.X, m.X, m.X, &m.mask);
    return m;
}

std::string x_name(long r, long c) { return "X[" + std::to_string(r) + "][" + std::to_string(c) + "]"; }

json score(const Masked& m, const json& ref, long i, long j) {
    const std::string s = "s" + sub(i, j);
    const std::string what = "the score " + s + " of token " + std::to_string(i) + "'s query against key " + std::to_string(j);
    if (m.mask(i, j))
        return Explanation(ref, what + ", hidden by the mask", kMaskStep, s,
                           s + " is minus infinity: key " + std::to_string(j) + " is hidden from token " + std::to_string(i))
            .to_json_masked();
    Explanation e(ref, what, kMaskStep, s + " = (x" + sub(i) + " · x" + sub(j) + ") / √d",
                  s + " is the dot product of token " + std::to_string(i) + " and token " + std::to_string(j) +
                      ", divided by the square root of d; the mask leaves it as it is");
    std::vector<Expr> terms;
    for (long c = 0; c < m.d; ++c) {
        const int a = e.add(param_ref("X", i, c), x_name(i, c) + ", which you set", m.X(i, c), "param");
        const int b = e.add(param_ref("X", j, c), x_name(j, c) + ", which you set", m.X(j, c), "param");
        terms.push_back(mul(operand(a), operand(b)));
    }
    e.expression(div(sum(std::move(terms)), constant(std::sqrt(static_cast<double>(m.d)), "√" + std::to_string(m.d))));
    return e.to_json(m.a.scores(i, j));
}

json weight(const Masked& m, const json& ref, long i, long j) {
    const std::string w = "w" + sub(i, j);
    double largest = -INFINITY;
    for (long k = 0; k < m.T; ++k)
        if (!m.mask(i, k)) largest = std::max(largest, m.a.scores(i, k));
    const bool shifted = largest > kLargestExponent;
    Explanation e(ref, "the weight " + w + " token " + std::to_string(i) + " gives key " + std::to_string(j), kWeightsStep,
                  shifted ? w + " = e^(s" + sub(i, j) + " − m) / Σⱼ e^(s" + sub(i) + "ⱼ − m), m = maxⱼ s" + sub(i) + "ⱼ"
                          : w + " = e^s" + sub(i, j) + " / Σⱼ e^s" + sub(i) + "ⱼ",
                  w + " is e to the power s" + sub(i, j) + ", divided by the sum of e to the power of every score in row " +
                      std::to_string(i) + "; a hidden score is minus infinity, and e to the minus infinity is 0");
    std::vector<Expr> visible;
    std::vector<int> index(m.T, -1);
    for (long k = 0; k < m.T; ++k) {
        if (m.mask(i, k)) continue;
        index[k] = e.add(table_ref("masked_scores", i, k), "the score s" + sub(i, k), m.a.scores(i, k));
        visible.push_back(operand(index[k]));
    }
    const auto term = [&](long k) {
        if (index[k] < 0) return constant(0, "e^−∞");
        return shifted ? exp(sub(operand(index[k]), max_of(visible))) : exp(operand(index[k]));
    };
    std::vector<Expr> terms;
    for (long k = 0; k < m.T; ++k) terms.push_back(term(k));
    e.expression(div(term(j), sum(std::move(terms))));
    return e.to_json(m.a.weights(i, j));
}

json on_future(const Masked& m, const json& ref) {
    Explanation e(ref, "the total weight on later tokens", kWeightsStep, "Σ over j > i of wᵢⱼ",
                  "the sum of every weight above the diagonal: what each token gives to tokens after it");
    std::vector<Expr> terms;
    double total = 0;
    for (long i = 0; i < m.T; ++i)
        for (long j = i + 1; j < m.T; ++j) {
            terms.push_back(operand(e.add(table_ref("weights", i, j), "the weight w" + sub(i, j), m.a.weights(i, j))));
            total += m.a.weights(i, j);
        }
    e.expression(sum(std::move(terms)));
    return e.to_json(total);
}

json row1(const Masked& m, const json& ref) {
    const long row = std::min<long>(1, m.T - 1);
    if (!ref.contains("index")) {
        std::vector<json> items;
        std::vector<double> values;
        for (long j = 0; j < m.T; ++j) items.push_back(item_ref("row1_weights", j)), values.push_back(m.a.weights(row, j));
        return Explanation(ref, "the weights of token " + std::to_string(row), kWeightsStep, "", "")
            .list(items, values)
            .to_json(values.front());
    }
    const long j = ref_index(ref, "index", m.T);
    return Explanation(ref, "the weight token " + std::to_string(row) + " gives key " + std::to_string(j), kWeightsStep,
                       "w" + sub(row, j), "")
        .same_as(table_ref("weights", row, j), "w" + sub(row, j) + " in the table", m.a.weights(row, j))
        .to_json(m.a.weights(row, j));
}

}  // namespace

json explain_causal_mask(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"masked_scores", "weights"}}, {"numbers", {"weight_on_future", "row1_weights"}}, {"printed", true}};
    const Masked m = masked(p);
    if (kind == "param") {
        if (ref_text(ref, "name") != "X") throw ParamError("ref", "only the tokens X are numbers you set here");
        const long r = ref_index(ref, "row", m.T), c = ref_index(ref, "col", m.d);
        return Explanation(ref, x_name(r, c) + ": feature " + std::to_string(c) + " of token " + std::to_string(r), kInputStep,
                           x_name(r, c), "a value you set")
            .given("param", m.X(r, c))
            .to_json(m.X(r, c));
    }
    if (kind == "table") {
        const std::string name = ref_text(ref, "table");
        const long i = ref_index(ref, "row", m.T), j = ref_index(ref, "col", m.T);
        if (name == "masked_scores") return score(m, ref, i, j);
        if (name == "weights") return weight(m, ref, i, j);
        throw ParamError("ref", "the causal mask demo has no table called \"" + name + "\"");
    }
    if (kind == "printed") {  // the weights, row by row
        const long k = ref_index(ref, "index", m.T * m.T);
        return weight(m, ref, k / m.T, k % m.T);
    }
    if (kind == "number") {
        const std::string name = ref_text(ref, "name");
        if (name == "weight_on_future") return on_future(m, ref);
        if (name == "row1_weights") return row1(m, ref);
        throw ParamError("ref", "the causal mask demo does not explain a number called \"" + name + "\"");
    }
    throw ParamError("ref", "the causal mask demo has no value of kind \"" + kind + "\"");
}

}  // namespace attn::lesson_attention
