#pragma once
// One pre-norm decoder block (GPT-2's arrangement, without dropout):
//   r   = x + attn(ln1(x))                        (B*L, E)  attention reads earlier places
//   out = r + fc_proj(relu(fc(ln2(r))))           (B*L, E)  each place on its own, E -> 4E -> E
// The norms come before each part and the residual sums stay unnormalised,
// so the gradient reaches the input unchanged along the sums.
#include <string>

#include "nn/layer_norm.hpp"
#include "nn/linear.hpp"
#include "nn/lm/causal_self_attention.hpp"
#include "nn/relu.hpp"

namespace attn::nn::lm {

template <typename T>
class Block {
public:
    Block() = default;
    // Parameters "<prefix>.ln1.*", "<prefix>.attn.*", "<prefix>.ln2.*", "<prefix>.fc.*", "<prefix>.fc_proj.*".
    Block(const std::string& prefix, int width, int heads, int feedforward);
    void init_default(Rng& rng);

    // x: (B*L, E) -> out(): (B*L, E). `x` must stay alive until backward().
    const Mat<T>& forward(const Mat<T>& x, int batch, int length);
    // dout: (B*L, E) -> d_input(): (B*L, E)
    const Mat<T>& backward(const Mat<T>& dout);

    const Mat<T>& out() const { return out_; }
    const Mat<T>& d_input() const { return dx_; }
    void collect(ParamList<T>& list) {
        ln1.collect(list);
        attn.collect(list);
        ln2.collect(list);
        fc.collect(list);
        fc_proj.collect(list);
    }

    LayerNorm<T> ln1;
    CausalSelfAttention<T> attn;
    LayerNorm<T> ln2;
    Linear<T> fc;       // E -> F
    Relu<T> relu;
    Linear<T> fc_proj;  // F -> E

private:
    Mat<T> r_;    // (B*L, E) x + attn(ln1(x))
    Mat<T> out_;  // (B*L, E) r + feed-forward(ln2(r))
    Mat<T> dr_;   // (B*L, E)
    Mat<T> dx_;   // (B*L, E)
};

}  // namespace attn::nn::lm
