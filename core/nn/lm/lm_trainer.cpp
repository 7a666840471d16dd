#include "nn/lm/lm_trainer.hpp"

#include <cmath>
#include <sstream>
#include <stdexcept>

#include "base/error.hpp"
#include "nn/batch_parts.hpp"
#include "nn/elementwise.hpp"
#include "nn/frozen_weights.hpp"
#include "nn/network_table.hpp"

namespace attn::nn::lm {

namespace {

void within(const std::string& name, long value, long lo, long hi, const std::string& what) {
    if (value < lo || value > hi)
        throw ParamError(name, "The " + what + " must be from " + std::to_string(lo) + " to " + std::to_string(hi) +
                                   " (it is " + std::to_string(value) + ").");
}

LmShape shape_of(const LmConfig& config, int vocab) {
    LmShape shape;
    shape.vocab = vocab;
    shape.context = config.context;
    shape.width = config.width;
    shape.heads = config.heads;
    shape.layers = config.layers;
    return shape;
}

}  // namespace

LmConfig::LmConfig() {
    const NetworkEntry& lesson = language_model();
    layers = lesson.sizes.at(0);
    heads = lesson.sizes.at(1);
    width = lesson.sizes.at(2);
    context = lesson.sizes.at(3);
    lr = lesson.trained.at(0).rate;
}

void check_config(const LmConfig& c) {
    within("layers", c.layers, 1, kMaxLayers, "number of layers");
    within("heads", c.heads, 1, kMaxHeads, "number of heads");
    within("width", c.width, kMinWidth, kMaxWidth, "width");
    if (c.width % c.heads != 0)
        throw ParamError("heads", "The width (" + std::to_string(c.width) + ") must split evenly into " +
                                      std::to_string(c.heads) + " heads.");
    within("context", c.context, kMinContext, kMaxContext, "context");
    within("batch", c.batch, 1, kMaxBatch, "batch size");
    within("steps", c.steps, 1, kMaxSteps, "number of steps");
    if (!std::isfinite(c.lr) || c.lr <= 0 || c.lr > 1)
        throw ParamError("lr", "The learning rate must be a number above 0 and at most 1.");
    if (!std::isfinite(c.weight_decay) || c.weight_decay < 0 || c.weight_decay > 1)
        throw ParamError("weight_decay", "The weight decay must be a number from 0 to 1.");
}

LmTrainer::LmTrainer(const std::string& text, const LmConfig& config)
    : config_((check_config(config), config)), corpus_(text), rng_(config.seed) {
    const long need = config.context + 1;  // one window in each part of the split
    if (corpus_.train_size() <= need || corpus_.valid_size() < need)
        throw ParamError("text", "The text is too short: " + std::to_string(corpus_.size()) +
                                     " characters, and with a context of " + std::to_string(config.context) +
                                     " the model needs at least " +
                                     std::to_string(static_cast<long>(std::ceil((need + 1) / (1 - kTrainShare)))) +
                                     " (a tenth of the text is kept apart to validate on).");
    model_ = std::make_unique<CharLm<float>>(shape_of(config, corpus_.vocab_size()));
    model_->init_default(rng_);
    adamw_ = std::make_unique<AdamW<float>>(model_->params(), config.lr, config.weight_decay);
    progress_.total_steps = config.steps;
}

const std::vector<long>& LmTrainer::windows_of(long step) {
    if (step == drawn_step_) return starts_;
    if (step != drawn_step_ + 1) throw std::logic_error("training steps go in order");
    corpus_.draw_batch(rng_, config_.batch, config_.context, starts_);
    drawn_step_ = step;
    return starts_;
}

float LmTrainer::part_gradient(int first, int n) {
    if (n == 0) {  // a part of a batch smaller than the part count
        for (Param<float>* p : model_->params()) p->grad.setZero();
        return 0;
    }
    const int L = config_.context;
    corpus_.gather(starts_, first, n, L, inputs_, targets_);
    const Mat<float>& logits = model_->forward(inputs_, n, L);
    // scaled as the whole batch's mean, so the parts' gradients add up to the batch's
    const float sum = loss_.forward_sum(logits, targets_, static_cast<float>(config_.batch * L));
    model_->backward(loss_.d_logits());
    return sum;
}

float LmTrainer::gradient_of_parts(long step, int first, int count) {
    if (count < 1 || (count & (count - 1)) != 0 || first % count != 0 || first + count > kParts)
        throw std::invalid_argument("a worker's parts are an aligned run of 1, 2, 4, ... of them");
    windows_of(step);
    const FrozenWeights frozen;  // the weights change only at take_step's AdamW
    if (count == 1) {
        const auto [offset, n] = part_scenes(first, kParts, config_.batch);
        return part_gradient(offset, n);
    }
    const ParamList<float>& params = model_->params();
    const long size = block_size(params);
    blocks_.resize(static_cast<std::size_t>(count * size));
    for (int i = 0; i < count; ++i) {
        const auto [offset, n] = part_scenes(first + i, kParts, config_.batch);
        export_gradient(params, part_gradient(offset, n), blocks_.data() + i * size);
    }
    sum_pairwise(blocks_.data(), count, size);
    return import_gradient(params, blocks_.data());
}

void LmTrainer::fail(const std::string& what) {
    const ParamList<float>& params = model_->params();
    for (std::size_t i = 0; i < good_weights_.size(); ++i) params[i]->value = good_weights_[i];
    std::ostringstream why;
    why << "Training stopped at step " << progress_.step + 1 << ": " << what << " at learning rate " << config_.lr
        << ", which is too large for this model. Try a smaller one, such as " << config_.lr / 10 << ".";
    progress_.failed = true;
    progress_.message = why.str();
}

const LmProgress& LmTrainer::take_step(float loss_sum) {
    if (progress_.done || progress_.failed) return progress_;
    const double loss = loss_sum / static_cast<float>(config_.batch * config_.context);
    if (!std::isfinite(loss)) {
        fail(std::isnan(loss) ? "the loss became NaN" : "the loss became infinite");
        return progress_;
    }
    if (progress_.step > 0 && loss > kDivergedLossFactor * first_loss_) {
        std::ostringstream grew;
        grew << "the loss grew to " << loss << ", more than " << kDivergedLossFactor << " times its first value "
             << first_loss_;
        fail(grew.str());
        return progress_;
    }
    // These weights gave a good loss: kept, so that a step that throws them far off can be undone.
    const ParamList<float>& params = model_->params();
    good_weights_.resize(params.size());
    for (std::size_t i = 0; i < params.size(); ++i) good_weights_[i] = params[i]->value;
    for (const Param<float>* p : params)
        if (!all_finite(p->grad)) {
            fail("the gradient became NaN or infinite");
            return progress_;
        }
    adamw_->step();
    if (progress_.step == 0) first_loss_ = loss;
    ++progress_.step;
    progress_.loss = loss;
    if (progress_.step == progress_.total_steps) progress_.done = true;
    return progress_;
}

const LmProgress& LmTrainer::advance(long steps) {
    for (long s = 0; s < steps && !progress_.done && !progress_.failed; ++s)
        take_step(gradient_of_parts(progress_.step, 0, kParts));
    return progress_;
}

double LmTrainer::validation_loss() {
    const int L = config_.context;
    const long first = corpus_.train_size();
    const long room = corpus_.valid_size() - (L + 1);  // the last start that leaves a whole window
    std::vector<long> starts(kValidWindows);
    for (int k = 0; k < kValidWindows; ++k) starts[static_cast<std::size_t>(k)] = first + room * k / (kValidWindows - 1);
    corpus_.gather(starts, 0, kValidWindows, L, inputs_, targets_);
    const Mat<float>& logits = model_->forward(inputs_, kValidWindows, L);
    CrossEntropy<float> loss;
    return loss.forward_sum(logits, targets_, 1.0f) / static_cast<double>(kValidWindows * L);
}

}  // namespace attn::nn::lm
