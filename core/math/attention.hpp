#pragma once
#include "math/matrix.hpp"

namespace attn {

struct AttentionResult {
    Matrix scores;   // (Tq, Tk): q_i . k_j, divided by sqrt(d) when scaled, -inf where masked
    Matrix weights;  // (Tq, Tk): softmax of each row of scores
    Matrix output;   // (Tq, dv): weights @ V, one new vector per query
};

// Scaled dot-product attention: softmax(Q K^T / sqrt(d)) V.
// Q: (Tq, d), K: (Tk, d), V: (Tk, dv); mask, if given, is (Tq, Tk) with true = hidden.
// `scale_by_sqrt_d` false leaves the raw dot products, to show what the scaling prevents.
AttentionResult scaled_dot_product_attention(const Matrix& Q, const Matrix& K, const Matrix& V,
                                             const Mask* mask = nullptr,
                                             bool scale_by_sqrt_d = true);

// (T, T) mask hiding every later position from every earlier one: true above the diagonal.
Mask causal_mask(Eigen::Index T);

}  // namespace attn
