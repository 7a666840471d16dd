#include "nn/lm/causal_self_attention.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace attn::nn::lm {

template <typename T>
CausalSelfAttention<T>::CausalSelfAttention(const std::string& prefix, int width, int heads)
    : qkv(prefix + ".qkv", width, 3 * width),
      proj(prefix + ".proj", width, width),
      width_(width),
      heads_(heads),
      head_dim_(heads > 0 ? width / heads : 0) {
    if (heads < 1 || width % heads != 0) throw std::invalid_argument("attention width must split evenly into heads");
}

template <typename T>
void CausalSelfAttention<T>::init_default(Rng& rng) {
    qkv.init_default(rng);
    proj.init_default(rng);
}

template <typename T>
const Mat<T>& CausalSelfAttention<T>::forward(const Mat<T>& x, int batch, int length) {
    const int E = width_, dh = head_dim_, L = length, H = heads_;
    batch_ = batch, length_ = length;

    // [snippet:lm-attention]
    // 1. Project: queries, keys and values of every place, whole batch at once.
    const Mat<T>& qkv_out = qkv.forward(x);  // (B*L, 3E)

    // 2. Score, mask, softmax, average: per group of four sequences (one a vector lane,
    //    nn/attention_lanes.hpp), head and query i, over the places j <= i only:
    //      s_j = q_i . k_j,  p = softmax(s scale),  o_i = sum_j p_j v_j
    //    every sum from +0 in the order of attend() (the decoder's), lane by lane.
    const T scale = T(1) / std::sqrt(static_cast<T>(dh));
    const int groups = (batch + lanes::kScenes - 1) / lanes::kScenes;
    const Eigen::Index row = 3 * E, seq = static_cast<Eigen::Index>(L) * row;  // a place's, a sequence's floats
    p_made_ = false;
    ensure_shape(o_, x.rows(), E);
    qkv_lanes_.resize(static_cast<std::size_t>(groups) * seq);
    p_lanes_.resize(static_cast<std::size_t>(groups) * H * L * L);
    o_lanes_.resize(static_cast<std::size_t>(L) * E);
    for (int g = 0; g < groups; ++g) {
        const int b0 = g * lanes::kScenes, n = std::min(lanes::kScenes, batch - b0);
        lanes::V<T>* qkv_g = qkv_lanes_.data() + g * seq;
        lanes::V<T>* p = p_lanes_.data() + static_cast<Eigen::Index>(g) * H * L * L;
        lanes::V<T>* o = o_lanes_.data();
        lanes::to_lanes(qkv_g, qkv_out.data() + b0 * seq, seq, row, L, 3 * E, n);
        for (int h = 0; h < H; ++h) {
            const lanes::V<T>* q = qkv_g + h * dh;
            const lanes::V<T>* k = q + E;
            const lanes::V<T>* v = q + 2 * E;
            for (int i = 0; i < L; ++i) {
                lanes::V<T>* pi = p + (static_cast<Eigen::Index>(h) * L + i) * L;
                lanes::products<T>(pi, 0, q + i * row, 0, 1, k, 1, row, 1, dh, i + 1);  // s_j = q_i . k_j
                lanes::softmax(pi, i + 1, scale);
                for (int j = i + 1; j < L; ++j) pi[j] = lanes::V<T>{};                  // no weight on a later place
                lanes::products<T>(o + i * E + h * dh, 0, pi, 0, 1, v, row, 1, 1, i + 1, dh);  // o_i = sum_j p_j v_j
            }
        }
        lanes::from_lanes(o_.data() + static_cast<Eigen::Index>(b0) * L * E, o, static_cast<Eigen::Index>(L) * E, E, L,
                          E, n);
    }

    // 3. Mix the heads: out = O Wproj^T + bproj.
    return proj.forward(o_);
    // [/snippet]
}

template <typename T>
const Mat<T>& CausalSelfAttention<T>::weights() const {
    if (p_made_) return p_;
    // row (b*H + h)*L + i of p_: sequence b's H*L*L weights in a row, out of its group's lanes
    const int H = heads_, L = length_;
    const Eigen::Index scene = static_cast<Eigen::Index>(H) * L * L;
    ensure_shape(p_, static_cast<Eigen::Index>(batch_) * H * L, L);
    for (int g = 0; g * lanes::kScenes < batch_; ++g) {
        const int b0 = g * lanes::kScenes, n = std::min(lanes::kScenes, batch_ - b0);
        lanes::from_lanes(p_.data() + b0 * scene, p_lanes_.data() + g * scene, scene, 0, 1, H * L * L, n);
    }
    p_made_ = true;
    return p_;
}

template <typename T>
const Mat<T>& CausalSelfAttention<T>::backward(const Mat<T>& dout) {
    const int E = width_, dh = head_dim_, L = length_, H = heads_;
    const T scale = T(1) / std::sqrt(static_cast<T>(dh));

    // 3. out = O Wproj^T + bproj
    const Mat<T>& d_o = proj.backward(dout);  // (B*L, E)

    // 2. Per group of four sequences, head and query i, back through o_i = sum_{j<=i} p_j v_j
    //    and p = softmax(s):
    //      dv_j = sum_{i>=j} p_ij do_i,  dp_ij = do_i . v_j,  ds_ij = p_ij (dp_ij - sum_k p_ik dp_ik) scale,
    //      dq_i = sum_{j<=i} ds_ij k_j,  dk_j = sum_{i>=j} ds_ij q_i
    //    each sum from +0 in order (of j, or of i), the bits of the loops of one sequence,
    //    covering every entry of dqkv_ (the mask passes nothing).
    const int groups = (batch_ + lanes::kScenes - 1) / lanes::kScenes;
    const Eigen::Index row = 3 * E, seq = static_cast<Eigen::Index>(L) * row;
    ensure_shape(dqkv_, static_cast<Eigen::Index>(batch_) * L, 3 * E);
    do_lanes_.resize(static_cast<std::size_t>(L) * E);
    dqkv_lanes_.resize(static_cast<std::size_t>(seq));
    ds_lanes_.resize(static_cast<std::size_t>(L) * L);
    for (int g = 0; g < groups; ++g) {
        const int b0 = g * lanes::kScenes, n = std::min(lanes::kScenes, batch_ - b0);
        const lanes::V<T>* qkv_g = qkv_lanes_.data() + g * seq;
        const lanes::V<T>* p = p_lanes_.data() + static_cast<Eigen::Index>(g) * H * L * L;
        lanes::V<T>* go = do_lanes_.data();
        lanes::V<T>* gqkv = dqkv_lanes_.data();
        lanes::V<T>* ds = ds_lanes_.data();
        lanes::to_lanes(go, d_o.data() + static_cast<Eigen::Index>(b0) * L * E, static_cast<Eigen::Index>(L) * E, E, L,
                        E, n);
        for (int h = 0; h < H; ++h) {
            const lanes::V<T>* ph = p + static_cast<Eigen::Index>(h) * L * L;
            const lanes::V<T>* q = qkv_g + h * dh;
            const lanes::V<T>* k = q + E;
            const lanes::V<T>* v = q + 2 * E;
            const lanes::V<T>* go_h = go + h * dh;
            for (int i = 0; i < L; ++i) {
                lanes::V<T>* dsi = ds + static_cast<Eigen::Index>(i) * L;
                lanes::products<T>(dsi, 0, go_h + i * E, 0, 1, v, 1, row, 1, dh, i + 1);  // dp_ij = do_i . v_j
                lanes::softmax_backward(ph + static_cast<Eigen::Index>(i) * L, dsi, i + 1, scale);
                lanes::products<T>(gqkv + i * row + h * dh, 0, dsi, 0, 1, k, row, 1, 1, i + 1, dh);  // dq_i
            }
            for (int j = 0; j < L; ++j) {  // the places i >= j, whose weights on j are not masked
                const Eigen::Index jj = static_cast<Eigen::Index>(j) * L + j;
                lanes::products<T>(gqkv + j * row + 2 * E + h * dh, 0, ph + jj, 0, L, go_h + j * E, E, 1, 1, L - j,
                                   dh);  // dv_j
                lanes::products<T>(gqkv + j * row + E + h * dh, 0, ds + jj, 0, L, q + j * row, row, 1, 1, L - j,
                                   dh);  // dk_j
            }
        }
        lanes::from_lanes(dqkv_.data() + b0 * seq, gqkv, seq, row, L, 3 * E, n);
    }

    // 1. [Q K V] = x Wqkv^T + bqkv
    return qkv.backward(dqkv_);  // (B*L, E)
}

template class CausalSelfAttention<float>;
template class CausalSelfAttention<double>;

}  // namespace attn::nn::lm
