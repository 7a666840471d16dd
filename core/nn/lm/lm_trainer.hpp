#pragma once
// Training the character-level language model, a few steps at a time.
//
// Each step: `batch` windows of `context` + 1 characters drawn from the
// training part of the text (nn/lm/corpus.hpp), the mean cross-entropy of
// predicting each window's next characters, AdamW. The batch is cut into 4
// fixed parts whose gradients add as a fixed pairwise tree (nn/batch_parts.hpp),
// as the table lesson's transformers are, so that 1, 2 or 4 Web Workers give
// the bits of one.
//
// Everything random comes from one attn::Rng seeded with `seed`, in this order:
// the initial weights, then each step's windows.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "math/rng.hpp"
#include "nn/lm/adamw.hpp"
#include "nn/lm/char_lm.hpp"
#include "nn/lm/corpus.hpp"
#include "nn/lm/cross_entropy.hpp"

namespace attn::nn::lm {

// Bounds that keep a step small enough for a phone's frame budget at the
// lesson's sizes and the whole model a few MB at most.
constexpr int kMaxLayers = 6;
constexpr int kMaxHeads = 8;
constexpr int kMinWidth = 8, kMaxWidth = 128;
constexpr int kMinContext = 4, kMaxContext = 128;
constexpr int kMaxBatch = 64;
constexpr long kMaxSteps = 100000;
constexpr int kParts = 4;           // a batch's fixed parts (nn/batch_parts.hpp)
constexpr int kValidWindows = 32;   // windows of the validation part its loss is measured on
// A batch loss this many times the first (log V at random weights) means the rate is too large.
constexpr double kDivergedLossFactor = 10;

// The lesson's default settings. Its network's sizes and rate are the network
// table's (nn/network_table.cpp, the entry nn::language_model()).
struct LmConfig {
    LmConfig();
    int layers;
    int heads;
    int width;
    int context;
    int batch = 16;
    double lr;
    double weight_decay = 0.1;
    long steps = 1000;
    std::uint64_t seed = 0;
};

struct LmProgress {
    long step = 0;          // steps taken
    long total_steps = 0;
    double loss = 0;        // mean cross-entropy of the last batch [nats per character]
    bool done = false;      // every step taken
    bool failed = false;    // stopped: loss or gradient not finite, or past kDivergedLossFactor x the first
    std::string message;    // why it stopped, when failed
};

// ParamError naming the setting unless every one is within its bounds.
void check_config(const LmConfig& config);

class LmTrainer {
public:
    // Checks the text and the settings (ParamError naming the setting, or
    // "text"), builds the vocabulary and draws the initial weights.
    LmTrainer(const std::string& text, const LmConfig& config);

    // Takes up to `steps` more steps (fewer at the end or on failure). On a
    // failure the model holds the last weights whose loss was good.
    const LmProgress& advance(long steps);

    // One step in two halves, for Web Workers (as nn::Trainer): sets every
    // parameter's grad to the gradient of parts [first, first + count) of step
    // `step`'s batch (count a power of two, first a multiple of it), summed
    // pairwise; returns their summed cross-entropy. Steps go in order.
    float gradient_of_parts(long step, int first, int count);
    // The next step from the grads in the parameters, `loss_sum` being the
    // whole batch's summed cross-entropy: the loss checks, then AdamW.
    const LmProgress& take_step(float loss_sum);

    // Mean cross-entropy [nats per character] on kValidWindows fixed windows
    // spread evenly over the validation part.
    double validation_loss();

    const LmProgress& progress() const { return progress_; }
    const LmConfig& config() const { return config_; }
    const Corpus& corpus() const { return corpus_; }
    CharLm<float>& model() { return *model_; }

private:
    const std::vector<long>& windows_of(long step);
    float part_gradient(int first, int n);
    void fail(const std::string& what);

    LmConfig config_;
    Corpus corpus_;
    Rng rng_;
    std::unique_ptr<CharLm<float>> model_;
    std::unique_ptr<AdamW<float>> adamw_;
    CrossEntropy<float> loss_;
    std::vector<long> starts_;  // the current step's windows
    long drawn_step_ = -1;
    std::vector<int> inputs_, targets_;
    std::vector<float> blocks_;  // (parts, block size) the parts' gradients before they are summed
    double first_loss_ = 0;
    std::vector<Mat<float>> good_weights_;
    LmProgress progress_;
};

}  // namespace attn::nn::lm
