#include "math/block.hpp"

#include <algorithm>
#include <cmath>

#include "math/attention.hpp"

namespace attn {

// [snippet:layer-norm]
Matrix layer_norm_rows(const Matrix& x, double gain, double shift, double eps) {
    Matrix y(x.rows(), x.cols());
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        const double mean = x.row(i).sum() / x.cols();
        const RowVector centred = x.row(i).array() - mean;
        const double var = centred.squaredNorm() / x.cols();  // biased, as np.var
        y.row(i) = centred / std::sqrt(var + eps) * gain;
        y.row(i).array() += shift;
    }
    return y;
}
// [/snippet]

Matrix relu(const Matrix& x) { return x.cwiseMax(0.0); }

// [snippet:feed-forward]
Matrix feed_forward(const Matrix& x, const Matrix& W1, const Matrix& W2) {
    const Matrix hidden = relu(x * W1);  // (T, F): each row on its own
    Matrix out = hidden * W2;            // (T, d')
    // A BLAS product (NumPy's) adds every term to 0, so 0 * -2 prints "0."; Eigen's
    // one-term product keeps -0. Adding 0 turns -0 into 0 and changes nothing else.
    out.array() += 0.0;
    return out;
}
// [/snippet]

Matrix self_attention(const Matrix& x) { return scaled_dot_product_attention(x, x, x).output; }

Matrix pattern_weights(int rows, int cols, int block, int offset_i, int offset_j, int offset) {
    Matrix w(rows, cols);
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < cols; ++j) w(i, j) = ((offset_i * i + offset_j * j + 7 * block + offset) % 9 - 4) / 8.0;
    return w;
}
Matrix block_w1(int d, int block) { return pattern_weights(d, 2 * d, block, 3, 5, 0); }
Matrix block_w2(int d, int block) { return pattern_weights(2 * d, d, block, 5, 3, 1); }

// [snippet:encoder-block]
Matrix encoder_block(const Matrix& x, int block, BlockSwitches s) {
    const auto sublayer = [&](const Matrix& in, const Matrix& f_in) {
        const Matrix added = s.residual ? Matrix(in + f_in) : f_in;  // the residual: x + f(x)
        return s.norm ? layer_norm_rows(added) : added;
    };
    const Matrix h = sublayer(x, self_attention(x));
    const int d = static_cast<int>(x.cols());
    return sublayer(h, feed_forward(h, block_w1(d, block), block_w2(d, block)));
}
// [/snippet]

double largest_row_distance(const Matrix& x) {
    double largest = 0;
    for (Eigen::Index i = 0; i < x.rows(); ++i)
        for (Eigen::Index j = i + 1; j < x.rows(); ++j) largest = std::max(largest, (x.row(i) - x.row(j)).norm());
    return largest;
}

ClosestRows closest_rows(const Matrix& x) {
    ClosestRows closest{0, 1, (x.row(0) - x.row(1)).norm()};
    for (Eigen::Index i = 0; i < x.rows(); ++i)
        for (Eigen::Index j = i + 1; j < x.rows(); ++j) {
            const double d = (x.row(i) - x.row(j)).norm();
            if (d < closest.distance) closest = {i, j, d};
        }
    return closest;
}

}  // namespace attn
