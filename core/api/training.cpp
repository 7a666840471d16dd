#include "api/training.hpp"

#include <cmath>
#include <memory>
#include <vector>

#include <nlohmann/json.hpp>

#include "api/api_json.hpp"
#include "base/json_limits.hpp"
#include "base/error.hpp"
#include "demo/params.hpp"
#include "lessons/training/common.hpp"
#include "nn/batch_parts.hpp"
#include "nn/trainer.hpp"
#include "nn/weights_json.hpp"

namespace attn {
namespace {

using api_json::guarded;

constexpr long kMaxStepsPerCall = 1000000;   // one call never runs longer than a full training

std::unique_ptr<nn::Trainer>& trainer() {
    static std::unique_ptr<nn::Trainer> t;  // one per module instance
    return t;
}

std::vector<float>& exchange() {
    static std::vector<float> blocks;  // (parts, block size), see training.hpp
    return blocks;
}

nn::Trainer& running() {
    if (!trainer()) throw ComputeError("no training has been started");
    return *trainer();
}

// A whole number in [lo, hi], or a ParamError on `name`.
long whole(double v, const char* name, double lo, double hi) {
    if (!std::isfinite(v) || v < lo || v > hi || v != std::floor(v))
        throw ParamError(name, std::string(name) + " must be a whole number from " + std::to_string(static_cast<long>(lo)) +
                                   " to " + std::to_string(static_cast<long>(hi)));
    return static_cast<long>(v);
}

json progress_json(const nn::TrainProgress& p) {
    return {{"ok", true}, {"epoch", p.epoch}, {"step", p.step}, {"total_steps", p.total_steps},
            {"loss", std::isfinite(p.loss) ? json(p.loss) : json(nullptr)},
            {"epoch_loss", std::isfinite(p.epoch_loss) ? json(p.epoch_loss) : json(nullptr)},
            {"done", p.done}, {"failed", p.failed}, {"message", p.message}};
}

json parse_object(const std::string& text, const std::string& what) {
    json_limits::check_json_text(text, "", "the text of " + what);
    try {
        return json::parse(text.empty() ? "{}" : text);
    } catch (const json::exception&) {
        throw ParamError("", what + " is not valid JSON (numbers must be finite)");
    }
}

}  // namespace
std::string train_start_json(const std::string& config_json) {
    trainer().reset();  // a refused training must not leave the old one to continue on the next advance
    return guarded([&] {
        const json input = parse_object(config_json, "the training settings");
        // The same declarations as the page's training controls (the train_plan demo):
        // each bad value is named; lr 0 and epochs 0 stand for the lesson's choices.
        const nn::TrainConfig c = training::config_from(validate_params(training::training_params(), input));
        auto t = std::make_unique<nn::Trainer>(c);
        json out = {{"ok", true}, {"total_steps", t->progress().total_steps}, {"steps_per_epoch", t->steps_per_epoch()},
                    {"epochs", t->epochs()}, {"lr", t->learning_rate()}, {"parameters", t->network().parameter_count()},
                    {"task", c.task}, {"model", c.model}, {"seed", c.seed}, {"parts", t->parts()},
                    {"block", nn::block_size(t->network().params())}};
        exchange().assign(static_cast<std::size_t>(t->parts() * nn::block_size(t->network().params())), 0.0f);
        trainer() = std::move(t);
        return out;
    });
}

std::string train_advance_json(double steps) {
    return guarded([&] {
        nn::Trainer& t = running();
        return progress_json(t.advance(whole(steps, "steps", 1, kMaxStepsPerCall)));
    });
}

std::string train_result_json() {
    return guarded([] {
        nn::Trainer& t = running();
        nn::Network<float>& net = t.network();
        const json misses = {{"4", nn::miss_cm(net, t.task(), 4)}, {"6", nn::miss_cm(net, t.task(), 6)}};
        json out = progress_json(t.progress());
        out["task"] = table::task_name(t.task());
        out["model"] = net.name();
        out["weights"] = json::parse(nn::save_weights_json(net));
        out["misses"] = misses;
        return out;
    });
}

std::string train_parts_gradient_json(double step, double first, double count, double slot) {
    return guarded([&] {
        nn::Trainer& t = running();
        const long s = whole(step, "step", 0, static_cast<double>(t.progress().total_steps - 1));
        const int f = static_cast<int>(whole(first, "first", 0, t.parts() - 1));
        const int c = static_cast<int>(whole(count, "count", 1, t.parts()));
        const long into = whole(slot, "slot", 0, t.parts() - 1);
        const float squares = t.gradient_of_parts(s, f, c);
        nn::export_gradient(t.network().params(), squares, exchange().data() + into * nn::block_size(t.network().params()));
        return json{{"ok", true}};
    });
}

std::string train_step_json(double blocks) {
    return guarded([&] {
        nn::Trainer& t = running();
        const int count = static_cast<int>(whole(blocks, "blocks", 1, t.parts()));
        const nn::ParamList<float>& params = t.network().params();
        nn::sum_pairwise(exchange().data(), count, nn::block_size(params));
        return progress_json(t.take_step(nn::import_gradient(params, exchange().data())));
    });
}

float* train_exchange_data() { return exchange().data(); }
long train_exchange_size() { return static_cast<long>(exchange().size()); }

}  // namespace attn
