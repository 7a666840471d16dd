// The attention lesson's demos (core/lessons/attention/) through attn::run_demo_json: each prints what
// the lesson prints at its presets, and refuses the settings the lesson's arithmetic cannot take.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "support/demo_json.hpp"
#include "support/test_helpers.hpp"

using attn_test::check_refused;
using attn_test::declaration;
using attn_test::json;
using attn_test::message_of;
using attn_test::printed;
using attn_test::run;
using attn_test::run_with;
using Catch::Matchers::Contains;

TEST_CASE("run_demo_json: worked_example prints the lesson's scores, weights and output") {
    CHECK(printed(run("worked_example", "{}")) == attn_test::lesson_worked_example_lines());
    const json out = run("worked_example", "{}");
    CHECK(out["result"]["texts"]["output_shape"] == "(3, 2)");
    CHECK(out["result"]["texts"]["row0_output"] == "[0.802 0.599]");
}

TEST_CASE("run_demo_json: worked_example without scaling shows the raw dot products") {
    const auto lines = printed(run("worked_example", R"({"scale_by_sqrt_d": false})"));
    REQUIRE(lines.size() >= 3);
    CHECK(lines[0] == "[[1. 0. 1.]");
    CHECK(lines[1] == " [0. 1. 1.]");
    CHECK(lines[2] == " [1. 1. 2.]]");
}

TEST_CASE("run_demo_json: worked_example with one token speaks of one key, its only weight 1") {
    const json one = run("worked_example", R"({"X": [[1, 2]]})")["result"];
    CHECK(one["claims"]["keys"] == "one");
    CHECK(one["claims"]["row0_least"] == "only");
    CHECK(one["texts"]["token0_weights_text"] == "1");
    const json three = run("worked_example", "{}")["result"];
    CHECK(three["claims"]["keys"] == "many");
    CHECK(three["claims"]["row0_least"] != "only");
}

TEST_CASE("run_demo_json: softmax_scaling with one score says it takes the whole weight at every factor") {
    const json one = run("softmax_scaling", R"({"scores": [2], "scale": 100})")["result"];
    CHECK(one["claims"]["scores"] == "one");
    CHECK(one["texts"]["soft_weights"] == "[1.]");
    CHECK(one["texts"]["sharp_weights"] == "[1.]");
    CHECK(run("softmax_scaling", "{}")["result"]["claims"]["scores"] == "many");
}

TEST_CASE("run_demo_json: softmax_scaling prints the lesson's soft and hard weights") {
    const auto lines = printed(run("softmax_scaling", "{}"));
    CHECK(lines == std::vector<std::string>{attn_test::kLessonSoftSoftmax, attn_test::kLessonSharpSoftmax});
}

TEST_CASE("run_demo_json: causal_mask prints the lesson's lower-triangular weights") {
    const auto lines = printed(run("causal_mask", "{}"));
    CHECK(lines == std::vector<std::string>{"[[1.    0.    0.   ]", " [0.33  0.67  0.   ]", " [0.248 0.248 0.503]]"});
    CHECK(run("causal_mask", "{}")["result"]["numbers"]["weight_on_future"] == 0.0);
}

TEST_CASE("run_demo_json: multi_head prints the lesson's shapes") {
    CHECK(printed(run("multi_head", "{}")) == std::vector<std::string>{attn_test::kLessonMultiHeadShapes});
}

TEST_CASE("run_demo_json: attention_cost quotes 38,416 weights for 196 patches and a million for 1,000 tokens") {
    const auto lines = printed(run("attention_cost", "{}"));
    REQUIRE_FALSE(lines.empty());
    CHECK(lines[0] == "T = 196: 196 x 196 = 38,416 weights per head");
    CHECK(lines[1] == "T = 392: 392 x 392 = 153,664 weights per head  (x4)");
    CHECK(std::find(lines.begin(), lines.end(), "T = 1,000: 1,000 x 1,000 = 1,000,000 weights per head") !=
          lines.end());
}

TEST_CASE("run_demo_json: self_vs_cross prints both weight shapes") {
    CHECK(printed(run("self_vs_cross", "{}")) ==
          std::vector<std::string>{"self-attention:  weights (3, 3), output (3, 4)",
                                   "cross-attention: weights (3, 5), output (3, 4)"});
}

// ---------------------------------------------------------------------------
// Rules across parameters.

TEST_CASE("run_demo_json: multi_head refuses heads that do not divide d_model") {
    const json out = run("multi_head", R"({"d_model": 8, "heads": 3})");
    check_refused(out, "heads");
    CHECK_THAT(message_of(out), Contains("Heads") && Contains("d_model (8)") && Contains("1, 2, 4, 8"));
    // A divisor is fine, including one head and as many heads as features.
    for (const char* ok : {R"({"d_model": 8, "heads": 4})", R"({"d_model": 8, "heads": 1})",
                           R"({"d_model": 8, "heads": 8})", R"({"d_model": 7, "heads": 7})"}) {
        INFO("params " << ok);
        CHECK(run("multi_head", ok)["ok"] == true);
    }
    check_refused(run("multi_head", R"({"d_model": 1, "heads": 2})"), "heads");
}

TEST_CASE("run_demo_json: causal_mask refuses a hidden key that leaves a row nothing to read") {
    // Causal mask on: token 0 can only see key 0; hiding it leaves row 0 fully masked.
    const json out = run("causal_mask", R"({"causal": true, "hide_key": 0})");
    check_refused(out, "hide_key");
    CHECK_THAT(message_of(out), Contains("token 0") && Contains("leave at least one key visible"));
    // A single token that hides its only key, even without the causal mask.
    check_refused(run("causal_mask", R"({"causal": false, "hide_key": 0, "X": [[1, 2]]})"), "hide_key");
    // Without the causal mask every row still sees the other keys.
    const json fine = run("causal_mask", R"({"causal": false, "hide_key": 0})");
    REQUIRE(fine["ok"] == true);
    for (const json& r : fine["result"]["tables"])
        if (r["name"] == "weights")
            for (const json& row : r["values"]) CHECK(row[0] == 0.0);
}

TEST_CASE("run_demo_json: causal_mask refuses a hidden key past the last token") {
    // hide_key is declared up to 7 (X may have 8 rows); with the default 3 tokens only 0 to 2 exist.
    const json decl = declaration("causal_mask", "hide_key");
    const int max = decl["max"].get<int>();
    const json out = run_with("causal_mask", json{{"hide_key", max}});
    check_refused(out, "hide_key");
    CHECK_THAT(message_of(out), Contains("Also hide one key from everyone") && Contains("0 to 2"));
    CHECK(run("causal_mask", R"({"hide_key": 2, "causal": false})")["ok"] == true);
}
