#pragma once
// The pieces of a transformer block around attention, in double precision so a
// demo prints what NumPy prints (scripts/block_reference.py writes the same steps):
//   residual      x + f(x)
//   layer norm    (x - mean) / sqrt(var + eps) * gain + shift, per row, as torch.nn.LayerNorm
//   feed-forward  relu(x W1) W2, the same two layers applied to every row
//   block         post-norm, as torch.nn.TransformerEncoderLayer:
//                 h = norm(x + attention(x)), out = norm(h + ffn(h))
#include "math/matrix.hpp"

namespace attn {

// PyTorch's LayerNorm default: keeps a constant row (variance 0) finite.
constexpr double kLayerNormEps = 1e-5;

// Each row of x (T, d) to mean 0 and variance 1 (biased, as np.var), then * gain + shift.
Matrix layer_norm_rows(const Matrix& x, double gain = 1, double shift = 0, double eps = kLayerNormEps);
// max(0, x) element by element.
Matrix relu(const Matrix& x);
// x (T, d) @ W1 (d, F) -> relu -> @ W2 (F, d'): (T, d').
Matrix feed_forward(const Matrix& x, const Matrix& W1, const Matrix& W2);
// Self-attention with Q = K = V = x, scaled by sqrt(d), as in the attention lesson.
Matrix self_attention(const Matrix& x);

// The made-up weights of block b for width d, a fixed pattern NumPy rebuilds exactly:
//   W1[i][j] = ((3i + 5j + 7b) mod 9 - 4) / 8    (d, 2d)
//   W2[i][j] = ((5i + 3j + 7b + 1) mod 9 - 4) / 8 (2d, d)
Matrix pattern_weights(int rows, int cols, int block, int offset_i, int offset_j, int offset);
Matrix block_w1(int d, int block);
Matrix block_w2(int d, int block);

struct BlockSwitches {
    bool residual = true;  // add each sub-layer's input back to its output
    bool norm = true;      // normalise each row after each sub-layer
};
// One post-norm block (index `block` picks its weights): x (T, d) -> (T, d).
Matrix encoder_block(const Matrix& x, int block, BlockSwitches switches);

// The largest distance between two rows: 0 when every token has the same vector.
double largest_row_distance(const Matrix& x);

// The two rows closest together (the first such pair, i < j) and their distance; needs two rows.
struct ClosestRows {
    Eigen::Index i = 0, j = 1;
    double distance = 0;
};
ClosestRows closest_rows(const Matrix& x);

}  // namespace attn
