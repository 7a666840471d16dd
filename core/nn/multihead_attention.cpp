#include "nn/multihead_attention.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "nn/attention_lanes.hpp"
#include "nn/elementwise.hpp"

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
    if (!w_t_made_.fresh()) {  // once a training step (nn/frozen_weights.hpp)
        w_t_ = in_proj_weight.value.transpose();  // (E, 3E); allocates only the first time
        w_t_made_.made();
    }
    ensure_shape(q_, q_in.rows(), E);
    product_plus(q_, q_in, w_t_.leftCols(E), in_proj_bias.value.row(0).head(E));  // (B*Lq, E) (E, E)
    ensure_shape(kv_, kv_in.rows(), 2 * E);
    product_plus(kv_, kv_in, w_t_.rightCols(2 * E), in_proj_bias.value.row(0).tail(2 * E));  // (B*Lk, E) (E, 2E)

    // 2. Score, softmax, average: per group of four scenes (nn/attention_lanes.hpp) and head,
    //   S = Q K^T (Lq, Lk),  P = softmax(S scale) row by row,  O = P V (Lq, dh),
    // every entry's sum in order from +0 as the scalar loops did, one scene a lane.
    const T scale = T(1) / std::sqrt(static_cast<T>(dh));
    const int groups = (batch + lanes::kScenes - 1) / lanes::kScenes;
    ensure_shape(p_, static_cast<Eigen::Index>(batch) * heads_ * lq, lk);
    ensure_shape(o_, q_in.rows(), E);
    q_lanes_.resize(static_cast<std::size_t>(groups) * lq * E);
    kv_lanes_.resize(static_cast<std::size_t>(groups) * lk * 2 * E);
    p_lanes_.resize(static_cast<std::size_t>(groups) * heads_ * lq * lk);
    o_lanes_.resize(static_cast<std::size_t>(lq) * E);
    for (int g = 0; g < groups; ++g) {
        const int b0 = g * lanes::kScenes, n = std::min(lanes::kScenes, batch - b0);
        lanes::V<T>* q = q_lanes_.data() + static_cast<Eigen::Index>(g) * lq * E;
        lanes::V<T>* kv = kv_lanes_.data() + static_cast<Eigen::Index>(g) * lk * 2 * E;
        lanes::V<T>* p = p_lanes_.data() + static_cast<Eigen::Index>(g) * heads_ * lq * lk;
        lanes::V<T>* o = o_lanes_.data();
        lanes::to_lanes(q, q_.data() + static_cast<Eigen::Index>(b0) * lq * E, lq * E, E, lq, E, n);
        lanes::to_lanes(kv, kv_.data() + static_cast<Eigen::Index>(b0) * lk * 2 * E, lk * 2 * E, 2 * E, lk, 2 * E, n);
        for (int h = 0; h < heads_; ++h) {
            lanes::V<T>* ph = p + static_cast<Eigen::Index>(h) * lq * lk;
            const lanes::V<T>* k = kv + h * dh;
            lanes::products<T>(ph, lk, q + h * dh, E, 1, k, 1, 2 * E, lq, dh, lk);  // S = Q K^T
            for (int i = 0; i < lq; ++i) lanes::softmax(ph + static_cast<Eigen::Index>(i) * lk, lk, scale);
            lanes::products<T>(o + h * dh, E, ph, lk, 1, k + E, 2 * E, 1, lq, lk, dh);  // O = P V
        }
        lanes::from_lanes(o_.data() + static_cast<Eigen::Index>(b0) * lq * E, o, lq * E, E, lq, E, n);
        // the weights, read by the demos: row (b*H + h)*Lq + i of p_, scene b's H*Lq*Lk entries in a row
        lanes::from_lanes(p_.data() + static_cast<Eigen::Index>(b0) * heads_ * lq * lk, p, heads_ * lq * lk, 0, 1,
                          heads_ * lq * lk, n);
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

    // 2. Per group of four scenes and head, back through O = P V and P = softmax(S) (row by row):
    //   dV = P^T dO,  dP = dO V^T,  dS_ij = P_ij (dP_ij - sum_k P_ik dP_ik) scale,
    //   dQ = dS K,  dK = dS^T Q
    // in lanes, each entry's sum in order from +0 (the bits of the loops of one
    // scene), covering every entry of dq_ and dkv_.
    ensure_shape(dq_, q_.rows(), E);
    ensure_shape(dkv_, kv_.rows(), 2 * E);
    const int groups = (batch_ + lanes::kScenes - 1) / lanes::kScenes;
    do_lanes_.resize(static_cast<std::size_t>(lq) * E);
    dq_lanes_.resize(static_cast<std::size_t>(lq) * E);
    dkv_lanes_.resize(static_cast<std::size_t>(lk) * 2 * E);
    ds_lanes_.resize(static_cast<std::size_t>(lq) * lk);
    for (int g = 0; g < groups; ++g) {
        const int b0 = g * lanes::kScenes, n = std::min(lanes::kScenes, batch_ - b0);
        const Eigen::Index qrow = static_cast<Eigen::Index>(b0) * lq, krow = static_cast<Eigen::Index>(b0) * lk;
        const lanes::V<T>* q = q_lanes_.data() + static_cast<Eigen::Index>(g) * lq * E;
        const lanes::V<T>* kv = kv_lanes_.data() + static_cast<Eigen::Index>(g) * lk * 2 * E;
        const lanes::V<T>* p = p_lanes_.data() + static_cast<Eigen::Index>(g) * heads_ * lq * lk;
        lanes::V<T>* go = do_lanes_.data();
        lanes::V<T>* gq = dq_lanes_.data();
        lanes::V<T>* gkv = dkv_lanes_.data();
        lanes::V<T>* ds = ds_lanes_.data();
        lanes::to_lanes(go, d_o.data() + qrow * E, lq * E, E, lq, E, n);
        for (int h = 0; h < heads_; ++h) {
            const lanes::V<T>* ph = p + static_cast<Eigen::Index>(h) * lq * lk;
            const lanes::V<T>* k = kv + h * dh;
            lanes::products<T>(gkv + E + h * dh, 2 * E, ph, 1, lk, go + h * dh, E, 1, lk, lq, dh);  // dV = P^T dO
            lanes::products<T>(ds, lk, go + h * dh, E, 1, k + E, 1, 2 * E, lq, dh, lk);              // dP = dO V^T
            for (int i = 0; i < lq; ++i)
                lanes::softmax_backward(ph + static_cast<Eigen::Index>(i) * lk, ds + static_cast<Eigen::Index>(i) * lk,
                                        lk, scale);
            lanes::products<T>(gq + h * dh, E, ds, lk, 1, k, 2 * E, 1, lq, lk, dh);       // dQ = dS K
            lanes::products<T>(gkv + h * dh, 2 * E, ds, 1, lk, q + h * dh, E, 1, lk, lq, dh);  // dK = dS^T Q
        }
        lanes::from_lanes(dq_.data() + qrow * E, gq, lq * E, E, lq, E, n);
        lanes::from_lanes(dkv_.data() + krow * 2 * E, gkv, lk * 2 * E, 2 * E, lk, 2 * E, n);
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
    if (self_) add(dq_in_, dq_in_, dkv_in_);
    return dq_in_;
}

template class MultiheadAttention<float>;
template class MultiheadAttention<double>;

}  // namespace attn::nn
