// The training-plan demo: what "Train again" will do with the chosen settings.
// The page attaches the training itself (a Web Worker) to this demo.
#include "lessons/training/demos.hpp"

#include <cctype>

#include "nn/network.hpp"
#include "math/numpy_format.hpp"
#include "demo/prose.hpp"
#include "demo/result.hpp"
#include "lessons/training/common.hpp"

namespace attn::training {
namespace {

json compute(const Params& p) {
    const nn::TrainConfig config = config_from(p);
    const table::Task task = table::parse_task(config.task);
    const double lr = config.lr > 0 ? config.lr : nn::lesson_learning_rate(task, config.model);
    const int epochs = config.epochs > 0 ? config.epochs : nn::lesson_epochs(task);
    const long steps_per_epoch = (nn::kTrainScenes + nn::kBatchSize - 1) / nn::kBatchSize;
    Rng rng(config.seed);
    const long parameters = nn::make_network<float>(config.model, rng)->parameter_count();

    Result r;
    r.print(config.model + " on \"" + config.task + "\": " + format_count(parameters) + " parameters");
    r.print("Adam, learning rate " + format_number(lr) + ", " + std::to_string(epochs) +
            (epochs == 1 ? " epoch of " : " epochs of ") + std::to_string(steps_per_epoch) + " batches of " +
            std::to_string(nn::kBatchSize) + " = " + format_count(epochs * steps_per_epoch) + " steps");
    r.number("parameters", parameters).number("lr", lr).number("epochs", epochs);
    r.text("epochs_text", prose::counted(epochs, "epoch"));
    r.number("total_steps", epochs * steps_per_epoch).text("slot", config.task + "/" + config.model);
    std::string name = config.model;
    name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
    r.text("network_name", name).text("task", config.task);
    return std::move(r).to_json();
}

}  // namespace

Demo train_plan() {
    return {"train_plan", "Train a network again, in your browser", training_params(), compute, {}};
}

}  // namespace attn::training
