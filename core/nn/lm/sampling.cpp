#include "nn/lm/sampling.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "base/error.hpp"
#include "nn/lm/text.hpp"
#include "nn/lm/writer.hpp"

namespace attn::nn::lm {

void check_sampling(double temperature, int top_k, int vocab) {
    if (!std::isfinite(temperature) || temperature < kMinTemperature || temperature > kMaxTemperature)
        throw ParamError("temperature", "The temperature must be from " + std::to_string(kMinTemperature).substr(0, 4) +
                                            " to " + std::to_string(static_cast<int>(kMaxTemperature)) + ".");
    if (top_k < 0 || top_k > vocab)
        throw ParamError("top_k", "Top-k must be from 0 (keep every character) to " + std::to_string(vocab) +
                                      ", the number of characters the model knows.");
}

std::vector<float> next_char_logits(CharLm<float>& model, const std::vector<int>& ids) {
    const int length = static_cast<int>(std::min<std::size_t>(ids.size(), static_cast<std::size_t>(model.shape().context)));
    if (length < 1) throw ParamError("prompt", "Type at least one character to start from.");
    const std::vector<int> window(ids.end() - length, ids.end());
    const Mat<float>& logits = model.forward(window, 1, length);
    // the last place's scores
    const float* last = logits.data() + static_cast<Eigen::Index>(length - 1) * model.shape().vocab;
    return std::vector<float>(last, last + model.shape().vocab);
}

std::vector<double> next_char_probabilities(CharLm<float>& model, const std::vector<int>& ids, double temperature,
                                            int top_k) {
    check_sampling(temperature, top_k, model.shape().vocab);
    const std::vector<float> logits = next_char_logits(model, ids);
    return probabilities(logits.data(), model.shape().vocab, temperature, top_k);
}

// [snippet:lm-sampling]
std::vector<int> likeliest_first(const float* last, int V) {
    std::vector<int> order(static_cast<std::size_t>(V));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return last[a] > last[b]; });
    return order;
}

std::vector<double> probabilities(const float* last, int V, double temperature, int top_k) {
    // Which characters stay: the k likeliest (ties to the lower id), or all.
    std::vector<bool> kept(static_cast<std::size_t>(V), top_k == 0);
    if (top_k > 0) {
        const std::vector<int> order = likeliest_first(last, V);
        for (int r = 0; r < top_k; ++r) kept[static_cast<std::size_t>(order[static_cast<std::size_t>(r)])] = true;
    }
    double top = -INFINITY;
    for (int v = 0; v < V; ++v)
        if (kept[static_cast<std::size_t>(v)]) top = std::max(top, static_cast<double>(last[v]));
    std::vector<double> p(static_cast<std::size_t>(V), 0.0);
    double total = 0;
    for (int v = 0; v < V; ++v)
        if (kept[static_cast<std::size_t>(v)])
            total += (p[static_cast<std::size_t>(v)] = std::exp((static_cast<double>(last[v]) - top) / temperature));
    for (double& x : p) x /= total;
    return p;
}
// [/snippet]

int pick_char(const std::vector<double>& probs, Rng& rng) {
    const double u = rng.uniform();
    double cumulative = 0;
    int last_possible = 0;
    for (std::size_t v = 0; v < probs.size(); ++v) {
        if (probs[v] <= 0) continue;
        last_possible = static_cast<int>(v);
        cumulative += probs[v];
        if (u < cumulative) return static_cast<int>(v);
    }
    return last_possible;  // u just under 1 past a cumulative sum rounded below 1
}

std::vector<int> checked_prompt(const CharLm<float>& model, const Corpus& corpus, const std::string& prompt, int count,
                                double temperature, int top_k) {
    check_sampling(temperature, top_k, model.shape().vocab);
    if (count < 0 || count > kMaxGenerate)
        throw ParamError("count", "The model writes from 0 to " + std::to_string(kMaxGenerate) +
                                      " characters at a time.");
    if (prompt.empty()) throw ParamError("prompt", "Type at least one character to start from.");
    if (prompt.size() > kMaxTextBytes) throw ParamError("prompt", "The prompt is too long.");
    return corpus.encode(prompt, "prompt");
}

std::string generate(CharLm<float>& model, const Corpus& corpus, const std::string& prompt, int count,
                     double temperature, int top_k, std::uint64_t seed) {
    // A writer of its own: the decoder's logits, nothing kept from another call.
    return Writer().write(model, corpus, prompt, count, temperature, top_k, seed);
}

}  // namespace attn::nn::lm
