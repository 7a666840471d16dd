#include "math/multi_head.hpp"

#include <cmath>
#include <stdexcept>

#include "math/attention.hpp"

namespace attn {

Matrix random_normal_matrix(Eigen::Index rows, Eigen::Index cols, Rng& rng, double sd) {
    Matrix m(rows, cols);
    for (Eigen::Index i = 0; i < rows; ++i)
        for (Eigen::Index j = 0; j < cols; ++j) m(i, j) = sd * rng.normal();
    return m;
}

MultiHeadWeights random_multi_head_weights(int d_model, int heads, Rng& rng) {
    const double sd = 1.0 / std::sqrt(static_cast<double>(d_model));
    MultiHeadWeights w;
    w.heads = heads;
    w.Wq = random_normal_matrix(d_model, d_model, rng, sd);
    w.Wk = random_normal_matrix(d_model, d_model, rng, sd);
    w.Wv = random_normal_matrix(d_model, d_model, rng, sd);
    w.Wo = random_normal_matrix(d_model, d_model, rng, sd);
    return w;
}

// [snippet:multi_head]
MultiHeadResult multi_head_attention(const Matrix& queries_from, const Matrix& keys_from,
                                     const MultiHeadWeights& w, const Mask* mask) {
    if (w.heads < 1 || w.d_model() % w.heads != 0)
        throw std::invalid_argument("multi-head: d_model must be a multiple of heads");
    const int d_head = w.d_head();
    // 1. Project once for all heads: (T, d_model) x (d_model, d_model).
    const Matrix Q = queries_from * w.Wq;
    const Matrix K = keys_from * w.Wk;
    const Matrix V = keys_from * w.Wv;

    MultiHeadResult r;
    r.concat.resize(queries_from.rows(), w.d_model());
    for (int h = 0; h < w.heads; ++h) {
        // 2. Split: head h owns columns [h*d_head, (h+1)*d_head) of Q, K and V.
        const auto cols = [&](const Matrix& M) { return M.middleCols(h * d_head, d_head); };
        // 3. Attend within the head; its scores are scaled by sqrt(d_head).
        AttentionResult a = scaled_dot_product_attention(cols(Q), cols(K), cols(V), mask);
        // 4. Concatenate: the head's (Tq, d_head) output goes back into its own columns.
        r.concat.middleCols(h * d_head, d_head) = a.output;
        r.head_weights.push_back(std::move(a.weights));
    }
    // 5. Mix the heads with the output projection: (Tq, d_model) x (d_model, d_model).
    r.output = r.concat * w.Wo;
    return r;
}
// [/snippet]

}  // namespace attn
