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
    // x: (B*L, E) -> out(): (B, E), the output at each scene's first place only,
    // forward()'s rows b*L to the bit: a last layer whose other places nobody reads.
    // Its queries are those places' alone (cross-attention over all L), and the
    // feed-forward and the norms run on B rows instead of B*L.
    const Mat<T>& forward_first(const Mat<T>& x, int batch, int length);
    // dout: (B*L, E), or (B, E) after forward_first -> d_input(): (B*L, E).
    // After forward_first, every gradient is forward()'s with a dout that is zero
    // off the first places, to the bit: the terms skipped are zeros, and a sum
    // from +0 in order is the same without them (x + ±0 == x, +0 + -0 == +0).
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
    // h = norm1(x + a), then the feed-forward and norm2: out().
    const Mat<T>& after_attention(const Mat<T>& x, const Mat<T>& a);

    int length_ = 0;
    bool first_only_ = false;  // the last forward was forward_first
    Mat<T> first_;  // (B, E) x at each scene's first place, after forward_first
    Mat<T> sum1_;  // (B*L, E) x + self_attn(x)
    Mat<T> sum2_;  // (B*L, E) h + feed-forward(h)
    Mat<T> dh_;    // (B*L, E)
    Mat<T> dx_;    // (B*L, E)
};

}  // namespace attn::nn
