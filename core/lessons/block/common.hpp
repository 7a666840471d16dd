#pragma once
// What the block lesson's demos share (docs/architecture.md, "A lesson's folder").
#include <vector>

#include "demo/params.hpp"
#include "math/matrix.hpp"

namespace attn::lesson_block {

// Rows of tokens: a matrix parameter named X with this default, these column limits and
// every value within ±bound.
ParamSpec block_tokens_param(std::vector<std::vector<double>> tokens, int min_cols, int max_cols, double bound = 10);
// [[x00 x01 ...] ...] rows of a matrix as lines, "token 0" style row labels.
std::vector<double> row_values(const Matrix& m, Eigen::Index i);

}  // namespace attn::lesson_block
