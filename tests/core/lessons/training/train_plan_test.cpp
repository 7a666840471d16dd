#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "api/demos.hpp"

using nlohmann::json;

namespace {
json plan(const json& params) { return json::parse(attn::run_demo_json("train_plan", params.dump())); }
}  // namespace

TEST_CASE("train_plan: at the defaults it is the lesson's Lookup on find: 1,442 parameters, 30 epochs, rate 0.001") {
    const json n = plan(json::object())["result"]["numbers"];
    CHECK(n["parameters"] == 1442);
    CHECK(n["epochs"] == 30);
    CHECK(n["lr"] == 0.001);  // chosen by the rate sweep (rate_choice_test)
    CHECK(n["total_steps"] == 30 * 157);  // 20,000 scenes in batches of 128: 156 full ones and 1 of 32
    CHECK(plan(json::object())["result"]["texts"]["slot"] == "find/lookup");
}

TEST_CASE("train_plan: the 2-layer transformer on nearest has 17,794 parameters and 40 epochs") {
    const json n = plan({{"task", "nearest"}, {"model", "transformer-2"}})["result"]["numbers"];
    CHECK(n["parameters"] == 17794);
    CHECK(n["epochs"] == 40);
}

TEST_CASE("train_plan: a rate and epochs given by the learner replace the lesson's") {
    const json n = plan({{"lr", 0.05}, {"epochs", 3}})["result"]["numbers"];
    CHECK(n["lr"] == 0.05);
    CHECK(n["total_steps"] == 3 * 157);
}

TEST_CASE("train_plan: where the lesson chose no rate, the error sits on lr and asks for one, naming the network as the lesson does") {
    const json answer = plan({{"task", "find"}, {"model", "transformer-1"}});
    CHECK(answer["ok"] == false);
    CHECK(answer["error"]["param"] == "lr");
    CHECK(answer["error"]["message"] ==
          "the lesson did not train Transformer-1 on \"find\", so it has no rate to offer: set one above 0");
}

TEST_CASE("train_plan: the network menu names each network as the lesson's text does") {
    const json described = json::parse(attn::list_demos_json());
    for (const json& demo : described) {
        if (demo["id"] != "train_plan") continue;
        for (const json& p : demo["params"]) {
            if (p["name"] != "model") continue;
            CHECK(p["choices"][0] == "lookup");
            CHECK(p["choice_labels"][0] == "Lookup");
            CHECK(p["choice_labels"].size() == p["choices"].size());
            return;
        }
    }
    FAIL("train_plan has no model parameter");
}
