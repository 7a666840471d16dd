// The robot demos print what their Python programs print: the fixture holds the
// lines CPython printed for the lesson's four programs, run on the same
// simulator readings at the defaults and at other settings
// (scripts/robot_print_reference.py), so every float keeps its ".0", every round
// is CPython's, and the counts read as the program's text reads.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "api/demos.hpp"

using json = nlohmann::json;

namespace {

constexpr std::size_t kMinCases = 20;  // every demo at five settings or more

json robot_fixture() {
    std::ifstream in(std::string(ATTN_SOURCE_DIR) + "/tests/fixtures/robot_printing.json");
    REQUIRE(in.good());
    return json::parse(in).at("cases");
}

}  // namespace

TEST_CASE("robot demos: every printed line equals the line CPython prints for the lesson's program") {
    const json cases = robot_fixture();
    REQUIRE(cases.size() >= kMinCases);
    for (const json& c : cases) {
        const json out = json::parse(attn::run_demo_json(c["demo"].get<std::string>(), c["params"].dump()));
        INFO(c["demo"].get<std::string>() << " " << c["params"].dump());
        REQUIRE(out["ok"] == true);
        CHECK(out["result"]["printed"] == c["printed"]);
    }
}

TEST_CASE("robot demos: the printing rules the issue names, at the defaults") {
    const auto printed = [](const char* demo, const json& params) {
        return json::parse(attn::run_demo_json(demo, params.dump()))["result"]["printed"];
    };
    CHECK(printed("robot_scores", json::object())[2] == "the weights add up to: 1.0");
    CHECK(printed("robot_sharpness", json::object())[1].get<std::string>().rfind("the average of all twenty values: ", 0) == 0);
    CHECK(printed("robot_sharpness", {{"divisors", {10}}})[2].get<std::string>().rfind("divide by 10.0 : ", 0) == 0);
    CHECK(printed("robot_order", json::object())[1].get<std::string>().rfind("position worth 0.0 : ", 0) == 0);
}
