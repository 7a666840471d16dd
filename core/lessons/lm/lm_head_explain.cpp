// One head: its queries, keys and values (the block's normalised input times the learned W_qkv, plus
// its bias), the scores q·k / √d_head with the causal mask, the weights (softmax over the places a
// row can see) and the output (the weighted sum of the values).
#include <algorithm>
#include <cmath>
#include <limits>

#include "base/error.hpp"
#include "lessons/lm/explain.hpp"

namespace attn::lesson_lm {
namespace {

using namespace explain;

const std::string kQkvStep = "Learned queries, keys and values: Q, K, V = ln1(x) W_qkvᵀ + b_qkv";
const std::string kScoreStep = "Learned queries, keys and values: scores = q·k / √d_head, −∞ where j > i (the causal mask)";
const std::string kWeightStep = "Learned queries, keys and values: weights = softmax of each row's scores";
const std::string kOutputStep = "Learned queries, keys and values: output = weights @ V";

struct Head {
    std::vector<int> ids;
    long n, E, dh, layer, head;
    bool identity;
    Matrix input, Q, K, V, scores, weights;
    const nn::lm::Block<float>* block;
};

Head head_of(const Params& p) {
    ShippedNetwork& net = shipped_network();
    Head h;
    h.ids = prompt_window(net, p.text("prompt"));
    h.layer = p.integer("block"), h.head = p.integer("head"), h.identity = p.boolean("identity");
    read_prompt(net, h.ids);
    h.n = static_cast<long>(h.ids.size());
    h.E = net.model.shape().width;
    h.dh = h.E / net.model.shape().heads;
    h.block = &net.model.blocks[static_cast<std::size_t>(h.layer)];
    const Mat<float>& qkv = h.block->attn.qkv.out();
    h.input = h.block->ln1.out().cast<double>();
    const auto cols = [&](long first) { return Matrix(qkv.block(0, first, h.n, h.dh).cast<double>()); };
    h.Q = h.identity ? h.input : cols(h.head * h.dh);
    h.K = h.identity ? h.input : cols(h.E + h.head * h.dh);
    h.V = h.identity ? h.input : cols(2 * h.E + h.head * h.dh);
    const long d = h.Q.cols();
    const double divisor = std::sqrt(static_cast<double>(d));
    h.scores = Matrix::Constant(h.n, h.n, -std::numeric_limits<double>::infinity());
    h.weights = Matrix::Zero(h.n, h.n);
    for (long i = 0; i < h.n; ++i) {
        double top = -std::numeric_limits<double>::infinity();
        for (long j = 0; j <= i; ++j) top = std::max(top, h.scores(i, j) = h.Q.row(i).dot(h.K.row(j)) / divisor);
        double total = 0;
        for (long j = 0; j <= i; ++j) total += (h.weights(i, j) = std::exp(h.scores(i, j) - top));
        h.weights.row(i).head(i + 1) /= total;
    }
    return h;
}

json normalised_ref(long i, long m) { return {{"kind", "inner"}, {"name", "normalised"}, {"row", i}, {"col", m}}; }

json projection(const Head& h, const json& ref, const std::string& table, long i, long d) {
    const long block = table == "queries" ? 0 : table == "keys" ? 1 : 2;
    const std::string letter = block == 0 ? "q" : block == 1 ? "k" : "v";
    const Matrix& M = block == 0 ? h.Q : block == 1 ? h.K : h.V;
    Explanation e(ref, "number " + std::to_string(d) + " of place " + std::to_string(i) + "'s " + (block == 0 ? "query" : block == 1 ? "key" : "value"),
                  kQkvStep, h.identity ? letter + "ᵢ = ln1(x)ᵢ (identity: no learned matrices)" : letter + "ᵢ = Σₘ W[r][m] ln1(x)ᵢₘ + b[r]",
                  h.identity ? "the block's normalised input itself" : "the block's normalised input times a row of the learned matrix, plus its bias");
    if (h.identity) {
        e.same_as(normalised_ref(i, d), "ln1(x)" + sub(i, d), h.input(i, d));
        return e.to_json(M(i, d));
    }
    const long r = block * h.E + h.head * h.dh + d;  // the row of W_qkv
    const auto& lin = h.block->attn.qkv;
    std::vector<Expr> terms;
    for (long m = 0; m < h.E; ++m)
        terms.push_back(mul(operand(weight_operand(e, lin.weight, r, m, "W_qkv[" + std::to_string(r) + "][" + std::to_string(m) + "]")),
                            operand(e.add(normalised_ref(i, m), "ln1(x)" + sub(i, m), h.input(i, m)))));
    terms.push_back(operand(weight_operand(e, lin.bias, 0, r, "b_qkv[" + std::to_string(r) + "]")));
    e.expression(sum(std::move(terms)));
    return e.to_json(M(i, d));
}

json score(const Head& h, const json& ref, long i, long j) {
    Explanation e(ref, "the score of place " + std::to_string(i) + " on place " + std::to_string(j), kScoreStep,
                  "sᵢⱼ = Σₘ qᵢₘ kⱼₘ / √" + std::to_string(h.Q.cols()), "the query of place i times the key of place j, added up, over the square root of the head's width");
    if (j > i) return e.to_json_masked();
    std::vector<Expr> terms;
    for (long d = 0; d < h.Q.cols(); ++d)
        terms.push_back(mul(operand(e.add(table_ref("queries", i, d), "q" + sub(i, d), h.Q(i, d))),
                            operand(e.add(table_ref("keys", j, d), "k" + sub(j, d), h.K(j, d)))));
    e.expression(div(sum(std::move(terms)), sqrt(constant(static_cast<double>(h.Q.cols())))));
    return e.to_json(h.scores(i, j));
}

json weight(const Head& h, const json& ref, long i, long j) {
    Explanation e(ref, "the weight of place " + std::to_string(i) + " on place " + std::to_string(j), kWeightStep,
                  "wᵢⱼ = e^sᵢⱼ / (Σ over k ≤ i of e^sᵢₖ)", "e to the score, over the sum of e to every score the row can see");
    std::vector<Expr> scores;
    for (long k = 0; k <= i; ++k) scores.push_back(operand(e.add(table_ref("scores", i, k), "s" + sub(i, k), h.scores(i, k))));
    // The demo subtracts the row's largest score before e^x; the quotient is the same, and is written
    // without it unless e^x would overflow (explain::softmax_weight).
    const bool shifted = h.scores.row(i).head(i + 1).maxCoeff() > kLargestExponent;
    if (j <= i) {
        e.expression(softmax_weight(scores, static_cast<std::size_t>(j), shifted));
    } else {
        std::vector<Expr> terms;
        for (const Expr& s : scores) terms.push_back(shifted ? exp(sub(s, max_of(scores))) : exp(s));
        e.expression(div(constant(0, "e^−∞"), sum(std::move(terms))));
    }
    return e.to_json(h.weights(i, j));
}

json output(const Head& h, const json& ref, long i, long d) {
    Explanation e(ref, "number " + std::to_string(d) + " of what place " + std::to_string(i) + " reads", kOutputStep,
                  "outᵢₘ = Σ over j ≤ i of wᵢⱼ vⱼₘ", "each earlier place's value times its weight, added up");
    std::vector<Expr> terms;
    for (long j = 0; j <= i; ++j)
        terms.push_back(mul(operand(e.add(table_ref("weights", i, j), "w" + sub(i, j), h.weights(i, j))),
                            operand(e.add(table_ref("values", j, d), "v" + sub(j, d), h.V(j, d)))));
    e.expression(sum(std::move(terms)));
    return e.to_json((h.weights.row(i) * h.V.col(d))(0, 0));
}

}  // namespace

json explain_lm_head(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"weights", "scores", "queries", "keys", "values", "output"}},
                {"numbers", {"last_best_weight", "divisor", "last_row_sum"}},
                {"printed", false}};
    if (kind == "weight") return explain_weight(ref);
    const Head h = head_of(p);
    if (kind == "inner") {
        if (ref_text(ref, "name") != "normalised") throw ParamError("ref", "this demo works out no value called that");
        const long i = ref_index(ref, "row", h.n), m = ref_index(ref, "col", h.E);
        return Explanation(ref, "feature " + std::to_string(m) + " of place " + std::to_string(i) + "'s normalised input to block " + std::to_string(h.layer),
                           "Many heads, many blocks: each block's layer norm of what the blocks before it wrote", "ln1(x)ᵢₘ",
                           "computed by the network's earlier layers (the block lesson explains layer norm)")
            .given("forward", h.input(i, m))
            .to_json(h.input(i, m));
    }
    if (kind == "table") {
        const std::string table = ref_text(ref, "table");
        const long i = ref_index(ref, "row", h.n);
        if (table == "scores") return score(h, ref, i, ref_index(ref, "col", h.n));
        if (table == "weights") return weight(h, ref, i, ref_index(ref, "col", h.n));
        const long d = ref_index(ref, "col", h.Q.cols());
        if (table == "queries" || table == "keys" || table == "values") return projection(h, ref, table, i, d);
        if (table == "output") return output(h, ref, i, d);
        throw ParamError("ref", "this demo has no table called \"" + table + "\"");
    }
    if (kind != "number") throw ParamError("ref", "this demo has no value of kind \"" + kind + "\"");
    const std::string name = ref_text(ref, "name");
    const long last = h.n - 1;
    if (name == "last_best_weight") {
        Eigen::Index best = 0;
        h.weights.row(last).maxCoeff(&best);
        Explanation e(ref, "the largest weight of the last place", kWeightStep, "max over j of w_last,j", "the largest weight of the last row");
        std::vector<Expr> w;
        for (long j = 0; j <= last; ++j) w.push_back(operand(e.add(table_ref("weights", last, j), "w" + sub(last, j), h.weights(last, j))));
        e.expression(max_of(std::move(w)));
        return e.to_json(h.weights(last, best));
    }
    if (name == "divisor") {
        const long d = h.Q.cols();
        Explanation e(ref, "the divisor of the scores", kScoreStep, "√d_head", "the square root of the head's width");
        e.expression(sqrt(constant(static_cast<double>(d))));
        return e.to_json(std::sqrt(static_cast<double>(d)));
    }
    if (name == "last_row_sum") {
        Explanation e(ref, "the sum of the last place's weights", kWeightStep, "Σⱼ w_last,j", "the last row's weights added up");
        std::vector<Expr> w;
        for (long j = 0; j <= last; ++j) w.push_back(operand(e.add(table_ref("weights", last, j), "w" + sub(last, j), h.weights(last, j))));
        e.expression(sum(std::move(w)));
        return e.to_json(h.weights.row(last).sum());
    }
    throw ParamError("ref", "this demo has no number called \"" + name + "\"");
}

}  // namespace attn::lesson_lm
