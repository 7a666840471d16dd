#pragma once
#include <vector>

#include "math/matrix.hpp"
#include "math/rng.hpp"

namespace attn {

// Learned matrices of one multi-head attention block, in the row-vector
// convention of the lessons (a token is a row; X W projects it).
struct MultiHeadWeights {
    int heads = 1;
    Matrix Wq, Wk, Wv;  // (d_model, d_model) each: queries, keys, values for all heads at once
    Matrix Wo;          // (d_model, d_model): mixes the concatenated heads back together
    int d_model() const { return static_cast<int>(Wq.rows()); }
    int d_head() const { return d_model() / heads; }
};

struct MultiHeadResult {
    std::vector<Matrix> head_weights;  // heads x (Tq, Tk): each head's own weight table
    Matrix concat;                     // (Tq, d_model): head outputs side by side
    Matrix output;                     // (Tq, d_model): concat @ Wo
};

// Entries drawn from N(0, 1/d_model), so that X W keeps roughly the scale of X
// and the demo's weight tables stay readable rather than saturated.
MultiHeadWeights random_multi_head_weights(int d_model, int heads, Rng& rng);

// Multi-head attention. Self-attention passes the same matrix twice; cross-attention
// takes queries from `queries_from` (Tq, d_model) and keys and values from `keys_from` (Tk, d_model).
// mask, if given, is (Tq, Tk) and applies to every head.
MultiHeadResult multi_head_attention(const Matrix& queries_from, const Matrix& keys_from,
                                     const MultiHeadWeights& w, const Mask* mask = nullptr);

// A (rows, cols) matrix of standard normal draws, filled row by row.
Matrix random_normal_matrix(Eigen::Index rows, Eigen::Index cols, Rng& rng, double sd = 1.0);

}  // namespace attn
