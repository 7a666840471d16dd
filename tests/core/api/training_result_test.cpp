// A training's result (api/training.hpp): the weights as the weights file writes them, and the misses
// the training's workers share: shares measured into the exchange are what the result sums, in scene
// order, and a step forgets them.
#include <cmath>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "api/training.hpp"
#include "api/models.hpp"
#include "nn/trainer.hpp"

using json = nlohmann::json;

namespace {

// Transformer-1, one epoch (157 steps): a training the page could run.
json trained_misses() {
    REQUIRE(json::parse(attn::train_start_json(R"({"task": "nearest", "model": "transformer-1", "epochs": 1})"))["ok"] == true);
    REQUIRE(json::parse(attn::train_advance_json(1000))["done"] == true);
    return json::parse(attn::train_result_json())["misses"];
}

json result_misses() { return json::parse(attn::train_result_json())["misses"]; }

}  // namespace

TEST_CASE("training api: the misses measured in 1, 2 or 4 shares are the result's of one worker, to the bit") {
    const json one = trained_misses();
    for (int shares : {1, 2, 4}) {
        for (int s = 0; s < shares; ++s) {
            const json answer = json::parse(attn::train_misses_json(s, shares));
            REQUIRE(answer["ok"] == true);
            const int n = attn::nn::kTestScenes / shares;
            CHECK(answer["ranges"] == json::array({{s * n, n}, {attn::nn::kTestScenes + s * n, n}}));
        }
        CHECK(result_misses() == one);
    }
    attn::train_misses_json(1, 2);  // share 0 not measured: the result measures it
    CHECK(result_misses() == one);
}

TEST_CASE("training api: the result sums the distances put into the exchange, until a step forgets them") {
    const json one = trained_misses();
    REQUIRE(json::parse(attn::train_misses_json(0, 1))["ok"] == true);
    double* d = attn::train_misses_data();
    REQUIRE(attn::train_misses_size() == 2 * attn::nn::kTestScenes);
    for (long i = 0; i < attn::train_misses_size(); ++i) d[i] = i < attn::nn::kTestScenes ? 0.01 : 0.02;  // [m]
    const json put = result_misses();
    CHECK(std::abs(put["4"].get<double>() - 1.0) < 1e-12);
    CHECK(std::abs(put["6"].get<double>() - 2.0) < 1e-12);
    attn::train_advance_json(1);  // the training is done: no step, but a call that may take one
    CHECK(result_misses() == one);
}

TEST_CASE("training api: a share outside the shares is refused in words") {
    trained_misses();
    for (auto [share, shares] : {std::pair{2.0, 2.0}, {-1.0, 2.0}, {0.0, 0.0}, {0.5, 2.0}, {0.0, 2001.0}}) {
        const json answer = json::parse(attn::train_misses_json(share, shares));
        CHECK(answer["ok"] == false);
        CHECK_FALSE(answer["error"]["message"].get<std::string>().empty());
    }
}

TEST_CASE("training api: the result is one JSON object whose weights, loaded, miss as the trained network does") {
    trained_misses();
    const json result = json::parse(attn::train_result_json());
    CHECK(result["ok"] == true);
    CHECK(result["model"] == "transformer-1");
    CHECK(result["weights"]["model"] == "transformer-1");
    // A file without misses: the store measures them on the weights it read.
    const json loaded = json::parse(attn::load_model_json("nearest/transformer-1", result["weights"].dump()));
    REQUIRE(loaded["ok"] == true);
    CHECK(loaded["misses_recorded"] == false);
    CHECK(loaded["misses"] == result["misses"]);
}

TEST_CASE("training api: with no training the result is a refusal in words") {
    REQUIRE(json::parse(attn::train_start_json(R"({"model": "no such network"})"))["ok"] == false);
    const json answer = json::parse(attn::train_result_json());
    CHECK(answer["ok"] == false);
    CHECK(answer["error"]["message"] == "no training has been started");
}
