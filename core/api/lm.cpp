#include "api/lm.hpp"

#include <cmath>
#include <memory>
#include <vector>

#include <nlohmann/json.hpp>

#include "api/api_json.hpp"
#include "base/json_limits.hpp"
#include "base/error.hpp"
#include "nn/batch_parts.hpp"
#include "nn/lm/lm_trainer.hpp"
#include "nn/lm/lm_weights.hpp"
#include "nn/lm/sampling.hpp"
#include "nn/lm/text.hpp"

namespace attn {
namespace {

using api_json::guarded;
using json = nlohmann::json;
namespace lm = nn::lm;

std::unique_ptr<lm::LmTrainer>& trainer() {
    static std::unique_ptr<lm::LmTrainer> t;  // one per module instance
    return t;
}

std::vector<float>& exchange() {
    static std::vector<float> blocks;  // (parts, block size)
    return blocks;
}

lm::LmTrainer& running() {
    if (!trainer()) throw ComputeError("no language model has been trained yet");
    return *trainer();
}

json parse_object(const std::string& text, const std::string& what) {
    json_limits::check_json_text(text, "", "the text of " + what);
    json out;
    try {
        out = json::parse(text.empty() ? "{}" : text);
    } catch (const json::exception&) {
        throw ParamError("", what + " is not valid JSON (numbers must be finite)");
    }
    if (!out.is_object()) throw ParamError("", what + " must be a JSON object");
    return out;
}

// A number the object may hold under `key` (else `fallback`); ParamError when it is not a number,
// or not whole when `whole`.
double number(const json& object, const char* key, double fallback, bool whole) {
    if (!object.contains(key)) return fallback;
    const json& v = object[key];
    if (!v.is_number()) throw ParamError(key, std::string(key) + " must be a number");
    const double x = v.get<double>();
    if (!std::isfinite(x) || (whole && x != std::floor(x)))
        throw ParamError(key, std::string(key) + (whole ? " must be a whole number" : " must be a finite number"));
    return x;
}

// Every key must be one of `known`: a misspelt setting is named rather than ignored.
void only(const json& object, std::initializer_list<const char*> known) {
    for (const auto& item : object.items()) {
        bool found = false;
        for (const char* k : known) found = found || item.key() == k;
        if (!found) throw ParamError(item.key(), "unknown setting \"" + item.key() + "\"");
    }
}

// A whole number within [lo, hi] for the call's own arguments.
long whole(double v, const char* name, double lo, double hi) {
    if (!std::isfinite(v) || v < lo || v > hi || v != std::floor(v))
        throw ParamError(name, std::string(name) + " must be a whole number from " +
                                   std::to_string(static_cast<long>(lo)) + " to " + std::to_string(static_cast<long>(hi)));
    return static_cast<long>(v);
}

int bounded_int(double x) { return static_cast<int>(std::max(-1e9, std::min(1e9, x))); }

json progress_json(const lm::LmProgress& p) {
    return {{"ok", true}, {"step", p.step}, {"total_steps", p.total_steps},
            {"loss", std::isfinite(p.loss) ? json(p.loss) : json(nullptr)}, {"done", p.done},
            {"failed", p.failed}, {"message", p.message}};
}

std::string prompt_of(const json& object) {
    if (!object.contains("prompt") || !object["prompt"].is_string())
        throw ParamError("prompt", "Type at least one character to start from.");
    return object["prompt"].get<std::string>();
}

// The trainer, built in a function of its own: its loops over the text and the weights, inlined into
// lm_start_json, made a WebAssembly engine compile all of that large call again with its optimising compiler
// (0.35-0.7 s of processor time beside the training workers; docs/benchmarks.md, 2026-12-04 15:20).
[[gnu::noinline]] std::unique_ptr<lm::LmTrainer> new_trainer(const std::string& text, const lm::LmConfig& config) {
    return std::make_unique<lm::LmTrainer>(text, config);
}

}  // namespace

std::string lm_start_json(const std::string& text, const std::string& settings_json) {
    trainer().reset();  // a refused training must not leave the old one to continue
    return guarded([&] {
        const json s = parse_object(settings_json, "the language model's settings");
        only(s, {"layers", "heads", "width", "context", "batch", "lr", "weight_decay", "steps", "seed"});
        lm::LmConfig c;
        c.layers = bounded_int(number(s, "layers", c.layers, true));
        c.heads = bounded_int(number(s, "heads", c.heads, true));
        c.width = bounded_int(number(s, "width", c.width, true));
        c.context = bounded_int(number(s, "context", c.context, true));
        c.batch = bounded_int(number(s, "batch", c.batch, true));
        c.lr = number(s, "lr", c.lr, false);
        c.weight_decay = number(s, "weight_decay", c.weight_decay, false);
        const double steps = number(s, "steps", static_cast<double>(c.steps), true);
        c.steps = static_cast<long>(std::max(-1.0, std::min(steps, 1e12)));
        const double seed = number(s, "seed", 0, true);
        if (seed < 0 || seed > 9007199254740991.0) throw ParamError("seed", "seed must be a whole number from 0");
        c.seed = static_cast<std::uint64_t>(seed);
        auto t = new_trainer(text, c);
        json chars = json::array();
        for (char32_t ch : t->corpus().chars()) chars.push_back(lm::utf8(ch));
        const long block = nn::block_size(t->model().params());
        json out = {{"ok", true}, {"parameters", t->model().parameter_count()}, {"vocab", t->corpus().vocab_size()},
                    {"chars", chars}, {"train_chars", t->corpus().train_size()},
                    {"valid_chars", t->corpus().valid_size()}, {"total_steps", c.steps}, {"parts", lm::kParts},
                    {"block", block}};
        exchange().assign(static_cast<std::size_t>(lm::kParts * block), 0.0f);
        trainer() = std::move(t);
        return out;
    });
}

std::string lm_advance_json(double steps) {
    return guarded([&] { return progress_json(running().advance(whole(steps, "steps", 1, lm::kMaxSteps))); });
}

std::string lm_validation_json() {
    return guarded([] { return json{{"ok", true}, {"loss", running().validation_loss()}}; });
}

std::string lm_weights_json() {
    return guarded([] {
        lm::LmTrainer& t = running();
        const double loss = t.validation_loss();
        const lm::LmRecord record{t.progress().step, t.corpus().size(), loss};
        return json{{"ok", true}, {"file", lm::weights_file(t.model(), t.corpus(), record)}, {"validation_loss", loss}};
    });
}

std::string lm_next_json(const std::string& params_json) {
    return guarded([&] {
        const json p = parse_object(params_json, "the sampling settings");
        only(p, {"prompt", "temperature", "top_k"});
        lm::LmTrainer& t = running();
        const std::string prompt = prompt_of(p);
        if (prompt.empty()) throw ParamError("prompt", "Type at least one character to start from.");
        const std::vector<int> ids = t.corpus().encode(prompt, "prompt");
        return json{{"ok", true},
                    {"probabilities", lm::next_char_probabilities(t.model(), ids, number(p, "temperature", 1, false),
                                                                  bounded_int(number(p, "top_k", 0, true)))}};
    });
}

std::string lm_generate_json(const std::string& params_json) {
    return guarded([&] {
        const json p = parse_object(params_json, "the sampling settings");
        only(p, {"prompt", "count", "temperature", "top_k", "seed"});
        lm::LmTrainer& t = running();
        const double seed = number(p, "seed", 0, true);
        if (seed < 0 || seed > 9007199254740991.0) throw ParamError("seed", "seed must be a whole number from 0");
        return json{{"ok", true},
                    {"text", lm::generate(t.model(), t.corpus(), prompt_of(p), bounded_int(number(p, "count", 200, true)),
                                          number(p, "temperature", 1, false), bounded_int(number(p, "top_k", 0, true)),
                                          static_cast<std::uint64_t>(seed))}};
    });
}

std::string lm_parts_gradient_json(double step, double first, double count, double slot) {
    return guarded([&] {
        lm::LmTrainer& t = running();
        const long s = whole(step, "step", 0, static_cast<double>(t.progress().total_steps - 1));
        const int f = static_cast<int>(whole(first, "first", 0, lm::kParts - 1));
        const int c = static_cast<int>(whole(count, "count", 1, lm::kParts));
        const long into = whole(slot, "slot", 0, lm::kParts - 1);
        const float loss = t.gradient_of_parts(s, f, c);
        nn::export_gradient(t.model().params(), loss, exchange().data() + into * nn::block_size(t.model().params()));
        return json{{"ok", true}};
    });
}

std::string lm_step_json(double blocks) {
    return guarded([&] {
        lm::LmTrainer& t = running();
        const int count = static_cast<int>(whole(blocks, "blocks", 1, lm::kParts));
        const nn::ParamList<float>& params = t.model().params();
        nn::sum_pairwise(exchange().data(), count, nn::block_size(params));
        return progress_json(t.take_step(nn::import_gradient(params, exchange().data())));
    });
}

float* lm_exchange_data() { return exchange().data(); }
long lm_exchange_size() { return static_cast<long>(exchange().size()); }

}  // namespace attn
