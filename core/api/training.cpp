#include "api/training.hpp"

#include <cmath>
#include <memory>

#include <nlohmann/json.hpp>

#include "api/api_json.hpp"
#include "api/json_limits.hpp"
#include "demo/error.hpp"
#include "demo/params.hpp"
#include "lessons/training/training_params.hpp"
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
                    {"task", c.task}, {"model", c.model}, {"seed", c.seed}};
        trainer() = std::move(t);
        return out;
    });
}

std::string train_advance_json(double steps) {
    return guarded([&] {
        if (!trainer()) throw ComputeError("no training has been started");
        if (!std::isfinite(steps) || steps < 1 || steps > kMaxStepsPerCall || steps != std::floor(steps))
            throw ParamError("steps", "steps must be a whole number from 1 to " + std::to_string(kMaxStepsPerCall));
        return progress_json(trainer()->advance(static_cast<long>(steps)));
    });
}

std::string train_result_json() {
    return guarded([] {
        if (!trainer()) throw ComputeError("no training has been started");
        nn::Trainer& t = *trainer();
        nn::Network<float>& net = t.network();
        const json misses = {{"4", nn::miss_cm(net, t.task(), 4)}, {"6", nn::miss_cm(net, t.task(), 6)}};
        json out = progress_json(t.progress());
        out["task"] = nn::task_name(t.task());
        out["model"] = net.name();
        out["weights"] = json::parse(nn::save_weights_json(net));
        out["misses"] = misses;
        return out;
    });
}

}  // namespace attn
