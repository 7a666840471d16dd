#include "lessons/block/common.hpp"

namespace attn::lesson_block {

ParamSpec block_tokens_param(std::vector<std::vector<double>> tokens, int min_cols, int max_cols, double bound) {
    return matrix_param("X", std::move(tokens))
        .labelled("Tokens X (one row per token)")
        .helped("Every cell is editable; add or remove tokens (rows) and features (columns).")
        .in(-bound, bound)
        .stepped(0.1)
        .length(1, 8)
        .columns(min_cols, max_cols);
}

std::vector<double> row_values(const Matrix& m, Eigen::Index i) {
    std::vector<double> row;
    for (Eigen::Index j = 0; j < m.cols(); ++j) row.push_back(m(i, j));
    return row;
}

}  // namespace attn::lesson_block
