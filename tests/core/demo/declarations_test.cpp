// What the page builds its controls from: the names of a table's rows and columns, the slider's
// scale and the controls folded under "More settings" are declared in the core and sent by `list`.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "api/demos.hpp"

using json = nlohmann::json;

namespace {

json declaration(const std::string& demo, const std::string& param) {
    for (const json& d : json::parse(attn::list_demos_json()))
        if (d["id"] == demo)
            for (const json& p : d["params"])
                if (p["name"] == param) return p;
    FAIL("no parameter " << param << " in " << demo);
    return {};
}

}  // namespace

TEST_CASE("feed-forward weights: W1's rows are features and its columns hidden units, W2 the other way round") {
    const json w1 = declaration("block_feed_forward", "W1"), w2 = declaration("block_feed_forward", "W2");
    CHECK(w1["row_name"] == "feature");
    CHECK(w1["column_name"] == "hidden unit");
    CHECK(w2["row_name"] == "hidden unit");
    CHECK(w2["column_name"] == "feature");
}

TEST_CASE("feed-forward: a cell of W1 is named by its feature and hidden unit in a message") {
    const json out = json::parse(attn::run_demo_json("block_feed_forward", R"({"W1": [[1, -1, 0.5, 0], [-1, 1, 0.5, 99]]})"));
    REQUIRE(out["ok"] == false);
    CHECK(out["error"]["message"].get<std::string>().find("feature 1, hidden unit 3") != std::string::npos);
}

TEST_CASE("robot: the divisor, 0.01 to 10, is on a logarithmic slider and the run setup is under More settings") {
    for (const char* demo : {"robot_scores", "robot_run"}) {
        CHECK(declaration(demo, "divisor")["scale"] == "log");
        for (const char* more : {"ticks", "start_x", "start_y", "seed"}) CHECK(declaration(demo, more)["more"] == true);
        for (const char* main : {"patch", "keys", "divisor", "spin", "noise"}) CHECK_FALSE(declaration(demo, main).contains("more"));
    }
}

TEST_CASE("multi-head: the head count is declared to divide d_model, so the page's sliders stop only where they agree") {
    CHECK(declaration("multi_head", "heads")["divides"] == "d_model");
    CHECK_FALSE(declaration("multi_head", "d_model").contains("divides"));
    CHECK_FALSE(declaration("attention_cost", "heads").contains("divides"));
}
