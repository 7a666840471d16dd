#pragma once
// Words out: the next character's probabilities, and text written one
// character at a time.
//
//   p_v = exp(logit_v / T) / sum_u exp(logit_u / T)   over the k likeliest characters (top-k), 0 elsewhere
//
// T (the temperature) below 1 sharpens the choice towards the likeliest
// character, above 1 flattens it; top-k leaves out all but the k likeliest
// (0 keeps all). The probabilities are computed in double from the network's
// float logits, and a character is picked by one uniform draw from an
// attn::Rng walked along the ids in order, so the same seed writes the same
// text in every build.
#include <cstdint>
#include <string>
#include <vector>

#include "math/rng.hpp"
#include "nn/lm/char_lm.hpp"
#include "nn/lm/corpus.hpp"

namespace attn::nn::lm {

constexpr double kMinTemperature = 0.05, kMaxTemperature = 5;
constexpr int kMaxGenerate = 2000;  // characters per call

// ParamError on "temperature" or "top_k" unless within bounds (top_k from 0 to vocab).
void check_sampling(double temperature, int top_k, int vocab);

// The network's V scores (logits) for the character after `ids`: its last place's. ids must not be empty.
std::vector<float> next_char_logits(CharLm<float>& model, const std::vector<int>& ids);

// The ids by their scores `last`, highest first, ties to the lower id: the order top-k keeps them in. A
// character top-k leaves out keeps its place in it (the lesson ranks the characters this way).
std::vector<int> likeliest_first(const float* last, int V);

// The probabilities of the character after `ids` (the network reads the last
// `context` of them). ids must not be empty.
std::vector<double> next_char_probabilities(CharLm<float>& model, const std::vector<int>& ids, double temperature,
                                            int top_k);

// The probabilities from the V logits of one place (`last`), shaped by the temperature and top-k.
std::vector<double> probabilities(const float* last, int V, double temperature, int top_k);

// The id drawn from `probs` with one rng.uniform().
int pick_char(const std::vector<double>& probs, Rng& rng);

// The ids of `prompt`, after the checks generate() makes of its arguments.
std::vector<int> checked_prompt(const CharLm<float>& model, const Corpus& corpus, const std::string& prompt, int count,
                                double temperature, int top_k);

// `count` characters written after `prompt` (not included in the result),
// from Rng(seed). ParamError on "prompt" when it is empty or uses a character
// the text does not, on "count" past kMaxGenerate.
std::string generate(CharLm<float>& model, const Corpus& corpus, const std::string& prompt, int count,
                     double temperature, int top_k, std::uint64_t seed);

}  // namespace attn::nn::lm
