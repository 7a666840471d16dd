#include "math/multi_head.hpp"

#include "lessons/attention/demos.hpp"
#include "math/numpy_format.hpp"
#include "demo/result.hpp"

namespace attn::lesson_attention {
namespace {

json compute(const Params& p) {
    const int Tq = p.integer("query_tokens");
    const int Ts = p.integer("source_tokens");
    const int d = p.integer("d_model");
    Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
    const Matrix A = random_normal_matrix(Tq, d, rng);  // (Tq, d): the sequence that asks, e.g. action queries
    const Matrix B = random_normal_matrix(Ts, d, rng);  // (Ts, d): the sequence that is read, e.g. image tokens
    const MultiHeadWeights w = random_multi_head_weights(d, 1, rng);

    const MultiHeadResult self = multi_head_attention(A, A, w);
    const MultiHeadResult cross = multi_head_attention(A, B, w);

    const std::string self_shape = format_shape({Tq, Tq});
    const std::string cross_shape = format_shape({Tq, Ts});
    const std::string out_shape = format_shape({Tq, d});
    Result r;
    r.print("self-attention:  weights " + self_shape + ", output " + out_shape);
    r.print("cross-attention: weights " + cross_shape + ", output " + out_shape);
    r.table("self", "Self-attention: sequence A reads itself", self.head_weights[0], numbered("A", Tq),
            numbered("A", Tq), true);
    r.table("cross", "Cross-attention: sequence A reads sequence B", cross.head_weights[0], numbered("A", Tq),
            numbered("B", Ts), true);
    r.text("self_shape", self_shape).text("cross_shape", cross_shape).text("output_shape", out_shape);
    return std::move(r).to_json();
}

}  // namespace

Demo self_vs_cross() {
    return {"self_vs_cross",
            "Self-attention and cross-attention",
            {integer_param("query_tokens", 3)
                 .labelled("Tokens in A (queries)")
                 .helped("The sequence that asks.")
                 .in(1, 10)
                 .stepped(1),
             integer_param("source_tokens", 5)
                 .labelled("Tokens in B (keys and values)")
                 .helped("The sequence that cross-attention reads from.")
                 .in(1, 10)
                 .stepped(1),
             integer_param("d_model", 4).labelled("Width d").helped("Features per token.").in(1, 32).stepped(1),
             integer_param("seed", 1)
                 .labelled("Random seed")
                 .helped("Picks the random sequences and projections.")
                 .in(0, 1000000)
                 .stepped(1)},
            compute,
            {"multi_head"}};
}

}  // namespace attn::lesson_attention
