#pragma once
// One post-norm transformer encoder layer, as
// torch.nn.TransformerEncoderLayer(E, H, dim_feedforward=F, dropout=0, batch_first=True):
//   h   = norm1(x + self_attn(x, x, x))
//   out = norm2(h + linear2(relu(linear1(h))))
#include <string>

#include "nn/layer_norm.hpp"
#include "nn/linear.hpp"
#include "nn/multihead_attention.hpp"
#include "nn/relu.hpp"

namespace attn::nn {

template <typename T>
class EncoderLayer {
public:
    EncoderLayer() = default;
    // Parameters are named as PyTorch names them under `prefix`
    // ("<prefix>.self_attn.in_proj_weight", "<prefix>.linear1.weight", ...).
    EncoderLayer(const std::string& prefix, int width, int heads, int feedforward);
    void init_default(Rng& rng);

    // x: (B*L, E) -> out(): (B*L, E)
    const Mat<T>& forward(const Mat<T>& x, int batch, int length);
    // dout: (B*L, E) -> d_input(): (B*L, E)
    const Mat<T>& backward(const Mat<T>& dout);

    const Mat<T>& out() const { return norm2.out(); }
    const Mat<T>& d_input() const { return dx_; }
    // Gives every parameter the value of the same parameter in `other`
    // (same shapes), without touching this layer's buffers.
    void copy_weights_from(const EncoderLayer& other);
    void collect(ParamList<T>& list) {
        self_attn.collect(list);
        linear1.collect(list);
        linear2.collect(list);
        norm1.collect(list);
        norm2.collect(list);
    }

    MultiheadAttention<T> self_attn;
    Linear<T> linear1;  // E -> F
    Relu<T> relu;
    Linear<T> linear2;  // F -> E
    LayerNorm<T> norm1, norm2;

private:
    Mat<T> sum1_;  // (B*L, E) x + self_attn(x)
    Mat<T> sum2_;  // (B*L, E) h + feed-forward(h)
    Mat<T> dh_;    // (B*L, E)
    Mat<T> dx_;    // (B*L, E)
};

}  // namespace attn::nn
