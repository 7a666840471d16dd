// The trainer's rates for "find" are the ones the shipped rate sweep picks by
// the lesson's rule: the lowest mean validation miss over seeds 0-2. The sweep
// (lessons/table/data/rate_sweep.json, scripts/make_rate_sweep.sh) is drawn on
// the table page, so the page's chart and the trainer can't disagree.
#include <fstream>
#include <limits>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "nn/trainer.hpp"

using namespace attn::nn;
using namespace attn::table;

namespace {

constexpr int kChoosingSeeds = 3;  // the lesson chooses on seeds 0-2

nlohmann::json shipped_sweep() {
    std::ifstream in(std::string(ATTN_SOURCE_DIR) + "/lessons/table/data/rate_sweep.json");
    REQUIRE(in);
    return nlohmann::json::parse(in);
}

double mean_of_first_seeds(const nlohmann::json& misses) {
    REQUIRE(misses.size() >= kChoosingSeeds);
    double total = 0;
    for (int s = 0; s < kChoosingSeeds; ++s) total += misses[s].get<double>();
    return total / kChoosingSeeds;
}

}  // namespace

TEST_CASE("rates: for each network on find the trainer uses the rate with the lowest mean miss over seeds 0-2 in the shipped sweep") {
    const nlohmann::json sweep = shipped_sweep();
    REQUIRE(sweep.at("task") == "find");
    REQUIRE(sweep.at("models").size() == 3);
    for (const nlohmann::json& model : sweep.at("models")) {
        double best_rate = 0, best_miss = std::numeric_limits<double>::infinity();
        for (const nlohmann::json& run : model.at("runs")) {
            const double miss = mean_of_first_seeds(run.at("misses_cm"));
            if (miss < best_miss) best_miss = miss, best_rate = run.at("rate").get<double>();
        }
        const std::string name = model.at("model");
        INFO(name << ": lowest mean miss " << best_miss << " cm at rate " << best_rate);
        CHECK(lesson_learning_rate(Task::Find, name) == best_rate);
        CHECK(model.at("chosen_rate").get<double>() == best_rate);
    }
}
