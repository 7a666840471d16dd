#include "demo/prose.hpp"
#include "demo/result.hpp"
#include "lessons/attention/demos.hpp"
#include "lessons/block/demos.hpp"
#include "math/block.hpp"
#include "math/numpy_format.hpp"

namespace attn::lesson_block {

namespace {

json compute(const Params& p) {
    const Matrix X = p.matrix("X");
    const bool residual = p.boolean("residual");
    const Matrix A = self_attention(X);
    const Matrix out = residual ? Matrix(X + A) : A;

    Result r;
    r.print(format_matrix(A));
    r.print(format_matrix(out));
    const auto tokens = numbered("token", X.rows());
    const auto features = numbered("feature", X.cols());
    r.table("attention", "Attention's output A", A, tokens, features, false);
    r.table("output", residual ? "X + A: the block's sub-layer output" : "A alone (residual off)", out, tokens,
            features, false);
    r.claim("residual", residual ? "on" : "off");
    r.claim("tokens", X.rows() == 1 ? "one" : "many");  // one token: no two to measure apart
    r.text("row0_attention", format_row(A.row(0)));
    r.text("row0_output", format_row(out.row(0)));
    // What is left of the input once attention's part is taken away: X itself when on.
    r.text("row0_recovered", format_row(out.row(0) - A.row(0)));
    // Each as a number for the tests and as the sentence writes it ("1.414", "0").
    for (const auto& [name, m] : {std::pair<const char*, const Matrix*>{"spread_input", &X}, {"spread_attention", &A}, {"spread_output", &out}}) {
        r.number(name, largest_row_distance(*m));
        r.text(std::string(name) + "_text", prose::decimal(largest_row_distance(*m), 3));
    }
    return std::move(r).to_json();
}

}  // namespace

Demo block_residual() {
    return Demo{"block_residual",
                "A residual connection: x + attention(x)",
                {block_tokens_param(lesson_attention::example_tokens(), 1, 8),
                 boolean_param("residual", true)
                     .labelled("Add the input back (residual)")
                     .helped("On: the output is X + A. Off: attention's output A alone.")},
                compute,
                {"attention"}}
        .claiming("residual", {"on", "off"})
        .claiming("tokens", {"one", "many"});
}

}  // namespace attn::lesson_block
