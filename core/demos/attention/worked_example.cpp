#include "attention.hpp"
#include "demos.hpp"
#include "numpy_format.hpp"
#include "result.hpp"

namespace attn::lesson_attention {

std::vector<std::vector<double>> example_tokens() { return {{1, 0}, {0, 1}, {1, 1}}; }

ParamSpec tokens_param() {
    return matrix_param("X", example_tokens())
        .labelled("Tokens X (one row per token)")
        .helped("Every cell is editable; add or remove tokens (rows) and features (columns). Here Q = K = V = X.")
        .in(-10, 10)
        .stepped(0.1)
        .length(1, 8)
        .columns(1, 8);
}

namespace {

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
    r.number("output_shape", format_shape({static_cast<long>(T), static_cast<long>(X.cols())}));
    r.number("largest_score", a.scores.maxCoeff());
    // The sentences the lesson reads off row 0 and the last row.
    Eigen::Index top = 0;
    a.weights.row(0).maxCoeff(&top);
    r.number("row0_top_key", top).number("row0_top_weight", a.weights(0, top));
    r.number("row0_least_weight", a.weights.row(0).minCoeff());
    r.number("row0_output", format_row(a.output.row(0)));
    r.number("last_self_weight", a.weights(T - 1, T - 1));
    return r.to_json();
}

}  // namespace

Demo worked_example() {
    return {"worked_example",
            "A worked example: three tokens, two features",
            {tokens_param(),
             boolean_param("scale_by_sqrt_d", true)
                 .labelled("Divide the scores by √d")
                 .helped("Switch off to see the raw dot products go straight into softmax.")},
            compute,
            {"attention", "softmax"}};
}

}  // namespace attn::lesson_attention
