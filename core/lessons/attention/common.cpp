#include "lessons/attention/common.hpp"

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

}  // namespace attn::lesson_attention
