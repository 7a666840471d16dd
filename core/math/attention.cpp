#include "math/attention.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "math/softmax.hpp"

namespace attn {

// [snippet:attention]
AttentionResult scaled_dot_product_attention(const Matrix& Q, const Matrix& K, const Matrix& V,
                                             const Mask* mask, bool scale_by_sqrt_d) {
    if (Q.cols() != K.cols() || K.rows() != V.rows())
        throw std::invalid_argument("attention: Q and K need the same width, K and V the same length");
    AttentionResult r;
    // 1. Scores: every query against every key, (Tq, d) x (d, Tk) -> (Tq, Tk).
    r.scores = Q * K.transpose();
    // 2. Scale: dot products of d-long vectors grow like sqrt(d); dividing keeps
    //    softmax out of its flat, saturated ends.
    if (scale_by_sqrt_d) r.scores /= std::sqrt(static_cast<double>(Q.cols()));
    // 3. Mask: a hidden key gets score -inf, so exp() makes its weight exactly 0.
    if (mask) {
        const double hidden = -std::numeric_limits<double>::infinity();
        r.scores = mask->select(Matrix::Constant(r.scores.rows(), r.scores.cols(), hidden), r.scores);
    }
    // 4. Weights: each row becomes a probability distribution over the keys.
    r.weights = softmax_rows(r.scores);
    // 5. Output: each query's weighted average of the values, (Tq, Tk) x (Tk, dv).
    r.output = r.weights * V;
    return r;
}
// [/snippet]

Mask causal_mask(Eigen::Index T) {
    Mask m(T, T);
    for (Eigen::Index i = 0; i < T; ++i)
        for (Eigen::Index j = 0; j < T; ++j) m(i, j) = j > i;
    return m;
}

}  // namespace attn
