#include <algorithm>
#include <cmath>

#include "math/attention.hpp"
#include "lessons/attention/demos.hpp"
#include "math/numpy_format.hpp"
#include "demo/prose.hpp"
#include "demo/result.hpp"

namespace attn::lesson_attention {

namespace {

constexpr double kLargestExponent = 700;  // e^700 is near a double's largest; beyond it e^x overflows
constexpr double kTie = 1e-12;            // weights this close are the same weight, up to rounding

std::vector<double> row_of(const Matrix& m, Eigen::Index i) {
    std::vector<double> row;
    for (Eigen::Index j = 0; j < m.cols(); ++j) row.push_back(m(i, j));
    return row;
}

// Token 0 worked by hand, as the lesson's paragraph under the demo does it:
// dot products, the division, e^score, their sum, the weights and the blend.
void token0_by_hand(const Matrix& X, bool scaled, Result& r) {
    const auto T = X.rows();
    const double root = scaled ? std::sqrt(static_cast<double>(X.cols())) : 1.0;
    std::vector<double> dots, scores, exps, weights;
    for (Eigen::Index j = 0; j < T; ++j) {
        dots.push_back(X.row(0).dot(X.row(j)));
        scores.push_back(dots.back() / root);
    }
    const bool overflow = *std::max_element(scores.begin(), scores.end()) > kLargestExponent;
    double sum = 0;
    for (double s : scores) exps.push_back(std::exp(s)), sum += exps.back();
    for (double e : exps) weights.push_back(e / sum);
    std::string blend;  // "0.401 · [1, 0] + 0.198 · [0, 1] + ..."
    for (Eigen::Index j = 0; j < T; ++j)
        blend += (j ? " + " : "") + prose::decimal(weights[j], 3) + " · " + prose::bracketed(row_of(X, j), 2);
    std::vector<double> mixed(X.cols(), 0.0);
    for (Eigen::Index j = 0; j < T; ++j)
        for (Eigen::Index c = 0; c < X.cols(); ++c) mixed[c] += weights[j] * X(j, c);

    r.text("token0_text", prose::bracketed(row_of(X, 0), 2));
    r.text("keys_word", prose::count_word(T));
    r.claim("keys", T == 1 ? "one" : "many");  // one key: the sentences about it speak of one score and one weight
    r.text("sqrt_d_text", "√" + std::to_string(X.cols()));
    r.text("token0_dots_text", prose::decimals(dots, 3));
    r.text("token0_scores_text", prose::decimals(scores, 3));
    r.claim("token0_exps", overflow ? "overflow" : "fit");
    if (!overflow) {
        std::vector<std::string> exp_words;
        for (double e : exps) exp_words.push_back(prose::magnitude(e));
        r.text("token0_exps_text", prose::joined(exp_words)).number("token0_exp_sum", sum);
        r.text("token0_weights_text", prose::decimals(weights, 3));
        r.text("token0_mix_text", blend + " = " + prose::bracketed(mixed, 3));
    } else {
        r.text("token0_exps_text", "").number("token0_exp_sum", 0.0).text("token0_weights_text", "");
        r.text("token0_mix_text", "");
    }
}

// Which keys share row 0's largest weight: "token 2", or "token 0 and token 2" for a tie.
void row0_top(const Matrix& w, Result& r) {
    const double top = w.row(0).maxCoeff();
    std::vector<std::string> keys;
    for (Eigen::Index j = 0; j < w.cols(); ++j)
        if (top - w(0, j) <= kTie) keys.push_back("token " + std::to_string(j));
    r.text("row0_top_keys_text", prose::joined(keys));
    r.claim("row0_top", keys.size() > 1 ? "tie" : "single");
    const double least = w.row(0).minCoeff();
    r.claim("row0_least", w.cols() == 1 ? "only" : least == 0.0 ? "zero" : least < 0.0005 ? "prints_zero" : "visible");
}

json compute(const Params& p) {
    const Matrix X = p.matrix("X");
    const bool scaled = p.boolean("scale_by_sqrt_d");
    const AttentionResult a = scaled_dot_product_attention(X, X, X, nullptr, scaled);
    const auto T = X.rows();

    Result r;
    r.print(format_matrix(a.scores)).print(format_matrix(a.weights)).print(format_matrix(a.output));
    const auto tokens = numbered("token", T);
    std::vector<std::string> features = numbered("feature", X.cols());
    r.table("scores", scaled ? "Scores  Q Kᵀ / √d" : "Scores  Q Kᵀ (not scaled)", a.scores, tokens, tokens, false);
    r.table("weights", "Weights  softmax(scores), one row per query", a.weights, tokens, tokens, true);
    r.table("output", "Output  weights × V", a.output, tokens, features, false);

    r.number("d", X.cols()).number("tokens", T);
    r.text("output_shape", format_shape({static_cast<long>(T), static_cast<long>(X.cols())}));
    r.number("largest_score", a.scores.maxCoeff());
    // The sentences the lesson reads off row 0 and the last row.
    Eigen::Index top = 0;
    a.weights.row(0).maxCoeff(&top);
    r.number("row0_top_key", top).number("row0_top_weight", a.weights(0, top));
    r.number("row0_least_weight", a.weights.row(0).minCoeff());
    r.text("row0_output", format_row(a.output.row(0)));
    r.number("last_self_weight", a.weights(T - 1, T - 1));
    r.claim("last_self", a.weights(T - 1, T - 1) >= a.weights.row(T - 1).maxCoeff() - kTie ? "largest" : "not_largest");
    r.claim("scaled", scaled ? "yes" : "no");
    token0_by_hand(X, scaled, r);
    row0_top(a.weights, r);
    return std::move(r).to_json();
}

}  // namespace

Demo worked_example() {
    return Demo{"worked_example",
                "A worked example: three tokens, two features",
                {tokens_param(),
                 boolean_param("scale_by_sqrt_d", true)
                     .labelled("Divide the scores by √d")
                     .helped("Switch off to see the raw dot products go straight into softmax.")},
                compute,
                {"attention", "softmax"}}
        .claiming("token0_exps", {"overflow", "fit"})
        .claiming("row0_top", {"tie", "single"})
        .claiming("row0_least", {"only", "zero", "prints_zero", "visible"})
        .claiming("keys", {"one", "many"})
        .claiming("last_self", {"largest", "not_largest"})
        .claiming("scaled", {"yes", "no"});
}

}  // namespace attn::lesson_attention
