#include "nn/encoder_layer.hpp"

#include "nn/elementwise.hpp"

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
    first_only_ = false;
    length_ = length;
    // h = norm1(x + self_attn(x, x, x))
    return after_attention(x, self_attn.forward(x, x, batch, length, length));
}

template <typename T>
const Mat<T>& EncoderLayer<T>::forward_first(const Mat<T>& x, int batch, int length) {
    first_only_ = true;
    length_ = length;
    ensure_shape(first_, batch, x.cols());
    for (int b = 0; b < batch; ++b) first_.row(b) = x.row(static_cast<Eigen::Index>(b) * length);
    // h = norm1(x + self_attn(x, x, x)) at the first places: their queries, every place's keys and values
    return after_attention(first_, self_attn.forward(first_, x, batch, 1, length));
}

template <typename T>
const Mat<T>& EncoderLayer<T>::after_attention(const Mat<T>& x, const Mat<T>& a) {
    add(sum1_, x, a);
    const Mat<T>& h = norm1.forward(sum1_);
    // out = norm2(h + linear2(relu(linear1(h))))
    const Mat<T>& f = linear2.forward(relu.forward(linear1.forward(h)));
    add(sum2_, h, f);
    return norm2.forward(sum2_);
}

template <typename T>
const Mat<T>& EncoderLayer<T>::backward(const Mat<T>& dout) {
    // out = norm2(h + f): the gradient reaches h twice, directly and through the feed-forward
    const Mat<T>& dsum2 = norm2.backward(dout);
    const Mat<T>& dh_ff = linear1.backward(relu.backward(linear2.backward(dsum2)));
    add(dh_, dsum2, dh_ff);
    // h = norm1(x + a): the gradient reaches x directly and through self-attention
    const Mat<T>& dsum1 = norm1.backward(dh_);
    const Mat<T>& dx_attn = self_attn.backward(dsum1);  // queries, keys and values all from x
    if (!first_only_) {
        add(dx_, dsum1, dx_attn);
        return dx_;
    }
    // Off the first places x reached the output only as keys and values. At a
    // first place, forward()'s (dsum1 + (d_query + d_keyvalue)), in that grouping.
    const Mat<T>& dkv = self_attn.d_keyvalue();
    dx_ = dkv;
    for (Eigen::Index b = 0; b < dsum1.rows(); ++b) {
        const Eigen::Index row = b * length_;
        dx_.row(row) = dsum1.row(b) + (dx_attn.row(b) + dkv.row(row));
    }
    return dx_;
}

template class EncoderLayer<float>;
template class EncoderLayer<double>;

}  // namespace attn::nn
