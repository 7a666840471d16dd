#include "nn/trainer.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "base/error.hpp"
#include "nn/elementwise.hpp"
#include "nn/frozen_weights.hpp"

namespace attn::nn {

using table::gather_scenes;
using table::make_scenes;
using table::parse_task;
using table::task_name;

double lesson_learning_rate(Task task, const std::string& model) {
    const NetworkEntry* entry = find_network(model);
    if (const LessonTraining* t = entry ? entry->training_for(task_name(task)) : nullptr) return t->rate;
    const std::string network = entry ? entry->label : model;
    throw ParamError("lr", "the lesson did not train " + network + " on \"" + task_name(task) +
                               "\", so it has no rate to offer: set one above 0");
}

int lesson_epochs(Task task) { return task == Task::Find ? 30 : 40; }

Trainer::Trainer(const TrainConfig& config)
    : config_(config), task_(parse_task(config.task)), rng_(config.seed) {
    Rng probe(0);
    make_network<float>(config.model, probe);  // an unknown model fails here, before any work
    lr_ = config.lr == 0 ? lesson_learning_rate(task_, config.model) : config.lr;
    if (!std::isfinite(lr_) || lr_ <= 0) throw ParamError("lr", "the learning rate must be a finite number above 0");
    epochs_ = config.epochs == 0 ? lesson_epochs(task_) : config.epochs;
    if (epochs_ < 1 || epochs_ > kMaxEpochs)
        throw ParamError("epochs", "epochs must be from 1 to " + std::to_string(kMaxEpochs));
    if (config.batch < 1) throw ParamError("batch", "the batch size must be at least 1");
    if (config.scenes < 1) throw ParamError("scenes", "there must be at least one training scene");
    data_ = make_scenes(config.scenes, config.objects, rng_);
    net_ = make_network<float>(config.model, rng_);
    adam_ = std::make_unique<Adam<float>>(net_->params(), lr_);
    steps_per_epoch_ = (config.scenes + config.batch - 1) / config.batch;
    progress_.total_steps = steps_per_epoch_ * epochs_;
    parts_ = batch_parts(config.model);
    order_.resize(config.scenes);
}

void Trainer::shuffle() {
    for (int i = 0; i < config_.scenes; ++i) order_[i] = i;
    for (int i = config_.scenes - 1; i > 0; --i) std::swap(order_[i], order_[rng_.below(i + 1)]);
}

std::string Trainer::loss_problem(double loss) const {
    if (std::isnan(loss)) return "the loss became NaN";
    if (!std::isfinite(loss)) return "the loss became infinite";
    if (progress_.step > 0 && loss > kDivergedLossFactor * first_loss_) {
        std::ostringstream why;
        why << "the loss grew to " << loss << ", more than " << kDivergedLossFactor << " times its first value "
            << first_loss_;
        return why.str();
    }
    return "";
}

// Copied every step (a few microseconds beside the step itself), so that a step
// that throws the weights far off can be undone.
void Trainer::keep_good_weights() {
    const ParamList<float>& params = net_->params();
    good_weights_.resize(params.size());
    for (std::size_t i = 0; i < params.size(); ++i) good_weights_[i] = params[i]->value;
}

void Trainer::fail(const std::string& what) {
    const ParamList<float>& params = net_->params();
    for (std::size_t i = 0; i < good_weights_.size(); ++i) params[i]->value = good_weights_[i];
    std::ostringstream why;
    why << "training stopped at epoch " << progress_.epoch + 1 << ", step " << progress_.step + 1 << ": " << what
        << " (" << progress_.loss << " after the last good step) at learning rate " << lr_
        << ", which is too large for this network: try a smaller learning rate, such as " << lr_ / 10 << ".";
    progress_.failed = true;
    progress_.message = why.str();
}

std::pair<int, int> Trainer::batch_of(long step) {
    const long epoch = step / steps_per_epoch_;
    if (epoch + 1 < shuffled_epochs_) throw std::logic_error("training steps go in order");
    for (; shuffled_epochs_ <= epoch; ++shuffled_epochs_) shuffle();
    const int first = static_cast<int>((step % steps_per_epoch_) * config_.batch);
    return {first, std::min(config_.batch, config_.scenes - first)};
}

float Trainer::part_gradient(int first_scene, int n, int batch) {
    if (n == 0) {  // a part of a batch smaller than the part count
        for (Param<float>* p : net_->params()) p->grad.setZero();
        return 0;
    }
    gather_scenes(data_, order_.data() + first_scene, n, batch_);
    const Mat<float>& answer = net_->forward_for_training(batch_.tokens, batch_.request, n, data_.objects);
    // scaled as the whole batch's mean, so the parts' gradients add up to the batch's
    const float squares = mse_.squares(answer, batch_.answers(task_), static_cast<float>(batch * answer.cols()));
    net_->backward(mse_.d_pred());
    return squares;
}

float Trainer::gradient_of_parts(long step, int first, int count) {
    if (count < 1 || (count & (count - 1)) != 0 || first % count != 0 || first + count > parts_)
        throw std::invalid_argument("a worker's parts are an aligned run of 1, 2, 4, ... of them");
    const auto [start, n] = batch_of(step);
    const FrozenWeights frozen;  // the weights change only at take_step's Adam
    if (count == 1) {  // straight into the grads
        const auto [offset, scenes] = part_scenes(first, parts_, n);
        return part_gradient(start + offset, scenes, n);
    }
    const ParamList<float>& params = net_->params();
    const long size = block_size(params);
    blocks_.resize(static_cast<std::size_t>(count * size));
    for (int i = 0; i < count; ++i) {
        const auto [offset, scenes] = part_scenes(first + i, parts_, n);
        export_gradient(params, part_gradient(start + offset, scenes, n), blocks_.data() + i * size);
    }
    sum_pairwise(blocks_.data(), count, size);
    return import_gradient(params, blocks_.data());
}

const TrainProgress& Trainer::take_step(float squares) {
    if (progress_.done || progress_.failed) return progress_;
    if (step_in_epoch_ == 0) epoch_loss_sum_ = 0;
    const int n = batch_of(progress_.step).second;
    const double loss = squares / static_cast<float>(n * data_.answers(task_).cols());
    if (const std::string what = loss_problem(loss); !what.empty()) {
        fail(what);  // the previous step made these weights: back to those before it
        return progress_;
    }
    keep_good_weights();  // they gave a good loss
    bool finite = true;
    for (const Param<float>* p : net_->params()) finite = finite && all_finite(p->grad);
    if (!finite) {
        fail("the gradient became NaN or infinite");  // no step was taken: these weights are the good ones
        return progress_;
    }
    adam_->step();

    if (progress_.step == 0) first_loss_ = loss;
    ++progress_.step;
    ++step_in_epoch_;
    progress_.loss = loss;
    epoch_loss_sum_ += loss;
    progress_.epoch_loss = epoch_loss_sum_ / static_cast<double>(step_in_epoch_);
    if (step_in_epoch_ == steps_per_epoch_) {
        step_in_epoch_ = 0;
        ++progress_.epoch;
        if (progress_.epoch == epochs_) progress_.done = true;
    }
    return progress_;
}

const TrainProgress& Trainer::advance(long steps) {
    for (long s = 0; s < steps && !progress_.done && !progress_.failed; ++s)
        take_step(gradient_of_parts(progress_.step, 0, parts_));
    return progress_;
}

void scene_misses(Network<float>& net, Task task, int objects, int first, int n, double* out, int count,
                  std::uint64_t seed) {
    if (first < 0 || n < 0 || first > count - n) throw std::invalid_argument("scenes outside the test set");
    Rng rng(seed);
    const SceneSet test = make_scenes(count, objects, rng);
    // A training part's size at most: the layers' buffers keep the training's shapes (no new memory),
    // and training's forward, which computes the answers alone (the same bits as forward's), is the one
    // a training has just run many times (in WebAssembly, already optimised code).
    constexpr int kChunk = 32;
    std::vector<int> rows(kChunk);
    SceneSet chunk;
    for (int done = 0; done < n; done += kChunk) {
        const int m = std::min(kChunk, n - done);
        for (int i = 0; i < m; ++i) rows[static_cast<std::size_t>(i)] = first + done + i;
        gather_scenes(test, rows.data(), m, chunk);
        const Mat<float>& answer = net.forward_for_training(chunk.tokens, chunk.request, m, objects);
        const Mat<float>& truth = chunk.answers(task);
        for (int i = 0; i < m; ++i) out[done + i] = (answer.row(i) - truth.row(i)).cast<double>().norm();
    }
}

double miss_of(const double* distances, int count) {
    double total = 0;
    for (int i = 0; i < count; ++i) total += distances[i];
    return 100.0 * total / count;  // [m] -> [cm]
}

double miss_cm(Network<float>& net, Task task, int objects, int count, std::uint64_t seed) {
    std::vector<double> distances(static_cast<std::size_t>(count));
    scene_misses(net, task, objects, 0, count, distances.data(), count, seed);
    return miss_of(distances.data(), count);
}

}  // namespace attn::nn
