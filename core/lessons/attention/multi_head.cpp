#include "math/multi_head.hpp"

#include <cmath>

#include "lessons/attention/demos.hpp"
#include "base/error.hpp"
#include "demo/prose.hpp"
#include "math/numpy_format.hpp"
#include "demo/result.hpp"

namespace attn::lesson_attention {
namespace {

std::string divisors_of(int n) {
    std::string s;
    for (int k = 1; k <= n; ++k)
        if (n % k == 0) s += (s.empty() ? "" : ", ") + std::to_string(k);
    return s;
}

json compute(const Params& p) {
    const int T = p.integer("tokens");
    const int d_model = p.integer("d_model");
    const int heads = p.integer("heads");
    if (d_model % heads != 0)
        throw ParamError("heads", "Heads must divide the embedding width d_model (" + std::to_string(d_model) +
                                      ") evenly, so every head gets the same width; try " + divisors_of(d_model));
    Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
    const Matrix X = random_normal_matrix(T, d_model, rng);  // (T, d_model) token embeddings
    const MultiHeadWeights w = random_multi_head_weights(d_model, heads, rng);
    const MultiHeadResult m = multi_head_attention(X, X, w);

    const std::string weights_shape = format_shape({heads, T, T});
    const std::string output_shape = format_shape({T, d_model});
    double worst_row_sum = 0;  // how far any row of any head is from summing to 1
    for (const Matrix& hw : m.head_weights)
        worst_row_sum = std::max(worst_row_sum, (hw.rowwise().sum().array() - 1.0).abs().maxCoeff());

    Result r;
    r.print(weights_shape + " " + output_shape);
    const auto tokens = numbered("token", T);
    for (int h = 0; h < heads; ++h)
        r.table("head" + std::to_string(h), "Head " + std::to_string(h) + " weights", m.head_weights[h], tokens,
                tokens, true);
    r.table("output", "Output after concatenating and mixing the heads", m.output, tokens,
            numbered("dim", d_model), false);
    r.figure({{"kind", "head_split"}, {"tokens", T}, {"d_model", d_model}, {"heads", heads},
              {"d_head", d_model / heads},
              // The caption's words, counted by the core: "1 head of 8", "1 token", "1 feature".
              {"words", {{"heads", prose::counted(heads, "head") + " of " + std::to_string(d_model / heads)},
                         {"tokens", prose::counted(T, "token")},
                         {"features", prose::counted(d_model, "feature")}}}});
    r.text("weights_shape", weights_shape).text("output_shape", output_shape);
    r.number("d_head", d_model / heads).number("heads", heads).number("tokens", T);
    r.text("d_head_text", prose::counted(d_model / heads, "feature"));
    r.number("worst_row_sum_error", worst_row_sum);
    return std::move(r).to_json();
}

}  // namespace

Demo multi_head() {
    return {"multi_head",
            "Multi-head attention: split, attend, concatenate",
            {integer_param("tokens", 3).labelled("Tokens T").helped("Length of the sequence.").in(1, 12).stepped(1),
             integer_param("d_model", 8)
                 .labelled("Embedding width d_model")
                 .helped("Features per token, shared out among the heads.")
                 .in(1, 64)
                 .stepped(1),
             integer_param("heads", 2)
                 .labelled("Heads")
                 .helped("Must divide d_model.")
                 .in(1, 16)
                 .stepped(1)
                 .dividing("d_model"),
             integer_param("seed", 0)
                 .labelled("Random seed")
                 .helped("Picks the random tokens and projection matrices.")
                 .in(0, 1000000)
                 .stepped(1)},
            compute,
            {"multi_head"}};
}

}  // namespace attn::lesson_attention
