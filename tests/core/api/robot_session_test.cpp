// attn::robot_call_json: the robot of the lesson's Python programs. A program
// that spins as the demos do must read exactly what the demos' spin read.
#include <catch2/catch.hpp>

#include <string>

#include "api/robot_session.hpp"
#include "support/test_helpers.hpp"
#include "worlds/robot/predictor.hpp"

using attn_test::json;
using Catch::Matchers::Contains;

namespace {

json call(const std::string& op, const json& args = json::object()) {
    return json::parse(attn::robot_call_json(op, args.dump()));
}

// The lesson's loop, as robot.py runs it: drive(0, 0, turn); distance(); wait(0.25).
std::vector<int> spun(const json& settings, double turn, int ticks) {
    REQUIRE(call("connect", settings)["ok"] == true);
    std::vector<int> readings;
    for (int t = 0; t < ticks; ++t) {
        REQUIRE(call("drive", {{"left", 0}, {"right", 0}, {"turn", turn}})["ok"] == true);
        readings.push_back(call("distance")["cm"].get<int>());
        REQUIRE(call("wait", {{"seconds", 0.25}})["ok"] == true);
    }
    return readings;
}

}  // namespace

TEST_CASE("robot session: connect with no settings reads what the demos' spin reads at their defaults") {
    attn::robot::SpinSetup setup;
    setup.seed = 11;  // the demos' default seed
    setup.ticks = 49;
    CHECK(spun(json::object(), 100, 49) == attn::robot::readings_of(attn::robot::spin(setup)));
}

TEST_CASE("robot session: another seed, noise, start and spin read what the demos' spin reads") {
    attn::robot::SpinSetup setup;
    setup.seed = 5;
    setup.sensor.noise_sd_cm = 3;
    setup.start.x = 30;
    setup.start.y = 60;
    setup.turn = 60;
    setup.ticks = 80;
    const json settings = {{"seed", 5}, {"noise", 3}, {"x", 30}, {"y", 60}};
    CHECK(spun(settings, 60, 80) == attn::robot::readings_of(attn::robot::spin(setup)));
}

TEST_CASE("robot session: simulated time advances only by waits and the sensor's ping") {
    call("connect");
    const double before = call("heading")["deg"];
    call("drive", {{"left", 0}, {"right", 0}, {"turn", 100}});
    CHECK(call("heading")["deg"].get<double>() == before);
    CHECK_THAT(call("wait", {{"seconds", 1}})["time"].get<double>(), Catch::Matchers::WithinAbs(1, 1e-12));
    CHECK_THAT(call("heading")["deg"].get<double>(), Catch::Matchers::WithinAbs(128, 1e-9));
}

TEST_CASE("robot session: a wrong argument names the function and what it takes") {
    call("connect");
    const json fast = call("drive", {{"left", "fast"}});
    CHECK(fast["ok"] == false);
    CHECK_THAT(fast["error"]["message"].get<std::string>(), Contains("drive(left, right, turn) takes a number"));
    const json backwards = call("wait", {{"seconds", -1}});
    CHECK(backwards["ok"] == false);
    CHECK_THAT(backwards["error"]["message"].get<std::string>(), Contains("wait(seconds)"));
    CHECK(call("connect", {{"seed", 1.5}})["ok"] == false);
    CHECK(call("fly")["ok"] == false);
    CHECK(json::parse(attn::robot_call_json("drive", "[1, 2"))["ok"] == false);
}
