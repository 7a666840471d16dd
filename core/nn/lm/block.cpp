#include "nn/lm/block.hpp"

#include "nn/elementwise.hpp"

namespace attn::nn::lm {

template <typename T>
Block<T>::Block(const std::string& prefix, int width, int heads, int feedforward)
    : ln1(prefix + ".ln1", width),
      attn(prefix + ".attn", width, heads),
      ln2(prefix + ".ln2", width),
      fc(prefix + ".fc", width, feedforward),
      fc_proj(prefix + ".fc_proj", feedforward, width) {}

template <typename T>
void Block<T>::init_default(Rng& rng) {
    attn.init_default(rng);
    fc.init_default(rng);
    fc_proj.init_default(rng);
    // the norms start at gamma = 1, beta = 0 from their constructors
}

template <typename T>
const Mat<T>& Block<T>::forward(const Mat<T>& x, int batch, int length) {
    // r = x + attn(ln1(x))
    const Mat<T>& a = attn.forward(ln1.forward(x), batch, length);
    add(r_, x, a);
    // out = r + fc_proj(relu(fc(ln2(r))))
    const Mat<T>& f = fc_proj.forward(relu.forward(fc.forward(ln2.forward(r_))));
    add(out_, r_, f);
    return out_;
}

template <typename T>
const Mat<T>& Block<T>::backward(const Mat<T>& dout) {
    // out = r + f: the gradient reaches r directly and through the feed-forward
    const Mat<T>& dr_ff = ln2.backward(fc.backward(relu.backward(fc_proj.backward(dout))));
    add(dr_, dout, dr_ff);
    // r = x + a: the gradient reaches x directly and through attention
    const Mat<T>& dx_attn = ln1.backward(attn.backward(dr_));
    add(dx_, dr_, dx_attn);
    return dx_;
}

template class Block<float>;
template class Block<double>;

}  // namespace attn::nn::lm
