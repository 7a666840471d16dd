#pragma once
// A decoder-only transformer at character level (a small GPT):
//   x      = tok_emb[ids] + pos_emb[place]         (B*L, E)  a vector per character and per place
//   x      = block_n(... block_1(x))               (B*L, E)  N pre-norm blocks (nn/lm/block.hpp)
//   logits = head(ln_f(x))                          (B*L, V)  a score per character of the vocabulary
// Row b*L + t is place t of sequence b; the logits at place t score the
// character at place t + 1 (causal attention lets place t read places 0..t).
// Parameters, in PyTorch's named_parameters() order: tok_emb (V*E), pos_emb
// (C*E), per block 2E + 3E*E + 3E + E*E + E + 2E + 4E*E + 4E + 4E*E + E, ln_f
// (2E), head (E*V + V); 214,480 at V = 80, C = 64, E = 64, 4 blocks.
#include <string>
#include <vector>

#include "math/rng.hpp"
#include "nn/layer_norm.hpp"
#include "nn/linear.hpp"
#include "nn/lm/block.hpp"
#include "nn/lm/embedding.hpp"

namespace attn::nn::lm {

struct LmShape {
    int vocab = 0;    // V: distinct characters
    int context = 0;  // C: the most places the network reads (the position table's rows)
    int width = 0;    // E
    int heads = 1;    // H, dividing E
    int layers = 1;   // N blocks
    int feedforward() const { return 4 * width; }
};

template <typename T>
class CharLm {
public:
    explicit CharLm(const LmShape& shape);
    CharLm(const CharLm&) = delete;
    CharLm& operator=(const CharLm&) = delete;

    // Embeddings N(0, 1) as nn.Embedding, every Linear as nn.Linear's default,
    // norms at gamma 1, beta 0; drawn from `rng` in parameter order.
    void init_default(Rng& rng);

    // ids: (B*L) character ids, L <= context -> logits (B*L, V).
    // `ids` must stay alive until backward().
    const Mat<T>& forward(const std::vector<int>& ids, int batch, int length);
    // d_logits: (B*L, V) -> every parameter's grad.
    void backward(const Mat<T>& d_logits);

    const LmShape& shape() const { return shape_; }
    const ParamList<T>& params() const { return params_; }
    long parameter_count() const;
    // The attention weights of block `layer` in the last forward (CausalSelfAttention::weights()).
    const Mat<T>& attention(int layer) const { return blocks[static_cast<std::size_t>(layer)].attn.weights(); }

    Embedding<T> tok_emb;  // (V, E)
    Embedding<T> pos_emb;  // (C, E)
    std::vector<Block<T>> blocks;
    LayerNorm<T> ln_f;
    Linear<T> head;        // E -> V

private:
    LmShape shape_;
    ParamList<T> params_;
    std::vector<int> places_;  // (B*L) place t of each row
    Mat<T> x_;                 // (B*L, E) the embeddings' sum
};

// Copies every parameter value from `from` (same shape, any scalar type).
template <typename T, typename U>
void copy_weights(const CharLm<U>& from, CharLm<T>& to) {
    for (std::size_t i = 0; i < to.params().size(); ++i)
        to.params()[i]->value = from.params()[i]->value.template cast<T>();
}

}  // namespace attn::nn::lm
