#pragma once
// Writing text as generate() does (nn/lm/sampling.hpp), remembering the logits after every text
// it has read, for the next call with the same weights.
//
// The logits after a text are a function of the weights and the text alone: the temperature,
// top-k and seed only shape and draw from them. A learner moving the temperature a step writes,
// from the same seed, the same first characters as the call before until one draw falls the other
// way; those characters' passes are the call before's. So every text read is kept in a tree of
// characters (a root per prompt, a child per character drawn after it, the logits at each node),
// and a call walks it, running the network only where the tree has no logits yet.
//
// Same bits, no tolerance: a kept node holds the very floats the decoder returned for that text,
// and the decoder's logits are the full pass's (nn/lm/decoder.hpp). The tree is forgotten when
// the model or any bit of its weights differs from the last call's, and when it holds more than
// kMaxKept texts.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "nn/lm/char_lm.hpp"
#include "nn/lm/corpus.hpp"
#include "nn/lm/decoder.hpp"

namespace attn::nn::lm {

class Writer {
public:
    static constexpr std::size_t kMaxKept = 4096;  // texts (about 1.5 MB of logits at V = 80)

    // generate(model, corpus, prompt, count, temperature, top_k, seed), the same characters.
    std::string write(CharLm<float>& model, const Corpus& corpus, const std::string& prompt, int count,
                      double temperature, int top_k, std::uint64_t seed);

    // The network's passes the last write() ran: one per character whose logits were not kept.
    int passes() const { return passes_; }

private:
    struct Node {
        std::vector<float> logits;                 // (V) after this text; empty until read
        std::vector<std::pair<int, int>> next;     // (id drawn, node) children
    };

    // Forgets every text unless `model` is the last call's with the same weights, bit for bit.
    void follow(const CharLm<float>& model);
    int root(const std::vector<int>& prompt);
    int child(int node, int id);

    const CharLm<float>* model_ = nullptr;
    std::vector<float> weights_;                   // the last call's parameters, in order
    std::optional<Decoder<float>> decoder_;        // built for model_ with weights_
    std::vector<std::pair<std::vector<int>, int>> roots_;  // (prompt ids, node)
    std::vector<Node> nodes_;
    int passes_ = 0;
};

}  // namespace attn::nn::lm
