#include "math/attention.hpp"
#include "lessons/attention/demos.hpp"
#include "base/error.hpp"
#include "math/numpy_format.hpp"
#include "demo/result.hpp"

namespace attn::lesson_attention {


namespace {

constexpr int kNoKeyHidden = -1;

json compute(const Params& p) {
    const Matrix X = p.matrix("X");
    const auto T = X.rows();
    const int hidden_key = p.integer("hide_key");
    if (hidden_key >= T)
        throw ParamError("hide_key", "Also hide one key from everyone must be -1 (none) or a token from 0 to " +
                                         std::to_string(T - 1) + ", since there are " + std::to_string(T) + " tokens");

    Mask mask = p.boolean("causal") ? causal_mask(T) : Mask::Constant(T, T, false);
    if (hidden_key != kNoKeyHidden) mask.col(hidden_key).setConstant(true);

    AttentionResult a;
    try {
        a = scaled_dot_product_attention(X, X, X, &mask);
    } catch (const ComputeError& e) {
        // The learner's mask choice caused it, so the message belongs beside that control.
        throw ParamError("hide_key", "Hiding key " + std::to_string(hidden_key) +
                                         (p.boolean("causal") ? " with the causal mask on: " : ": ") + e.what());
    }
    Result r;
    r.print(format_matrix(a.weights));
    const auto tokens = numbered("token", T);
    r.table("masked_scores", "Scores after the mask (−∞ = hidden)", a.scores, tokens, tokens, false);
    r.table("weights", "Weights: row i may only read the keys it can see", a.weights, tokens, tokens, true);

    double above_diagonal = 0;  // total weight given to the future
    for (Eigen::Index i = 0; i < T; ++i)
        for (Eigen::Index j = i + 1; j < T; ++j) above_diagonal += a.weights(i, j);
    r.number("weight_on_future", above_diagonal);
    r.text("row1_weights", format_row(a.weights.row(std::min<Eigen::Index>(1, T - 1))));
    return std::move(r).to_json();
}

}  // namespace

Demo causal_mask_demo() {
    return {"causal_mask",
            "A causal mask: looking only at the past",
            {tokens_param(),
             boolean_param("causal", true)
                 .labelled("Causal mask on")
                 .helped("Hide every later token from every earlier one."),
             integer_param("hide_key", kNoKeyHidden)
                 .labelled("Also hide one key from everyone")
                 .helped("-1 hides nothing. Hiding key 0 with the causal mask on leaves token 0 nothing to read.")
                 .in(-1, 7)
                 .stepped(1)},
            compute,
            {"attention", "softmax"}};
}

}  // namespace attn::lesson_attention
