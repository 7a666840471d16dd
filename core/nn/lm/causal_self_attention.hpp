#pragma once
// Causal multi-head self-attention, as a decoder's (GPT's) attention:
//   [Q K V] = x Wqkv^T + bqkv                  (B*L, 3E), three learned projections in one
//   per sequence b and head h (columns h*dh .. h*dh+dh-1, dh = E / H), query i:
//     s_j = q_i . k_j / sqrt(dh)             for j <= i only: no place reads a later one
//     p   = softmax(s)                       (i + 1) weights summing to 1; later places get 0
//     o_i = sum_{j <= i} p_j v_j             (dh)
//   out = O Wproj^T + bproj                   (B*L, E), the heads mixed
// It equals torch's F.softmax(q k^T / sqrt(dh) + causal mask of -inf) v,
// which scripts/lm_torch_reference.py writes out the same way.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "math/rng.hpp"
#include "nn/attention_lanes.hpp"
#include "nn/linear.hpp"
#include "nn/tensor.hpp"

namespace attn::nn::lm {

template <typename T>
class CausalSelfAttention {
public:
    CausalSelfAttention() = default;
    // Parameters "<prefix>.qkv.{weight,bias}" (3E, E), (3E) and "<prefix>.proj.{weight,bias}" (E, E), (E).
    CausalSelfAttention(const std::string& prefix, int width, int heads);
    // Both projections as PyTorch's Linear default.
    void init_default(Rng& rng);

    // x: (B*L, E) -> out(): (B*L, E). `x` must stay alive until backward().
    const Mat<T>& forward(const Mat<T>& x, int batch, int length);
    // dout: (B*L, E) -> d_input(): (B*L, E); sets every parameter's grad.
    const Mat<T>& backward(const Mat<T>& dout);

    const Mat<T>& out() const { return proj.out(); }
    const Mat<T>& d_input() const { return qkv.d_input(); }
    // The weights of the last forward: row (b*H + h)*L + i holds query i's
    // weights over the L places of sequence b in head h (0 after place i).
    // Copied out of the lanes at the first call after a forward: only the demos
    // read them, and training's forwards never copy them.
    const Mat<T>& weights() const;
    int heads() const { return heads_; }
    void collect(ParamList<T>& list) {
        qkv.collect(list);
        proj.collect(list);
    }

    Linear<T> qkv;   // E -> 3E: rows 0..E-1 of its weight make queries, E..2E-1 keys, 2E..3E-1 values
    Linear<T> proj;  // E -> E

private:
    int width_ = 0, heads_ = 1, head_dim_ = 0;
    int batch_ = 0, length_ = 0;
    mutable Mat<T> p_;   // (B*H*L, L) attention weights, made by weights()
    mutable bool p_made_ = false;
    Mat<T> o_;           // (B*L, E) the heads' outputs side by side
    Mat<T> dqkv_;        // (B*L, 3E)
    // Four sequences abreast (nn/attention_lanes.hpp), group after group of them:
    std::vector<lanes::V<T>> qkv_lanes_;  // (groups, L, 3E) the queries, keys and values
    std::vector<lanes::V<T>> p_lanes_;    // (groups, H, L, L) the weights, 0 after place i
    // and one group's scratch:
    std::vector<lanes::V<T>> o_lanes_, do_lanes_;  // (L, E)
    std::vector<lanes::V<T>> dqkv_lanes_;          // (L, 3E)
    std::vector<lanes::V<T>> ds_lanes_;            // (L, L) dLoss/dP, then dLoss/dS, of one head
};

// One query's attention in one head: what each vector lane of the forward (sequences abreast) and
// of the decoder's key/value cache (heads abreast, nn/lm/decoder.hpp) computes, operation for
// operation in this order (tests/core/nn/lm_layers_test.cpp and lm_decoder_test.cpp hold them to
// it). `rows` holds the [q k v] rows of places 0..i (3E wide each); head h reads columns
// h*dh .. h*dh+dh-1 of each third:
//   p (i+1) = softmax over j <= i of (q_i . k_j) * scale
//   o (dh) += sum over j <= i of p_j v_j            (o starts at 0)
// [snippet:lm-attend]
template <typename T>
inline void attend(const T* rows, int E, int dh, int h, int i, T scale, T* __restrict p, T* __restrict o) {
    const Eigen::Index stride = 3 * static_cast<Eigen::Index>(E);
    const T* __restrict q = rows + i * stride + h * dh;
    T top = -std::numeric_limits<T>::infinity();
    for (int j = 0; j <= i; ++j) {  // s_j = q_i . k_j / sqrt(dh)
        const T* k = rows + j * stride + E + h * dh;
        T s = 0;
        for (int c = 0; c < dh; ++c) s += q[c] * k[c];
        p[j] = s * scale;
        top = std::max(top, p[j]);
    }
    T total = 0;  // p = softmax(s) over j <= i, shifted by the largest score
    for (int j = 0; j <= i; ++j) total += (p[j] = std::exp(p[j] - top));
    for (int j = 0; j <= i; ++j) p[j] /= total;
    for (int j = 0; j <= i; ++j) {  // o_i = sum_j p_j v_j
        const T* __restrict v = rows + j * stride + 2 * E + h * dh;
        for (int c = 0; c < dh; ++c) o[c] += p[j] * v[c];
    }
}
// [/snippet]

}  // namespace attn::nn::lm
