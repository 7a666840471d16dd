#pragma once
#include "math/matrix.hpp"

namespace attn {

// Softmax of each row: w_ij = exp(s_ij - max_j s_ij) / sum_j exp(s_ij - max_j s_ij).
// scores: (rows, cols), any finite values or -inf for hidden entries.
// Returns (rows, cols) with every row summing to 1; -inf entries get exactly 0.
// Throws ComputeError when a row is entirely -inf (nothing to attend to).
Matrix softmax_rows(const Matrix& scores);

}  // namespace attn
