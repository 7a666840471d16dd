#include "api/training.hpp"

#include <algorithm>
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

// Each test scene's distance [m] (api/training.hpp), NaN for a scene not measured; `current` while
// the weights are those they were measured for (a start or a step clears it).
struct Misses {
    std::vector<double> distances = std::vector<double>(2 * nn::kTestScenes, std::nan(""));
    bool current = false;
};
Misses& misses() {
    static Misses m;  // allocated once: the page's Float64Array onto it stays valid
    return m;
}
constexpr int kMissObjects[2] = {4, 6};  // the test sets, in the exchange's order

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
        misses().current = false;
        return out;
    });
}

std::string train_advance_json(double steps) {
    return guarded([&] {
        nn::Trainer& t = running();
        misses().current = false;
        return progress_json(t.advance(whole(steps, "steps", 1, kMaxStepsPerCall)));
    });
}

namespace {

// The misses exchange, emptied unless it holds the current weights' distances.
Misses& current_misses() {
    Misses& m = misses();
    if (!m.current) std::fill(m.distances.begin(), m.distances.end(), std::nan(""));
    m.current = true;
    return m;
}

// The mean miss [cm] on test set `set`, measuring the scenes no worker has measured.
double set_miss_cm(nn::Trainer& t, Misses& m, int set) {
    double* d = m.distances.data() + set * nn::kTestScenes;
    for (int i = 0; i < nn::kTestScenes;) {
        int end = i;
        while (end < nn::kTestScenes && std::isnan(d[end])) ++end;
        if (end > i) nn::scene_misses(t.network(), t.task(), kMissObjects[set], i, end - i, d + i);
        i = end + 1;
    }
    return nn::miss_of(d, nn::kTestScenes);
}

}  // namespace

std::string train_misses_json(double share, double shares) {
    return guarded([&] {
        nn::Trainer& t = running();
        const long of = whole(shares, "shares", 1, nn::kTestScenes);
        const long s = whole(share, "share", 0, static_cast<double>(of - 1));
        Misses& m = current_misses();
        const int first = static_cast<int>(s * nn::kTestScenes / of);
        const int n = static_cast<int>((s + 1) * nn::kTestScenes / of) - first;
        json ranges = json::array();
        for (int set = 0; set < 2; ++set) {
            const int offset = set * nn::kTestScenes + first;
            nn::scene_misses(t.network(), t.task(), kMissObjects[set], first, n, m.distances.data() + offset);
            ranges.push_back({offset, n});
        }
        return json{{"ok", true}, {"ranges", ranges}};
    });
}

double* train_misses_data() { return misses().distances.data(); }
long train_misses_size() { return static_cast<long>(misses().distances.size()); }

std::string train_result_json() {
    std::string weights;
    const std::string text = guarded([&] {
        nn::Trainer& t = running();
        nn::Network<float>& net = t.network();
        Misses& m = current_misses();
        const json misses = {{"4", set_miss_cm(t, m, 0)}, {"6", set_miss_cm(t, m, 1)}};
        json out = progress_json(t.progress());
        out["task"] = table::task_name(t.task());
        out["model"] = net.name();
        out["misses"] = misses;
        weights = nn::save_weights_json(net);
        return out;
    });
    if (weights.empty()) return text;  // refused
    // The weights' text goes in as it is: parsed and written again, as it was, it took twice as long as
    // writing it once (about 0.1 s of the end of Transformer-2's training in the page, 17,794 weights).
    return text.substr(0, text.size() - 1) + ",\"weights\":" + weights + "}";
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
        misses().current = false;
        return progress_json(t.take_step(nn::import_gradient(params, exchange().data())));
    });
}

float* train_exchange_data() { return exchange().data(); }
long train_exchange_size() { return static_cast<long>(exchange().size()); }

}  // namespace attn
