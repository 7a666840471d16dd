#include "nn/lm/writer.hpp"

#include <algorithm>
#include <cstring>

#include "math/rng.hpp"
#include "nn/lm/sampling.hpp"

namespace attn::nn::lm {

std::string Writer::write(CharLm<float>& model, const Corpus& corpus, const std::string& prompt, int count,
                          double temperature, int top_k, std::uint64_t seed) {
    std::vector<int> text = checked_prompt(model, corpus, prompt, count, temperature, top_k);
    follow(model);
    if (nodes_.size() > kMaxKept) {
        roots_.clear();
        nodes_.clear();
    }
    const int V = model.shape().vocab;
    Rng rng(seed);
    std::vector<int> written;
    written.reserve(static_cast<std::size_t>(count));
    passes_ = 0;
    int node = root(text);
    for (int i = 0; i < count; ++i) {
        if (nodes_[static_cast<std::size_t>(node)].logits.empty()) {
            // the decoder keeps the rows of the places this text shares with the last one it read
            const float* logits = decoder_->start(text);
            nodes_[static_cast<std::size_t>(node)].logits.assign(logits, logits + V);
            ++passes_;
        }
        const int next = pick_char(probabilities(nodes_[static_cast<std::size_t>(node)].logits.data(), V, temperature, top_k), rng);
        written.push_back(next);
        text.push_back(next);
        if (i + 1 < count) node = child(node, next);
    }
    return corpus.decode(written);
}

void Writer::follow(const CharLm<float>& model) {
    std::size_t size = 0;
    for (const auto* p : model.params()) size += static_cast<std::size_t>(p->value.size());
    bool same = model_ == &model && weights_.size() == size;
    for (std::size_t at = 0, i = 0; same && i < model.params().size(); ++i) {
        const auto& v = model.params()[i]->value;
        same = std::memcmp(weights_.data() + at, v.data(), static_cast<std::size_t>(v.size()) * sizeof(float)) == 0;
        at += static_cast<std::size_t>(v.size());
    }
    if (same) return;
    model_ = &model;
    weights_.clear();
    weights_.reserve(size);
    for (const auto* p : model.params()) weights_.insert(weights_.end(), p->value.data(), p->value.data() + p->value.size());
    decoder_.emplace(model);
    roots_.clear();
    nodes_.clear();
}

int Writer::root(const std::vector<int>& prompt) {
    for (const auto& [ids, node] : roots_)
        if (ids == prompt) return node;
    nodes_.emplace_back();
    roots_.emplace_back(prompt, static_cast<int>(nodes_.size()) - 1);
    return roots_.back().second;
}

int Writer::child(int node, int id) {
    for (const auto& [drawn, to] : nodes_[static_cast<std::size_t>(node)].next)
        if (drawn == id) return to;
    const int to = static_cast<int>(nodes_.size());
    nodes_.emplace_back();  // after this, no reference into nodes_ taken before holds
    nodes_[static_cast<std::size_t>(node)].next.emplace_back(id, to);
    return to;
}

}  // namespace attn::nn::lm
