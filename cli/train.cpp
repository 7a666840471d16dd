// attn train: trains one of the table lesson's networks natively.
//   attn train --task find|nearest --model <a network of nn/network_table.cpp>
//              [--seed N] [--lr R] [--epochs N] [--out weights.json] [--quiet]
//   attn networks [--json]: the network table, as a list or as JSON for scripts
// Progress goes to stderr once per epoch; the result (misses in cm on 2,000
// new scenes of 4 and of 6 objects, time) goes to stdout as one JSON line.
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

#include <nlohmann/json.hpp>

#include "base/error.hpp"
#include "report_errors.hpp"
#include "nn/trainer.hpp"
#include "nn/weights_json.hpp"

namespace {

int train_usage() {
    std::string models;
    for (const std::string& name : attn::nn::network_names()) models += (models.empty() ? "" : "|") + name;
    std::cerr << "usage: attn train --task find|nearest --model " << models << "\n"
                 "                  [--seed N] [--lr RATE] [--epochs N] [--out weights.json] [--quiet]\n"
                 "  --lr and --epochs default to the lesson's choice for the task and model.\n";
    return 2;
}

// The largest seed: every whole number up to 2^53 is exact in a double, and
// casting a larger one (1e19) to an integer is undefined behaviour.
constexpr double kMaxSeed = 9007199254740992.0;

// strtod also reads "nan" and "inf": they are refused here, before any cast.
double parse_number(const std::string& flag, const std::string& text) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !std::isfinite(v))
        throw attn::ParamError(flag, flag + " needs a finite number, not \"" + text + "\"");
    return v;
}

bool whole_in(double v, double lo, double hi) { return v >= lo && v <= hi && v == std::floor(v); }

}  // namespace

// attn networks: one line per network (name, class and sizes, parameters, the
// lesson's rate for each task); --json: the whole table for scripts.
int networks_command(int argc, char** argv) {
    const nlohmann::json table = attn::nn::network_table_json();
    if (argc == 3 && std::string(argv[2]) == "--json") {
        std::cout << table.dump() << "\n";
        return 0;
    }
    if (argc != 2) {
        std::cerr << "usage: attn networks [--json]\n";
        return 2;
    }
    for (const nlohmann::json& e : table) {
        std::string built = e["class"].get<std::string>() + "(";
        for (std::size_t i = 0; i < e["sizes"].size(); ++i) built += (i ? ", " : "") + e["sizes"][i].dump();
        // A text network's parameters depend on its text's vocabulary: its sizes are the lesson's settings.
        const std::string parameters = e.contains("parameters") ? e["parameters"].dump() + " parameters  "
                                                                 : "(layers, heads, width, context)  ";
        std::cout << e["name"].get<std::string>() << "  " << built << ")  " << parameters << e["batch_parts"]
                  << " batch part(s)";
        for (const nlohmann::json& t : e["trained"])
            std::cout << "  " << t["task"].get<std::string>() << ": rate " << t["rate"].get<double>()
                      << (t["weights"] == "" ? "" : ", shipped");
        std::cout << "\n";
    }
    return 0;
}

int train_command(int argc, char** argv) {
    using namespace attn::nn;
    TrainConfig config;
    std::string out_path;
    bool quiet = false;
    return reporting_errors([&]() -> int {
        for (int i = 2; i < argc; ++i) {
            const std::string flag = argv[i];
            if (flag == "--quiet") {
                quiet = true;
                continue;
            }
            if (i + 1 >= argc) return train_usage();
            const std::string value = argv[++i];
            if (flag == "--task") config.task = value;
            else if (flag == "--model") config.model = value;
            else if (flag == "--out") out_path = value;
            else if (flag == "--seed") {
                const double s = parse_number("seed", value);
                if (!whole_in(s, 0, kMaxSeed))
                    throw attn::ParamError("seed", "the seed must be a whole number from 0 to 2^53 (9007199254740992)");
                config.seed = static_cast<std::uint64_t>(s);
            } else if (flag == "--lr") {
                config.lr = parse_number("lr", value);
                if (config.lr == 0) throw attn::ParamError("lr", "the learning rate must be a finite number above 0");
            } else if (flag == "--epochs") {
                const double e = parse_number("epochs", value);
                if (!whole_in(e, 1, kMaxEpochs))
                    throw attn::ParamError("epochs", "epochs must be a whole number from 1 to " + std::to_string(kMaxEpochs));
                config.epochs = static_cast<int>(e);
            } else
                return train_usage();
        }

        Trainer trainer(config);
        // The training steps only, as scripts/bench_nn.py times PyTorch's: not the 20,000 scenes' making.
        const auto start = std::chrono::steady_clock::now();
        if (!quiet)
            std::cerr << "training " << config.model << " on " << config.task << ": seed " << config.seed << ", rate "
                      << trainer.learning_rate() << ", " << trainer.epochs() << " epochs of "
                      << trainer.steps_per_epoch() << " steps, " << trainer.network().parameter_count()
                      << " parameters\n";
        while (true) {
            const TrainProgress& p = trainer.advance(trainer.steps_per_epoch());
            if (p.failed) {
                std::cerr << "error: " << p.message << "\n";
                break;
            }
            if (!quiet)
                std::cerr << "epoch " << p.epoch << "/" << trainer.epochs() << "  step " << p.step << "/"
                          << p.total_steps << "  loss " << p.epoch_loss << "\n";
            if (p.done) break;
        }
        const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
        const TrainProgress& p = trainer.progress();
        Network<float>& net = trainer.network();
        nlohmann::json result = {
            {"task", config.task}, {"model", config.model}, {"seed", config.seed}, {"lr", trainer.learning_rate()},
            {"epochs", trainer.epochs()}, {"steps", p.step}, {"parameters", net.parameter_count()},
            {"final_epoch_loss", p.epoch_loss}, {"seconds", seconds.count()},
            {"miss_cm_4", miss_cm(net, trainer.task(), 4)}, {"miss_cm_6", miss_cm(net, trainer.task(), 6)},
            {"failed", p.failed}};
        if (p.failed) result["message"] = p.message;
        if (p.failed && !out_path.empty())
            std::cerr << "error: the training did not finish, so " << out_path << " was not written\n";
        if (!p.failed && !out_path.empty()) {
            std::ofstream out(out_path);
            if (!out) throw attn::ParamError("out", "cannot write " + out_path);
            out << save_weights_json(net) << "\n";
        }
        std::cout << result.dump() << "\n";
        return p.failed ? 1 : 0;
    });
}
