// The lesson "Inside the transformer block": each demo prints what NumPy prints
// at the lesson's presets and at other settings (tests/fixtures/block_reference.json,
// written by scripts/block_reference.py), and the properties the lesson states hold.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "api/demos.hpp"

using json = nlohmann::json;
using Catch::Matchers::WithinAbs;

namespace {

// NumPy's matrix products (BLAS) and Eigen's may add in another order: a few
// ulps on numbers of size 10 at most, far below the 3 printed decimals.
constexpr double kBlasOrder = 1e-9;

json run(const std::string& demo, const json& params = json::object()) {
    const json out = json::parse(attn::run_demo_json(demo, params.dump()));
    INFO(demo << " " << params.dump() << " -> " << out.dump().substr(0, 400));
    REQUIRE(out["ok"] == true);
    return out["result"];
}

json fixture() {
    std::ifstream in(std::string(ATTN_SOURCE_DIR) + "/tests/fixtures/block_reference.json");
    REQUIRE(in.good());
    return json::parse(in);
}

}  // namespace

TEST_CASE("block: every demo prints what NumPy prints, at the presets and the other fixture settings") {
    const json cases = fixture().at("cases");
    REQUIRE(cases.size() >= 17);
    for (const json& c : cases) {
        const json result = run(c["demo"], c["params"]);
        INFO(c["demo"].get<std::string>() << " " << c["params"].dump());
        CHECK(result["printed"] == c["printed"]);
        for (const auto& [name, value] : c["numbers"].items())
            CHECK_THAT(result["numbers"][name].get<double>(), WithinAbs(value.get<double>(), kBlasOrder));
    }
}

TEST_CASE("block: the residual adds the input back unchanged") {
    const json r = run("block_residual", {{"X", {{2, -1}, {0.5, 3}, {1, 1}}}});
    CHECK(r["texts"]["row0_recovered"] == "[ 2. -1.]");
}

TEST_CASE("block: with a single token the residual text has no two tokens to measure apart") {
    CHECK(run("block_residual", {{"X", {{1, 2, 3}}}})["claims"]["tokens"] == "one");
    CHECK(run("block_residual", {{"X", {{2, -1}, {0.5, 3}}}})["claims"]["tokens"] == "many");
}

TEST_CASE("block: a row and the same row times ten normalise alike") {
    const json r = run("block_layer_norm");
    CHECK(r["claims"]["rows01"] == "same");
    CHECK(r["texts"]["row0_output"] == r["texts"]["row1_output"]);
}

TEST_CASE("block: the feed-forward network treats each token on its own") {
    const json both = run("block_feed_forward", {{"X", {{1, 0}, {0, 1}}}});
    const json alone = run("block_feed_forward", {{"X", {{1, 0}}}});
    CHECK(both["texts"]["row0_output"] == alone["texts"]["row0_output"]);
}

TEST_CASE("block: the feed-forward network's tokens keep two features, so W1 always fits them") {
    const json out = json::parse(attn::run_demo_json("block_feed_forward", R"({"X": [[1, 2, 3]]})"));
    CHECK(out["ok"] == false);
    CHECK(out["error"]["param"] == "X");
}

TEST_CASE("block: an all-zero hidden row prints 0., not -0., as NumPy's product gives it") {
    const json r = run("block_feed_forward", {{"X", {{1, 2}}}, {"W1", {{-1, -1, -1, -1}, {-1, -1, -1, -1}}},
                                              {"W2", {{2, -2}, {0, -1}, {1, 1}, {-3, 0}}}});
    CHECK(r["printed"][1] == "[[0. 0.]]");
}

TEST_CASE("block: without residual or norm, stacked blocks make every token alike") {
    CHECK(run("block_stack", {{"blocks", 4}, {"residual", false}, {"norm", false}})["claims"]["tokens"] == "collapsed");
    CHECK(run("block_stack", {{"blocks", 4}})["claims"]["tokens"] == "distinct");
}

TEST_CASE("block: a block keeps the input's shape, so blocks stack") {
    const json r = run("block_stack", {{"blocks", 5}});
    CHECK(r["texts"]["output_shape"] == "(3, 4)");
    CHECK(r["printed"].size() == 5 * 4);  // a block's label and its three rows
    CHECK(r["printed"][0] == "after block 1:");
    CHECK(r["printed"][16] == "after block 5:");
}

TEST_CASE("block: two tokens that merge while others stay apart are named, not called distinct") {
    // Residual off, layer norm on, 6 blocks: tokens 0 and 1 print the same row while token 2 stays 3.994 away;
    // the largest distance alone would call all three distinct.
    const json r = run("block_stack", {{"blocks", 6}, {"residual", false}});
    CHECK(r["claims"]["tokens"] == "merged");
    CHECK(r["texts"]["closest_pair_text"] == "tokens 0 and 1");
    CHECK(r["texts"]["closest_output_text"] == "0");  // prose::decimal drops the zeros a whole number has
    // The last block's rows 0 and 1 as printed, without NumPy's leading "[[" and " [".
    const auto row = [&](std::size_t k) { return r["printed"][r["printed"].size() - 3 + k].get<std::string>().substr(2); };
    CHECK(row(0) == row(1));
}
