#include "nn/lm/char_lm.hpp"

#include <stdexcept>

#include "nn/elementwise.hpp"

namespace attn::nn::lm {

template <typename T>
CharLm<T>::CharLm(const LmShape& shape)
    : tok_emb("tok_emb", shape.vocab, shape.width),
      pos_emb("pos_emb", shape.context, shape.width),
      ln_f("ln_f", shape.width),
      head("head", shape.width, shape.vocab),
      shape_(shape) {
    if (shape.vocab < 1 || shape.context < 1 || shape.width < 1 || shape.layers < 0)
        throw std::invalid_argument("a language model needs a vocabulary, a context and a width");
    blocks.reserve(static_cast<std::size_t>(shape.layers));
    for (int i = 0; i < shape.layers; ++i)
        blocks.emplace_back("blocks." + std::to_string(i), shape.width, shape.heads, shape.feedforward());
    tok_emb.collect(params_);
    pos_emb.collect(params_);
    for (auto& block : blocks) block.collect(params_);
    ln_f.collect(params_);
    head.collect(params_);
}

template <typename T>
void CharLm<T>::init_default(Rng& rng) {
    tok_emb.init_default(rng);
    pos_emb.init_default(rng);
    for (auto& block : blocks) block.init_default(rng);
    head.init_default(rng);
}

template <typename T>
long CharLm<T>::parameter_count() const {
    long total = 0;
    for (const Param<T>* p : params_) total += static_cast<long>(p->value.size());
    return total;
}

template <typename T>
const Mat<T>& CharLm<T>::forward(const std::vector<int>& ids, int batch, int length) {
    if (batch < 1 || length < 1 || length > shape_.context ||
        static_cast<long>(ids.size()) != static_cast<long>(batch) * length)
        throw std::invalid_argument("a language model reads (batch * length) ids, length at most its context");
    places_.resize(ids.size());
    for (std::size_t r = 0; r < ids.size(); ++r) places_[r] = static_cast<int>(r % static_cast<std::size_t>(length));
    // [snippet:lm-embed]
    // x = tok_emb[ids] + pos_emb[place]
    const Mat<T>& tok = tok_emb.forward(ids);
    const Mat<T>& pos = pos_emb.forward(places_);
    add(x_, tok, pos);
    const Mat<T>* x = &x_;
    for (auto& block : blocks) x = &block.forward(*x, batch, length);
    // logits = head(ln_f(x))
    return head.forward(ln_f.forward(*x));
    // [/snippet]
}

template <typename T>
void CharLm<T>::backward(const Mat<T>& d_logits) {
    const Mat<T>* dx = &ln_f.backward(head.backward(d_logits));
    for (auto block = blocks.rbegin(); block != blocks.rend(); ++block) dx = &block->backward(*dx);
    // x = tok + pos: both tables get the whole gradient
    tok_emb.backward(*dx);
    pos_emb.backward(*dx);
}

template class CharLm<float>;
template class CharLm<double>;

}  // namespace attn::nn::lm
