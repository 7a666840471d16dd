// Hostile input (issue 13): every JSON entry point answers {"ok": false} with a
// sentence, never throws or overflows; every ok:true answer is finite; counts
// stay exact where a 32-bit long would wrap (WebAssembly).
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "api/demos.hpp"
#include "base/json_limits.hpp"
#include "api/models.hpp"
#include "api/training.hpp"

using json = nlohmann::json;
using Catch::Matchers::Contains;

namespace {

// The issue's example: 5,000 nested arrays threw a RangeError in WebAssembly;
// 100,000 overflowed the native stack.
std::string nested(int levels) { return std::string(levels, '[') + std::string(levels, ']'); }

void check_refused_plainly(const std::string& out, const std::string& param, const std::string& words) {
    INFO(out.substr(0, 300));
    REQUIRE(json::accept(out));
    const json answer = json::parse(out);
    CHECK(answer["ok"] == false);
    CHECK(answer["error"]["param"] == param);
    CHECK_THAT(answer["error"]["message"].get<std::string>(), Contains(words));
    CHECK_THAT(answer["error"]["message"].get<std::string>(), !Contains("json.exception"));
}

json numbers_of(const std::string& demo, const std::string& params) {
    const json out = json::parse(attn::run_demo_json(demo, params));
    INFO(out.dump().substr(0, 300));
    REQUIRE(out["ok"] == true);
    return out["result"]["numbers"];
}

}  // namespace

TEST_CASE("json limits: deep nesting is refused by every JSON entry point, before parsing") {
    const std::string deep = nested(100000);
    const std::string value = "{\"scale_by_sqrt_d\":" + deep + "}";
    check_refused_plainly(attn::run_demo_json("worked_example", value), "", "more than 64 levels deep");
    check_refused_plainly(attn::load_model_json("find/lookup", value), "weights", "more than 64 levels deep");
    check_refused_plainly(attn::load_model_summary_json("find/plain-256", value), "summary", "more than 64 levels deep");
    check_refused_plainly(attn::train_start_json(value), "", "more than 64 levels deep");
}

TEST_CASE("json limits: 64 levels are accepted and 65 refused; brackets inside strings do not count") {
    CHECK_NOTHROW(attn::json_limits::check_json_text(nested(attn::json_limits::kMaxDepth), "", "x"));
    CHECK_THROWS(attn::json_limits::check_json_text(nested(attn::json_limits::kMaxDepth + 1), "", "x"));
    CHECK_NOTHROW(attn::json_limits::check_json_text("[\"" + std::string(100, '[') + "\\\"\"]", "", "x"));
    // 64 levels is within the limit, so it reaches validation, which names the parameter.
    const json out = json::parse(attn::run_demo_json("worked_example", "{\"scale_by_sqrt_d\":" + nested(63) + "}"));
    CHECK(out["error"]["param"] == "scale_by_sqrt_d");
}

TEST_CASE("json limits: a text over 4 MB is refused before parsing") {
    const std::string big = "{\"seed\": 1" + std::string(attn::json_limits::kMaxTextBytes, ' ') + "}";
    check_refused_plainly(attn::run_demo_json("multi_head", big), "", "too large");
    check_refused_plainly(attn::load_model_json("find/lookup", big), "weights", "too large");
}

TEST_CASE("act_sizes: counts stay exact past 2^31 parameters") {
    // `long` is 32 bits in WebAssembly: these wrapped to -2,054,247,424 and 272,177,152 there.
    const json wide = numbers_of("act_sizes", R"({"width": 4096, "encoder_layers": 24})");
    CHECK(wide["encoder_parameters"].get<std::int64_t>() == 2240719872LL);
    const json words = json::parse(attn::run_demo_json("act_sizes", R"({"width": 4096, "encoder_layers": 24})"))["result"]["texts"];
    CHECK(words["encoder_parameters_text"] == "2,240,719,872");
    const json tables = numbers_of("act_sizes", R"({"cameras": 8, "heads": 64, "encoder_layers": 24})");
    CHECK(tables["encoder_tables_total"].get<std::int64_t>() == 8862111744LL);  // 2402^2 x 64 x 24
}

TEST_CASE("robot_run: a spin with no corner jumps gives a median jump of 0, not null") {
    const json n = numbers_of("robot_run", R"({"spin": 10})");
    CHECK(n["corner_jumps"] == 0);
    CHECK(n["corner_jump_median"] == 0);
}

TEST_CASE("robot_run: a run where no change is never wrong is a clear message, not a division by zero") {
    const json out = json::parse(attn::run_demo_json("robot_run", R"({"patch":5,"keys":20,"ticks":26,"noise":0,"spin":10})"));
    INFO(out.dump().substr(0, 300));
    REQUIRE(out["ok"] == false);
    CHECK_THAT(out["error"]["message"].get<std::string>(), Contains("no change"));
}

TEST_CASE("robot_run: with one scored reading that no change guessed, the message says one reading, not every one") {
    // patch 5 + 20 keys + 1: the run's one guess is scored; the issue's case, where the message said "every reading
    // equals the one before it", which the readings printed beside it showed to be false.
    const json out = json::parse(attn::run_demo_json("robot_run", R"({"patch":5,"keys":20,"ticks":26})"));
    INFO(out.dump().substr(0, 400));
    REQUIRE(out["ok"] == false);
    const std::string message = out["error"]["message"].get<std::string>();
    CHECK_THAT(message, Contains("the one scored reading exactly"));
    CHECK_THAT(message, !Contains("every reading equals"));
}
