#include "nn/encoder_layer.hpp"

namespace attn::nn {

template <typename T>
EncoderLayer<T>::EncoderLayer(const std::string& prefix, int width, int heads, int feedforward)
    : self_attn(prefix + ".self_attn", width, heads),
      linear1(prefix + ".linear1", width, feedforward),
      linear2(prefix + ".linear2", feedforward, width),
      norm1(prefix + ".norm1", width),
      norm2(prefix + ".norm2", width) {}

template <typename T>
void EncoderLayer<T>::init_default(Rng& rng) {
    self_attn.init_default(rng);
    linear1.init_default(rng);
    linear2.init_default(rng);
    // the norms start at gamma = 1, beta = 0 from their constructors
}

template <typename T>
void EncoderLayer<T>::copy_weights_from(const EncoderLayer& other) {
    ParamList<T> mine, theirs;
    collect(mine);
    const_cast<EncoderLayer&>(other).collect(theirs);
    for (std::size_t i = 0; i < mine.size(); ++i) mine[i]->value = theirs[i]->value;
}

template <typename T>
const Mat<T>& EncoderLayer<T>::forward(const Mat<T>& x, int batch, int length) {
    // h = norm1(x + self_attn(x, x, x))
    const Mat<T>& a = self_attn.forward(x, x, batch, length, length);
    ensure_shape(sum1_, x.rows(), x.cols());
    sum1_ = x + a;
    const Mat<T>& h = norm1.forward(sum1_);
    // out = norm2(h + linear2(relu(linear1(h))))
    const Mat<T>& f = linear2.forward(relu.forward(linear1.forward(h)));
    ensure_shape(sum2_, x.rows(), x.cols());
    sum2_ = h + f;
    return norm2.forward(sum2_);
}

template <typename T>
const Mat<T>& EncoderLayer<T>::backward(const Mat<T>& dout) {
    // out = norm2(h + f): the gradient reaches h twice, directly and through the feed-forward
    const Mat<T>& dsum2 = norm2.backward(dout);
    const Mat<T>& dh_ff = linear1.backward(relu.backward(linear2.backward(dsum2)));
    ensure_shape(dh_, dsum2.rows(), dsum2.cols());
    dh_ = dsum2 + dh_ff;
    // h = norm1(x + a): the gradient reaches x directly and through self-attention
    const Mat<T>& dsum1 = norm1.backward(dh_);
    const Mat<T>& dx_attn = self_attn.backward(dsum1);  // queries, keys and values all from x
    ensure_shape(dx_, dsum1.rows(), dsum1.cols());
    dx_ = dsum1 + dx_attn;
    return dx_;
}

template class EncoderLayer<float>;
template class EncoderLayer<double>;

}  // namespace attn::nn
