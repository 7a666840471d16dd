// The table lesson's verbs of the `attn` tool, and the pretrained networks it
// loads before `run` and `bench`.
//   attn table-pack --in trained.json --out file.json [--training '<json>']
//       evaluates a trained network's misses (2,000 new scenes of 4 and of 6 objects)
//       and writes it compactly, every float as its shortest round-trip text,
//       with "misses" and "training" beside the weights
//   attn summary --slot find/plain-256 --in weights.json   the summary of a weights file (models/model_summary.hpp)
//   attn rate-sweep --task find --models lookup,plain-16 --seeds 0-9
//                   --rates 0.001,0.003,0.01,0.03 [--note text] [--out file.json]
//       trains each model at each rate and seed and records the miss on
//       validation scenes (never the test scenes)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "report_errors.hpp"

#include <nlohmann/json.hpp>

#include "base/error.hpp"
#include "nn/trainer.hpp"
#include "nn/weights_json.hpp"
#include "models/model_store.hpp"
#include "models/model_summary.hpp"
#include "api/models.hpp"

namespace {

using json = nlohmann::json;
using namespace attn::nn;
using namespace attn::table;

constexpr std::uint64_t kValidationSeed = 98;  // validation scenes: neither a training stream nor the test scenes (99)

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw attn::ParamError("in", "cannot read " + path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The shortest decimal that reads back as exactly this float, both directly and
// the way the loader reads it (to a double, then to a float: twice rounded).
std::string float_text(float v) {
    char text[32];
    for (int digits = 1; digits <= 9; ++digits) {
        std::snprintf(text, sizeof text, "%.*g", digits, static_cast<double>(v));
        if (std::strtof(text, nullptr) == v && static_cast<float>(std::strtod(text, nullptr)) == v) break;
    }
    return text;
}

// A weights file as nn/weights_json.hpp reads it, written by hand so the floats stay short;
// the small fields come first so a reader sees them at the top.
std::string compact_weights(const Network<float>& net, const json& misses, const json& training) {
    std::string s = "{\"format\":\"attn-nn-weights\",\"version\":1,\"model\":\"" + net.name() + "\",\"misses\":" +
                    misses.dump() + ",\"training\":" + training.dump() + ",\"parameters\":[";
    for (std::size_t i = 0; i < net.params().size(); ++i) {
        const Param<float>& p = *net.params()[i];
        s += (i ? ",\n" : "\n") + json{{"name", p.name}, {"shape", p.shape}}.dump();
        s.pop_back();  // reopen the object for "values"
        s += ",\"values\":[";
        for (Eigen::Index k = 0; k < p.value.size(); ++k) s += (k ? "," : "") + float_text(p.value.data()[k]);
        s += "]}";
    }
    return s + "\n]}\n";
}

int pack(const std::map<std::string, std::string>& flags) {
    const std::string in = flags.count("in") ? flags.at("in") : "";
    const std::string out = flags.count("out") ? flags.at("out") : "";
    if (in.empty() || out.empty()) throw attn::ParamError("in", "table-pack needs --in and --out");
    const Task task = parse_task(flags.count("task") ? flags.at("task") : "find");
    // Through a store, so a file that already carries misses can be packed again.
    attn::models::ModelStore store;
    const std::string text = read_file(in);
    const json doc = json::parse(text, nullptr, false);
    const std::string model =
        doc.is_object() && doc.contains("model") && doc["model"].is_string() ? doc["model"].get<std::string>()
                                                                             : default_network().name;
    Network<float>* net = store.store(std::string(task_name(task)) + "/" + model, text).net.get();
    const json misses = {{"4", miss_cm(*net, task, 4)}, {"6", miss_cm(*net, task, 6)}};
    json training = flags.count("training") ? json::parse(flags.at("training")) : json::object();
    training["task"] = task_name(task);
    std::ofstream file(out, std::ios::binary);
    if (!file) throw attn::ParamError("out", "cannot write " + out);
    file << compact_weights(*net, misses, training);
    std::cout << json{{"out", out}, {"model", net->name()}, {"misses", misses}}.dump() << "\n";
    return 0;
}

std::vector<std::string> split(const std::string& text, char by) {
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(text);
    while (std::getline(in, part, by))
        if (!part.empty()) parts.push_back(part);
    return parts;
}

// "0-9" -> 0..9, "0,3,5" -> 0, 3, 5
std::vector<int> seed_list(const std::string& text) {
    std::vector<int> seeds;
    for (const std::string& part : split(text, ',')) {
        const auto dash = part.find('-');
        if (dash == std::string::npos) seeds.push_back(std::stoi(part));
        else
            for (int s = std::stoi(part.substr(0, dash)); s <= std::stoi(part.substr(dash + 1)); ++s) seeds.push_back(s);
    }
    return seeds;
}

// The lesson's rule: the rate with the lowest mean miss over seeds 0-2.
double chosen_rate(const json& runs) {
    constexpr int kChoosingSeeds = 3;
    double best_rate = 0, best_miss = std::numeric_limits<double>::infinity();
    for (const json& run : runs) {
        double total = 0;
        for (int s = 0; s < kChoosingSeeds; ++s) total += run["misses_cm"].at(s).get<double>();
        if (total / kChoosingSeeds < best_miss) best_miss = total / kChoosingSeeds, best_rate = run["rate"];
    }
    return best_rate;
}

// The networks a sweep takes when none are named: those the lesson trained for
// "find" whose weights the page loads at once (Lookup and Plain-16), a sweep of
// minutes; the large Plain-256 only when asked (scripts/make_rate_sweep.sh names it).
std::vector<std::string> quick_sweep_networks() {
    std::vector<std::string> names;
    for (const NetworkEntry& e : network_table()) {
        const LessonTraining* find = e.training_for("find");
        if (find && !find->load_on_request) names.push_back(e.name);
    }
    return names;
}

int rate_sweep(const std::map<std::string, std::string>& flags) {
    const std::string task = flags.count("task") ? flags.at("task") : "find";
    const std::vector<std::string> models = flags.count("models") ? split(flags.at("models"), ',') : quick_sweep_networks();
    const std::vector<int> seeds = seed_list(flags.count("seeds") ? flags.at("seeds") : "0-9");
    std::vector<double> rates;
    for (const std::string& r : split(flags.count("rates") ? flags.at("rates") : "0.001,0.003,0.01,0.03", ','))
        rates.push_back(std::stod(r));

    const auto start = std::chrono::steady_clock::now();
    json out_models = json::array();
    for (const std::string& model : models) {
        json runs = json::array();
        for (double rate : rates) {
            json misses = json::array();
            for (int seed : seeds) {
                TrainConfig c;
                c.task = task;
                c.model = model;
                c.seed = static_cast<std::uint64_t>(seed);
                c.lr = rate;
                Trainer t(c);
                const TrainProgress& p = t.advance(t.progress().total_steps);
                // A training that blew up counts as its last good weights, as the page would keep them.
                const double miss = miss_cm(t.network(), t.task(), kTrainObjects, kTestScenes, kValidationSeed);
                misses.push_back(miss);
                std::cerr << task << "/" << model << " rate " << rate << " seed " << seed << ": " << miss << " cm"
                          << (p.failed ? " (stopped: loss not finite)" : "") << "\n";
            }
            runs.push_back({{"rate", rate}, {"misses_cm", misses}});
        }
        out_models.push_back({{"model", model}, {"seeds", seeds}, {"chosen_rate", chosen_rate(runs)}, {"runs", runs}});
    }
    const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
    json doc = {{"format", "attn-rate-sweep"}, {"version", 1}, {"task", task},
                {"measure", "mean miss in cm on 2,000 validation scenes of 4 objects (Rng seed 98), after the lesson's "
                            "epochs on 20,000 training scenes"},
                {"rates", rates}, {"models", out_models}, {"seconds", seconds.count()},
                {"note", flags.count("note") ? flags.at("note") : ""}};
    const std::string text = doc.dump(1) + "\n";
    if (flags.count("out")) {
        std::ofstream file(flags.at("out"));
        if (!file) throw attn::ParamError("out", "cannot write " + flags.at("out"));
        file << text;
    } else
        std::cout << text;
    return 0;
}

}  // namespace

int table_command(int argc, char** argv) {
    std::map<std::string, std::string> flags;
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        if (flag.rfind("--", 0) != 0) break;
        flags[flag.substr(2)] = argv[i + 1];
    }
    return reporting_errors([&] {
        const std::string verb = argv[1];
        if (verb == "table-pack") return pack(flags);
        if (verb == "rate-sweep") return rate_sweep(flags);
        if (verb == "summary") {  // the summary a page starts from while these weights load on request
            std::cout << attn::models::summarize_weights(flags.at("slot"), read_file(flags.at("in"))).dump() << "\n";
            return 0;
        }
        return 2;
    });
}

// Every <task>-<model>.json in the folder (ATTN_MODELS_DIR, else the
// repository's lessons/table/weights) into the store, as the page does; a
// <task>-<model>.summary.json as the summary of weights that load on request,
// so the site build can run a demo as a page first shows it (scripts/build-site.mjs).
void load_table_models() {
    namespace fs = std::filesystem;
    const char* env = std::getenv("ATTN_MODELS_DIR");
#ifdef ATTN_SOURCE_DIR
    const fs::path dir = env ? fs::path(env) : fs::path(ATTN_SOURCE_DIR) / "lessons/table/weights";
#else
    if (!env) return;
    const fs::path dir = env;
#endif
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        const std::string file = entry.path().filename().string();
        if (entry.path().extension() != ".json") continue;
        std::string stem = entry.path().stem().string();
        const bool summary = entry.path().stem().extension() == ".summary";
        if (summary) stem = entry.path().stem().stem().string();
        const auto dash = stem.find('-');
        if (dash == std::string::npos) continue;
        const std::string slot = stem.substr(0, dash) + "/" + stem.substr(dash + 1);
        try {
            if (summary) {
                const json answer = json::parse(attn::load_model_summary_json(slot, read_file(entry.path().string())));
                if (!answer.value("ok", false)) std::cerr << "warning: " << file << " not loaded: " << answer.dump() << "\n";
                continue;
            }
            attn::models::model_store().store(slot, read_file(entry.path().string()));
        } catch (const std::exception& e) {
            std::cerr << "warning: " << file << " not loaded: " << e.what() << "\n";
        }
    }
}
