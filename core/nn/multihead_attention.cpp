#include "nn/multihead_attention.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace attn::nn {

template <typename T>
MultiheadAttention<T>::MultiheadAttention(const std::string& prefix, int width, int heads)
    : out_proj(prefix + ".out_proj", width, width), width_(width), heads_(heads), head_dim_(width / heads) {
    if (heads < 1 || width % heads != 0) throw std::invalid_argument("attention width must split evenly into heads");
    in_proj_weight.init(prefix + ".in_proj_weight", {3 * width, width}, 3 * width, width);
    in_proj_bias.init(prefix + ".in_proj_bias", {3 * width}, 1, 3 * width);
}

template <typename T>
void MultiheadAttention<T>::init_default(Rng& rng) {
    // xavier_uniform: bound sqrt(6 / (fan_in + fan_out)) with fan_in = E, fan_out = 3E.
    const double bound = std::sqrt(6.0 / (width_ + 3.0 * width_));
    for (Eigen::Index i = 0; i < in_proj_weight.value.size(); ++i)
        in_proj_weight.value.data()[i] = static_cast<T>(rng.uniform(-bound, bound));
    in_proj_bias.value.setZero();
    out_proj.init_default(rng);
    out_proj.bias.value.setZero();
}

namespace {

// t (dh, n) = the transpose of n rows of one head's dh columns, `stride` apart:
// the products' kernel wants the keys (or values) of a score along its rows.
template <typename T>
void head_transposed(T* t, const T* rows, Eigen::Index stride, int n, int dh) {
    for (int j = 0; j < n; ++j)
        for (int c = 0; c < dh; ++c) t[static_cast<Eigen::Index>(c) * n + j] = rows[j * stride + c];
}

// p (n) = softmax(s * scale), shifted by the largest scaled score: the operations
// of the loop over keys this replaced, in its order.
template <typename T>
void softmax_row(T* p, int n, T scale) {
    T top = -std::numeric_limits<T>::infinity();
    for (int j = 0; j < n; ++j) {
        p[j] = p[j] * scale;
        top = std::max(top, p[j]);
    }
    T total = 0;
    for (int j = 0; j < n; ++j) total += (p[j] = std::exp(p[j] - top));
    for (int j = 0; j < n; ++j) p[j] /= total;
}

}  // namespace

template <typename T>
const Mat<T>& MultiheadAttention<T>::forward(const Mat<T>& q_in, const Mat<T>& kv_in, int batch, int lq, int lk) {
    const int E = width_, dh = head_dim_;
    batch_ = batch, lq_ = lq, lk_ = lk;
    self_ = (&q_in == &kv_in);
    q_in_ = &q_in, kv_in_ = &kv_in;

    // 1. Project: queries from q_in, keys and values from kv_in, whole batch at once.
    w_t_ = in_proj_weight.value.transpose();  // (E, 3E); allocates only the first time
    ensure_shape(q_, q_in.rows(), E);
    product(q_, q_in, w_t_.leftCols(E));  // (B*Lq, E) (E, E)
    q_.rowwise() += in_proj_bias.value.row(0).head(E);
    ensure_shape(kv_, kv_in.rows(), 2 * E);
    product(kv_, kv_in, w_t_.rightCols(2 * E));  // (B*Lk, E) (E, 2E)
    kv_.rowwise() += in_proj_bias.value.row(0).tail(2 * E);

    // 2. Score, softmax, average: per scene and head, as small products whose
    // every entry sums its terms in order from zero, as the loops they replace
    // did (so the same bits), but several keys or columns at a time.
    const T scale = T(1) / std::sqrt(static_cast<T>(dh));
    ensure_shape(p_, static_cast<Eigen::Index>(batch) * heads_ * lq, lk);
    ensure_shape(o_, q_in.rows(), E);
    t_.resize(static_cast<std::size_t>(dh) * lk);
    for (int b = 0; b < batch; ++b)
        for (int h = 0; h < heads_; ++h) {
            const T* q = q_.data() + static_cast<Eigen::Index>(b) * lq * E + h * dh;
            const T* k = kv_.data() + static_cast<Eigen::Index>(b) * lk * 2 * E + h * dh;
            T* p = p_.data() + (static_cast<Eigen::Index>(b) * heads_ + h) * lq * lk;
            head_transposed(t_.data(), k, 2 * E, lk, dh);
            matmul_detail::all_rows_times(p, lk, q, E, 1, t_.data(), lk, lq, dh, lk);  // s = Q K^T
            for (int i = 0; i < lq; ++i) softmax_row(p + static_cast<Eigen::Index>(i) * lk, lk, scale);
            T* o = o_.data() + static_cast<Eigen::Index>(b) * lq * E + h * dh;
            matmul_detail::all_rows_times(o, E, p, lk, 1, k + E, 2 * E, lq, lk, dh);  // o = P V
        }

    // 3. Mix the heads: out = O Wo^T + bo.
    return out_proj.forward(o_);
}

template <typename T>
const Mat<T>& MultiheadAttention<T>::backward(const Mat<T>& dout) {
    const int E = width_, dh = head_dim_, lq = lq_, lk = lk_;
    const T scale = T(1) / std::sqrt(static_cast<T>(dh));

    // 3. out = O Wo^T + bo
    const Mat<T>& d_o = out_proj.backward(dout);  // (B*Lq, E)

    // 2. Per scene and head, back through O = P V and P = softmax(S) (row by row):
    //   dV = P^T dO,  dP = dO V^T,  dS_ij = P_ij (dP_ij - sum_k P_ik dP_ik) scale,
    //   dQ = dS K,  dK = dS^T Q
    // As small products whose entries each sum in order from zero (so the bits of
    // the loops they replace), and which cover every entry of dq_ and dkv_.
    ensure_shape(dq_, q_.rows(), E);
    ensure_shape(dkv_, kv_.rows(), 2 * E);
    t_.resize(static_cast<std::size_t>(dh) * lk);
    ds_.resize(static_cast<std::size_t>(lq) * lk);
    for (int b = 0; b < batch_; ++b)
        for (int h = 0; h < heads_; ++h) {
            const Eigen::Index qrow = static_cast<Eigen::Index>(b) * lq, krow = static_cast<Eigen::Index>(b) * lk;
            const T* q = q_.data() + qrow * E + h * dh;
            const T* go = d_o.data() + qrow * E + h * dh;
            const T* k = kv_.data() + krow * 2 * E + h * dh;
            const T* p = p_.data() + (static_cast<Eigen::Index>(b) * heads_ + h) * lq * lk;
            T* gq = dq_.data() + qrow * E + h * dh;
            T* gk = dkv_.data() + krow * 2 * E + h * dh;
            matmul_detail::all_rows_times(gk + E, 2 * E, p, 1, lk, go, E, lk, lq, dh);  // dV = P^T dO
            head_transposed(t_.data(), k + E, 2 * E, lk, dh);
            T* ds = ds_.data();
            matmul_detail::all_rows_times(ds, lk, go, E, 1, t_.data(), lk, lq, dh, lk);  // dP = dO V^T
            for (int i = 0; i < lq; ++i) {
                const T* pi = p + static_cast<Eigen::Index>(i) * lk;
                T* di = ds + static_cast<Eigen::Index>(i) * lk;
                T weighted = 0;  // sum_k p_k dp_k, in order
                for (int j = 0; j < lk; ++j) weighted += pi[j] * di[j];
                for (int j = 0; j < lk; ++j) di[j] = pi[j] * (di[j] - weighted) * scale;
            }
            matmul_detail::all_rows_times(gq, E, ds, lk, 1, k, 2 * E, lq, lk, dh);  // dQ = dS K
            matmul_detail::all_rows_times(gk, 2 * E, ds, 1, lk, q, E, lk, lq, dh);  // dK = dS^T Q
        }

    // 1. Q = q_in Wq^T + bq, [K V] = kv_in [Wk; Wv]^T + [bk bv]
    transpose_product(in_proj_weight.grad.topRows(E), dq_, *q_in_);            // (E, B*Lq) (B*Lq, E)
    transpose_product(in_proj_weight.grad.bottomRows(2 * E), dkv_, *kv_in_);  // (2E, B*Lk) (B*Lk, E)
    column_sums(in_proj_bias.grad.row(0).head(E), dq_);
    column_sums(in_proj_bias.grad.row(0).tail(2 * E), dkv_);
    ensure_shape(dq_in_, q_.rows(), E);
    product(dq_in_, dq_, in_proj_weight.value.topRows(E));  // (B*Lq, E) (E, E)
    ensure_shape(dkv_in_, kv_.rows(), E);
    product(dkv_in_, dkv_, in_proj_weight.value.bottomRows(2 * E));  // (B*Lk, 2E) (2E, E)
    if (self_) dq_in_ += dkv_in_;
    return dq_in_;
}

template class MultiheadAttention<float>;
template class MultiheadAttention<double>;

}  // namespace attn::nn
