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
    const int E = width_, dh = head_dim_, L = length;
    batch_ = batch, length_ = length;

    // [snippet:lm-attention]
    // 1. Project: queries, keys and values of every place, whole batch at once.
    const Mat<T>& qkv_out = qkv.forward(x);  // (B*L, 3E)

    // 2. Score, mask, softmax, average: per sequence, head and query.
    const T scale = T(1) / std::sqrt(static_cast<T>(dh));
    ensure_shape(p_, static_cast<Eigen::Index>(batch) * heads_ * L, L);
    ensure_shape(o_, x.rows(), E);
    p_.setZero();  // the masked places (j > i) stay 0
    o_.setZero();
    for (int b = 0; b < batch; ++b)
        for (int h = 0; h < heads_; ++h)
            for (int i = 0; i < L; ++i) {
                const Eigen::Index seq = static_cast<Eigen::Index>(b) * L;  // sequence b's first row
                attend(qkv_out.data() + seq * 3 * E, E, dh, h, i, scale,
                       p_.data() + ((static_cast<Eigen::Index>(b) * heads_ + h) * L + i) * L,
                       o_.data() + (seq + i) * E + h * dh);
            }

    // 3. Mix the heads: out = O Wproj^T + bproj.
    return proj.forward(o_);
    // [/snippet]
}

template <typename T>
const Mat<T>& CausalSelfAttention<T>::backward(const Mat<T>& dout) {
    const int E = width_, dh = head_dim_, L = length_;
    const T scale = T(1) / std::sqrt(static_cast<T>(dh));
    const Mat<T>& qkv_out = qkv.out();

    // 3. out = O Wproj^T + bproj
    const Mat<T>& d_o = proj.backward(dout);  // (B*L, E)

    // 2. Per sequence, head and query i, back through o_i = sum_{j<=i} p_j v_j and p = softmax(s):
    //   dv_j += p_j do_i,  dp_j = do_i . v_j,  ds_j = p_j (dp_j - sum_k p_k dp_k),
    //   dq_i += scale sum_j ds_j k_j,  dk_j += scale ds_j q_i      (j <= i; the mask passes nothing)
    ensure_shape(dqkv_, qkv_out.rows(), 3 * E);
    dqkv_.setZero();
    dp_.resize(L);
    for (int b = 0; b < batch_; ++b)
        for (int h = 0; h < heads_; ++h)
            for (int i = 0; i < L; ++i) {
                const Eigen::Index qrow = static_cast<Eigen::Index>(b) * L + i;
                const T* __restrict q = qkv_out.data() + qrow * 3 * E + h * dh;
                const T* __restrict go = d_o.data() + qrow * E + h * dh;
                T* __restrict gq = dqkv_.data() + qrow * 3 * E + h * dh;
                const T* __restrict p = p_.data() + ((static_cast<Eigen::Index>(b) * heads_ + h) * L + i) * L;
                T weighted = 0;  // sum_k p_k dp_k
                for (int j = 0; j <= i; ++j) {
                    const Eigen::Index krow = static_cast<Eigen::Index>(b) * L + j;
                    const T* __restrict v = qkv_out.data() + krow * 3 * E + 2 * E + h * dh;
                    T* __restrict gv = dqkv_.data() + krow * 3 * E + 2 * E + h * dh;
                    T d = 0;  // a sum in order: scalar
                    for (int c = 0; c < dh; ++c) d += go[c] * v[c];
                    for (int c = 0; c < dh; ++c) gv[c] += p[j] * go[c];  // apart, so that this one is vectorised
                    dp_[j] = d;
                    weighted += p[j] * d;
                }
                for (int j = 0; j <= i; ++j) {
                    const Eigen::Index krow = static_cast<Eigen::Index>(b) * L + j;
                    const T ds = p[j] * (dp_[j] - weighted) * scale;
                    const T* __restrict k = qkv_out.data() + krow * 3 * E + E + h * dh;
                    T* __restrict gk = dqkv_.data() + krow * 3 * E + E + h * dh;
                    for (int c = 0; c < dh; ++c) {
                        gq[c] += ds * k[c];
                        gk[c] += ds * q[c];
                    }
                }
            }

    // 1. [Q K V] = x Wqkv^T + bqkv
    return qkv.backward(dqkv_);  // (B*L, E)
}

template class CausalSelfAttention<float>;
template class CausalSelfAttention<double>;

}  // namespace attn::nn::lm
