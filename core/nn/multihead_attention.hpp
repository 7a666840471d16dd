#pragma once
// Multi-head attention, as torch.nn.MultiheadAttention(E, H, batch_first=True)
// without masks or dropout:
//   Q = q_in Wq^T + bq,  K = kv_in Wk^T + bk,  V = kv_in Wv^T + bv
//     (Wq, Wk, Wv are the three (E, E) blocks of one packed (3E, E) in_proj_weight)
//   per scene b and head h (columns h*dh .. h*dh+dh-1, dh = E / H):
//     P = softmax(Q_bh K_bh^T / sqrt(dh))   (Lq, Lk)
//     O_bh = P V_bh                          (Lq, dh)
//   out = O Wo^T + bo                        (out_proj, a Linear)
#include <string>
#include <vector>

#include "nn/attention_lanes.hpp"
#include "nn/linear.hpp"
#include "math/rng.hpp"
#include "nn/tensor.hpp"

namespace attn::nn {

template <typename T>
class MultiheadAttention {
public:
    MultiheadAttention() = default;
    MultiheadAttention(const std::string& prefix, int width, int heads);

    // PyTorch's initialisation: xavier_uniform on the packed (3E, E) in_proj_weight,
    // zero in_proj_bias, out_proj.weight as a Linear's default, zero out_proj.bias.
    void init_default(Rng& rng);

    // q_in: (B*Lq, E), kv_in: (B*Lk, E) -> out(): (B*Lq, E).
    // Passing the same matrix as both makes it self-attention (its gradient is summed).
    const Mat<T>& forward(const Mat<T>& q_in, const Mat<T>& kv_in, int batch, int lq, int lk);
    // dout: (B*Lq, E) -> d_query(): (B*Lq, E) and d_keyvalue(): (B*Lk, E);
    // for self-attention d_query() holds the whole gradient of the shared input.
    const Mat<T>& backward(const Mat<T>& dout);

    const Mat<T>& out() const { return out_proj.out(); }
    const Mat<T>& d_query() const { return dq_in_; }
    const Mat<T>& d_keyvalue() const { return dkv_in_; }
    // Attention weights of the last forward: row (b*H + h)*Lq + i holds query i's
    // weights over the Lk keys in scene b, head h.
    const Mat<T>& weights() const { return p_; }
    int heads() const { return heads_; }
    void collect(ParamList<T>& list) {
        list.push_back(&in_proj_weight);
        list.push_back(&in_proj_bias);
        out_proj.collect(list);
    }

    Param<T> in_proj_weight;  // (3E, E): rows 0..E-1 make queries, E..2E-1 keys, 2E..3E-1 values
    Param<T> in_proj_bias;    // (1, 3E)
    Linear<T> out_proj;       // E -> E

private:
    int width_ = 0, heads_ = 1, head_dim_ = 0;
    int batch_ = 0, lq_ = 0, lk_ = 0;
    bool self_ = false;
    const Mat<T>* q_in_ = nullptr;
    const Mat<T>* kv_in_ = nullptr;
    Mat<T> w_t_;     // (E, 3E) in_proj_weight^T for the products, made again unless still fresh
    DerivedWeights w_t_made_;
    Mat<T> q_;       // (B*Lq, E)
    Mat<T> kv_;      // (B*Lk, 2E): keys in columns 0..E-1, values in E..2E-1
    Mat<T> p_;       // (B*H*Lq, Lk)
    Mat<T> o_;       // (B*Lq, E) heads side by side, the input of out_proj
    Mat<T> dq_;      // (B*Lq, E)
    Mat<T> dkv_;     // (B*Lk, 2E)
    Mat<T> dq_in_;   // (B*Lq, E)
    Mat<T> dkv_in_;  // (B*Lk, E)
    // Four scenes abreast (nn/attention_lanes.hpp), group after group of them:
    std::vector<lanes::V<T>> q_lanes_;   // (groups, Lq, E) the queries
    std::vector<lanes::V<T>> kv_lanes_;  // (groups, Lk, 2E) the keys and values
    std::vector<lanes::V<T>> p_lanes_;   // (groups, H, Lq, Lk) the weights
    // and one group's scratch:
    std::vector<lanes::V<T>> o_lanes_, do_lanes_, dq_lanes_;  // (Lq, E)
    std::vector<lanes::V<T>> dkv_lanes_;                      // (Lk, 2E)
    std::vector<lanes::V<T>> ds_lanes_;                       // (Lq, Lk) dLoss/dP, then dLoss/dS, of one head
};

}  // namespace attn::nn
