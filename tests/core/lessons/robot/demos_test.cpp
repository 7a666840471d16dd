// The four robot demos through the same JSON surface the page uses
// (attn::run_demo_json): their invariants, and a clear refusal for every bad
// value of every parameter.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "api/demos.hpp"
#include "demo/demo.hpp"
#include "base/error.hpp"
#include "worlds/robot/predictor.hpp"

using json = nlohmann::json;
using Catch::Matchers::WithinAbs;

namespace {

const char* const kRobotDemos[] = {"robot_scores", "robot_run", "robot_sharpness", "robot_order"};

constexpr double kSumTolerance = 1e-12;     // weights add to 1 up to rounding [-]
constexpr double kSumOfProductsCm = 1e-9;  // 20 products re-added in another order [cm]
constexpr double kSameGuessCm = 1e-9;       // "the same guess to 4 decimals", with room to spare [cm]
constexpr double kOneHotCm = 1e-6;          // divisor 0.01: the best single value, up to exp(-100) [cm]
constexpr double kFlatDemoCm = 1.0;         // divisor 100: within 1 cm of the plain average [cm]
constexpr double kFlatCoreCm = 1e-3;        // divisor 1e6: the plain average to 1e-3 cm [cm]

json run(const std::string& id, const json& params) {
    const std::string out = attn::run_demo_json(id, params.dump());
    INFO(id << " " << params.dump() << " -> " << out.substr(0, 300));
    REQUIRE(json::accept(out));
    return json::parse(out);
}

json result(const std::string& id, const json& params = json::object()) {
    const json out = run(id, params);
    INFO(out.dump().substr(0, 300));
    REQUIRE(out["ok"] == true);
    return out["result"];
}

json find_named(const json& list, const std::string& name) {
    for (const json& item : list)
        if (item["name"] == name) return item;
    FAIL("nothing called " << name);
    return {};
}

json declarations(const std::string& id) {
    for (const json& d : json::parse(attn::list_demos_json()))
        if (d["id"] == id) return d["params"];
    FAIL("no demo " << id);
    return {};
}

void check_refused(const std::string& id, const std::string& params_text, const std::string& param) {
    const std::string out = attn::run_demo_json(id, params_text);
    INFO(id << " " << params_text << " -> " << out);
    REQUIRE(json::accept(out));
    const json j = json::parse(out);
    CHECK(j["ok"] == false);
    CHECK(j["error"]["param"] == param);
    CHECK_FALSE(j["error"]["message"].get<std::string>().empty());
}

}  // namespace

TEST_CASE("robot demos: all four are listed with labelled, explained, bounded parameters") {
    for (const char* id : kRobotDemos) {
        const json params = declarations(id);
        REQUIRE(params.size() >= 8);
        for (const json& p : params) {
            INFO(id << " " << p.dump());
            CHECK_FALSE(p["label"].get<std::string>().empty());
            CHECK_FALSE(p["help"].get<std::string>().empty());
            CHECK(p.contains("min"));
            CHECK(p.contains("max"));
        }
        for (const char* name : {"patch", "keys", "ticks", "spin", "noise", "start_x", "start_y", "seed"})
            CHECK(find_named(params, name)["name"] == name);
    }
}

TEST_CASE("robot demos: every default run succeeds") {
    for (const char* id : kRobotDemos) CHECK(result(id).is_object());
}

TEST_CASE("robot_scores: the weights add up to 1 and the guess is their sum with the values") {
    const json r = result("robot_scores");
    const json& n = r["numbers"];
    CHECK_THAT(n["weights_sum"].get<double>(), WithinAbs(1.0, kSumTolerance));
    const json keys = find_named(r["tables"], "keys");
    const int patch = n["patch"];
    double guess = 0, total = 0;
    for (const json& row : keys["values"]) {
        guess += row[patch + 3].get<double>() * row[patch].get<double>();  // weight x value
        total += row[patch + 3].get<double>();
    }
    CHECK_THAT(total, WithinAbs(1.0, kSumTolerance));
    CHECK_THAT(n["guess"].get<double>(), WithinAbs(guess, kSumOfProductsCm));
    // The top three, largest weight first; at the defaults the best is one revolution back.
    REQUIRE(n["top"].size() == 3);
    CHECK(n["top"][0]["weight"] >= n["top"][1]["weight"]);
    CHECK(n["top"][1]["weight"] >= n["top"][2]["weight"]);
    CHECK(n["best_steps_back"] == 11);
    CHECK(n["negative_scores"].get<int>() > 0);
    CHECK(n["history"].size() == 25);
    CHECK(n["query"].size() == 5);
}

TEST_CASE("robot_run: the figures cover every tick and match the core's own run") {
    const json r = result("robot_run");
    const json& n = r["numbers"];
    const int scored = n["guesses_scored"];
    CHECK(scored == 70 - 20 - 5);
    for (const json& s : find_named(r["charts"], "run")["series"]) CHECK(s["y"].size() == static_cast<std::size_t>(scored));
    const json mat = find_named(r["figures"], "mat");
    CHECK(mat["kind"] == "bugbot_mat");
    CHECK(mat["frames"].size() == 70);
    CHECK(mat["window"] == 25);  // keys + patch: the readings the last guess was made from
    CHECK(mat["frames"].back()["source_tick"] == n["next_source_tick"]);
    CHECK(mat["frames"][0]["guess_wide"].is_null());

    attn::robot::SpinSetup s;
    s.seed = 11;  // the demo's default seed
    const auto p = attn::robot::predict_run(attn::robot::readings_of(attn::robot::spin(s)), 5, 20, 0.5);
    CHECK(n["error_wide"] == p.error_wide);
    CHECK(n["error_no_change"] == p.error_no_change);
    CHECK(n["error_wide"].get<double>() < 0.5 * n["error_no_change"].get<double>());
}

TEST_CASE("robot_run: with only 3 keys the wide guess is the 3-key guess") {
    const json n = result("robot_run", {{"keys", 3}})["numbers"];
    CHECK(n["error_wide"] == n["error_recent"]);
    CHECK(n["guesses_scored"] == 70 - 3 - 5);
}

TEST_CASE("robot_sharpness: a divisor towards 0 gives the single best value, a large one the plain average") {
    const json n = result("robot_sharpness", {{"divisors", {0.01, 100}}})["numbers"];
    CHECK_THAT(n["guesses"][0].get<double>(), WithinAbs(n["best_single_value"].get<double>(), kOneHotCm));
    CHECK_THAT(n["largest_weights"][0].get<double>(), WithinAbs(1.0, kOneHotCm));
    CHECK_THAT(n["guesses"][1].get<double>(), WithinAbs(n["average_of_values"].get<double>(), kFlatDemoCm));

    // In the core, without the parameter's bounds: a huge divisor is the average itself.
    attn::robot::SpinSetup s;
    s.ticks = 49;
    const auto readings = attn::robot::readings_of(attn::robot::spin(s));
    const auto patches = attn::robot::make_patches(attn::robot::history_before(readings, 48, 5, 20), 5, 20);
    CHECK_THAT(attn::robot::attend(patches, 1e6).guess, WithinAbs(patches.values.mean(), kFlatCoreCm));
}

TEST_CASE("robot_sharpness: every divisor's weights add up to 1, and a smaller divisor is sharper") {
    const json r = result("robot_sharpness");
    for (const json& row : find_named(r["tables"], "weights")["values"]) {
        double total = 0;
        for (const json& w : row) total += w.get<double>();
        CHECK_THAT(total, WithinAbs(1.0, kSumTolerance));
    }
    const json& largest = r["numbers"]["largest_weights"];  // divisors 2.24, 0.5, 0.12
    CHECK(largest[0] < largest[1]);
    CHECK(largest[1] < largest[2]);
    CHECK_THAT(r["numbers"]["transformer_divisor"].get<double>(), WithinAbs(std::sqrt(5.0), kSumTolerance));
}

TEST_CASE("robot_order: shuffling the keys with their values changes nothing") {
    for (int seed = 0; seed < 10; ++seed) {
        const json n = result("robot_order", {{"shuffle_seed", seed}})["numbers"];
        INFO("shuffle seed " << seed);
        CHECK_THAT(n["shuffled_guess"].get<double>(), WithinAbs(n["plain_guess"].get<double>(), kSameGuessCm));
        std::vector<int> order = n["order"].get<std::vector<int>>();
        std::sort(order.begin(), order.end());
        std::vector<int> identity(20);
        std::iota(identity.begin(), identity.end(), 0);
        CHECK(order == identity);  // a true reordering of the 20 keys
    }
}

TEST_CASE("robot_order: no position changes nothing; a strong one leans on the most recent key") {
    const json n = result("robot_order")["numbers"];  // strengths 0, 0.6, 1.2, 1.8, 2.4
    CHECK_THAT(n["guesses"][0].get<double>(), WithinAbs(n["plain_guess"].get<double>(), kSameGuessCm));
    CHECK(n["steps_back"][0] == n["plain_steps_back"]);
    CHECK(n["steps_back"][4] == 1);
    CHECK(n["steps_back"][0] == 11);
}

TEST_CASE("robot demos: a run too short for patch + keys is refused on ticks") {
    for (const char* id : kRobotDemos) check_refused(id, R"({"ticks": 25})", "ticks");
    check_refused("robot_run", R"({"ticks": 20, "keys": 20})", "ticks");
    CHECK(result("robot_scores", {{"ticks", 26}})["numbers"]["history"].size() == 25);
}

TEST_CASE("robot demos: NaN, infinities, out-of-range values and wrong types are refused by name") {
    for (const char* id : kRobotDemos) {
        for (const json& p : declarations(id)) {
            const std::string name = p["name"];
            const bool list = p["type"] == "vector";
            const double lo = p["min"], hi = p["max"];
            auto text = [&](const std::string& v) {
                return "{\"" + name + "\": " + (list ? "[" + v + "]" : v) + "}";
            };
            // JSON has no NaN or Infinity: the page's JSON.stringify sends both as null.
            check_refused(id, text("null"), name);
            // A literal too large for a double is refused while parsing, before any parameter.
            check_refused(id, text("1e999"), "");
            check_refused(id, text("-1e999"), "");
            check_refused(id, text(json(lo - 1).dump()), name);
            check_refused(id, text(json(hi + 1).dump()), name);
            check_refused(id, text("\"5\""), name);
            check_refused(id, text("true"), name);
            if (p["type"] == "integer") check_refused(id, text("2.5"), name);
            if (list) {
                check_refused(id, "{\"" + name + "\": 0.5}", name);  // a number, not a list
                check_refused(id, "{\"" + name + "\": []}", name);   // too short
                check_refused(id, "{\"" + name + "\": " + json(std::vector<double>(p["max_len"].get<int>() + 1, lo)).dump() + "}", name);
            }
        }
        check_refused(id, R"({"no_such_thing": 1})", "no_such_thing");
    }
}

TEST_CASE("robot demos: NaN and infinities that reach the validator are refused by name") {
    const double bad[] = {std::nan(""), INFINITY, -INFINITY};
    for (const char* id : kRobotDemos) {
        const attn::Demo* demo = attn::find_demo(id);
        REQUIRE(demo);
        for (const attn::ParamSpec& spec : demo->params) {
            for (double x : bad) {
                const json value = spec.type == attn::ParamType::Vector ? json::array({x}) : json(x);
                INFO(id << " " << spec.name << " = " << x);
                try {
                    attn::validate_params(demo->params, {{spec.name, value}});
                    FAIL("accepted");
                } catch (const attn::ParamError& e) {
                    CHECK(e.param() == spec.name);
                }
            }
        }
    }
}
