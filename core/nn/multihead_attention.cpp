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

    // 2. Score, softmax, average: per scene, head and query.
    const T scale = T(1) / std::sqrt(static_cast<T>(dh));
    ensure_shape(p_, static_cast<Eigen::Index>(batch) * heads_ * lq, lk);
    ensure_shape(o_, q_in.rows(), E);
    o_.setZero();
    for (int b = 0; b < batch; ++b)
        for (int h = 0; h < heads_; ++h)
            for (int i = 0; i < lq; ++i) {
                const T* __restrict q = q_.data() + (static_cast<Eigen::Index>(b) * lq + i) * E + h * dh;
                T* __restrict p = p_.data() + ((static_cast<Eigen::Index>(b) * heads_ + h) * lq + i) * lk;
                T top = -std::numeric_limits<T>::infinity();
                for (int j = 0; j < lk; ++j) {  // s_j = q . k_j / sqrt(dh)
                    const T* k = kv_.data() + (static_cast<Eigen::Index>(b) * lk + j) * 2 * E + h * dh;
                    T s = 0;
                    for (int c = 0; c < dh; ++c) s += q[c] * k[c];
                    p[j] = s * scale;
                    top = std::max(top, p[j]);
                }
                T total = 0;  // p = softmax(s), shifted by the largest score
                for (int j = 0; j < lk; ++j) total += (p[j] = std::exp(p[j] - top));
                for (int j = 0; j < lk; ++j) p[j] /= total;
                T* __restrict o = o_.data() + (static_cast<Eigen::Index>(b) * lq + i) * E + h * dh;
                for (int j = 0; j < lk; ++j) {  // o = sum_j p_j v_j
                    const T* __restrict v = kv_.data() + (static_cast<Eigen::Index>(b) * lk + j) * 2 * E + E + h * dh;
                    for (int c = 0; c < dh; ++c) o[c] += p[j] * v[c];
                }
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

    // 2. Per scene, head and query, back through o = sum_j p_j v_j and p = softmax(s):
    //   dv_j += p_j do,  dp_j = do . v_j,  ds_j = p_j (dp_j - sum_k p_k dp_k),
    //   dq += scale sum_j ds_j k_j,  dk_j += scale ds_j q
    ensure_shape(dq_, q_.rows(), E);
    ensure_shape(dkv_, kv_.rows(), 2 * E);
    dq_.setZero();
    dkv_.setZero();
    dp_.resize(lk);
    for (int b = 0; b < batch_; ++b)
        for (int h = 0; h < heads_; ++h)
            for (int i = 0; i < lq; ++i) {
                const Eigen::Index qrow = static_cast<Eigen::Index>(b) * lq + i;
                const T* __restrict q = q_.data() + qrow * E + h * dh;
                const T* __restrict go = d_o.data() + qrow * E + h * dh;
                T* __restrict gq = dq_.data() + qrow * E + h * dh;
                const T* __restrict p = p_.data() + ((static_cast<Eigen::Index>(b) * heads_ + h) * lq + i) * lk;
                T weighted = 0;  // sum_k p_k dp_k
                for (int j = 0; j < lk; ++j) {
                    const Eigen::Index krow = static_cast<Eigen::Index>(b) * lk + j;
                    const T* __restrict v = kv_.data() + krow * 2 * E + E + h * dh;
                    T* __restrict gv = dkv_.data() + krow * 2 * E + E + h * dh;
                    T d = 0;  // a sum in order: scalar
                    for (int c = 0; c < dh; ++c) d += go[c] * v[c];
                    for (int c = 0; c < dh; ++c) gv[c] += p[j] * go[c];  // apart, so that this one is vectorised
                    dp_[j] = d;
                    weighted += p[j] * d;
                }
                for (int j = 0; j < lk; ++j) {
                    const Eigen::Index krow = static_cast<Eigen::Index>(b) * lk + j;
                    const T ds = p[j] * (dp_[j] - weighted) * scale;
                    const T* __restrict k = kv_.data() + krow * 2 * E + h * dh;
                    T* __restrict gk = dkv_.data() + krow * 2 * E + h * dh;
                    for (int c = 0; c < dh; ++c) {
                        gq[c] += ds * k[c];
                        gk[c] += ds * q[c];
                    }
                }
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
