// The sentences' words at edge settings: a count of 1 reads as singular, and a sentence that loses its
// subject (no runner-up with one key) has a claim of its own for the lesson's phrase.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "api/demos.hpp"

using json = nlohmann::json;

namespace {

json result(const std::string& id, const json& params) {
    const json out = json::parse(attn::run_demo_json(id, params.dump()));
    INFO(out.dump().substr(0, 300));
    REQUIRE(out["ok"] == true);
    return out["result"];
}

}  // namespace

TEST_CASE("robot scores: with one key there is no runner-up, and its one score is counted as one") {
    const json r = result("robot_scores", {{"keys", 1}});
    CHECK(r["claims"]["ranked"] == "one");
    CHECK_FALSE(r["numbers"].contains("second_score"));
    const std::string negative = r["texts"]["negative_scores_text"];
    CHECK(negative.rfind("the one score is", 0) == 0);
}

TEST_CASE("robot scores: two keys have a second but no third, the lesson's 20 have all three") {
    CHECK(result("robot_scores", {{"keys", 2}})["claims"]["ranked"] == "two");
    const json r = result("robot_scores", json::object());
    CHECK(r["claims"]["ranked"] == "three");
    const int negative = r["numbers"]["negative_scores"];
    CHECK(r["claims"]["negatives"] == (negative > 0 ? "some" : "none"));
}

TEST_CASE("table tokens: a scene of one object says 1 object") {
    CHECK(result("table_tokens", {{"objects", 1}})["texts"]["objects_text"] == "1 object");
}

TEST_CASE("attention cost: one token is 1 weight per head") {
    const json r = result("attention_cost", {{"tokens", 1}});
    CHECK(r["texts"]["entries_counted"] == "1 weight");
    CHECK(r["printed"][0].get<std::string>().find("= 1 weight per head") != std::string::npos);
}

TEST_CASE("multi-head and ACT pictures: one head and one layer are singular in their words") {
    const json head = result("multi_head", {{"heads", 1}})["figures"][0];
    CHECK(head["words"]["heads"].get<std::string>().rfind("1 head of ", 0) == 0);
    const json act = result("act_sizes", {{"heads", 1}, {"decoder_layers", 1}})["figures"][0];
    CHECK(act["words"]["decoder_layers"] == "1 layer");
    CHECK(act["words"]["heads"].get<std::string>().rfind("1 head of ", 0) == 0);
}

TEST_CASE("printouts at one: one pass of 1 action, 1 epoch of training, and tokens counted by what they are for") {
    const json act = result("act_sizes", {{"chunk", 1}});
    CHECK(act["printed"][4] == "one pass: 1 action");
    CHECK(act["printed"][0].get<std::string>().rfind("encoder tokens: 1 for the style + 1 for the joints + ", 0) == 0);
    const std::string plan = result("train_plan", {{"epochs", 1}})["printed"][1];
    CHECK(plan.find(", 1 epoch of ") != std::string::npos);
    CHECK(result("train_plan", {{"epochs", 2}})["printed"][1].get<std::string>().find(", 2 epochs of ") != std::string::npos);
}
