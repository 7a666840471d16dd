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
    CHECK_THAT(fast["error"]["message"].get<std::string>(), Contains("drive(): left must be a number"));
    const json backwards = call("wait", {{"seconds", -1}});
    CHECK(backwards["ok"] == false);
    CHECK_THAT(backwards["error"]["message"].get<std::string>(), Contains("wait(): seconds"));
    CHECK(call("connect", {{"seed", 1.5}})["ok"] == false);
    CHECK(call("fly")["ok"] == false);
    CHECK(json::parse(attn::robot_call_json("drive", "[1, 2"))["ok"] == false);
}

namespace {

std::string message_of(const std::string& op, const std::string& args_json) {
    const json answer = json::parse(attn::robot_call_json(op, args_json));
    REQUIRE(answer["ok"] == false);
    return answer["error"]["message"];
}

}  // namespace

TEST_CASE("robot: a seed below 0 is refused with its range") {
    CHECK(message_of("connect", R"({"seed": -1})") == "connect(): seed must be a whole number between 0 and 1e+15 (got -1)");
}

TEST_CASE("robot: a seed that is not whole or too large is refused with its range") {
    CHECK(message_of("connect", R"({"seed": 1.5})") == "connect(): seed must be a whole number between 0 and 1e+15 (got 1.5)");
    CHECK(message_of("connect", R"({"seed": 1e300})") == "connect(): seed must be a whole number between 0 and 1e+15 (got 1e+300)");
}

TEST_CASE("robot: a start off the mat or a noise out of range is refused with its range in cm") {
    CHECK(message_of("connect", R"({"x": 2})") == "connect(): x must be a number between 5 and 95 cm (got 2)");
    CHECK(message_of("connect", R"({"y": 1e308})") == "connect(): y must be a number between 5 and 95 cm (got 1e+308)");
    CHECK(message_of("connect", R"({"noise": -0.5})") == "connect(): noise must be a number between 0 and 10 cm (got -0.5)");
    CHECK(message_of("connect", R"({"heading": 720})") == "connect(): heading must be a number between -360 and 360 degrees (got 720)");
}

TEST_CASE("robot: a drive setting past 100 percent is refused, not clamped") {
    REQUIRE(call("connect")["ok"] == true);
    CHECK(message_of("drive", R"({"left": 1e308, "right": 0})") == "drive(): left must be a number between -100 and 100 percent (got 1e+308)");
    CHECK(message_of("drive", R"({"turn": -101})") == "drive(): turn must be a number between -100 and 100 percent (got -101)");
    CHECK(call("drive", {{"left", 100}, {"right", -100}, {"turn", 100}})["ok"] == true);  // the bounds themselves are fine
}

TEST_CASE("robot: a wait past an hour or below 0 is refused with its range in seconds") {
    REQUIRE(call("connect")["ok"] == true);
    CHECK(message_of("wait", R"({"seconds": -1})") == "wait(): seconds must be a number between 0 and 3600 seconds (got -1)");
    CHECK(message_of("wait", R"({"seconds": 1e9})") == "wait(): seconds must be a number between 0 and 3600 seconds (got 1000000000)");
}

TEST_CASE("robot: a value that is not a number is named as Python writes it") {
    REQUIRE(call("connect")["ok"] == true);
    // null is what NaN and infinity become in JavaScript's JSON.stringify
    CHECK(message_of("drive", R"({"left": null})") == "drive(): left must be a number between -100 and 100 percent (got None)");
    CHECK(message_of("drive", R"({"left": true})") == "drive(): left must be a number between -100 and 100 percent (got True)");
    CHECK(message_of("drive", R"({"left": "fast"})") == "drive(): left must be a number between -100 and 100 percent (got \"fast\")");
}

TEST_CASE("robot: NaN, infinity or a number too large for a double in the arguments' text gets words, not the parser's") {
    for (const char* text : {R"({"left": NaN})", R"({"left": Infinity})", R"({"left": 1e999})", "[1, 2"}) {
        const std::string message = message_of("drive", text);
        CHECK(message == "drive(): its arguments could not be read: each must be a finite number");
    }
    CHECK(message_of("drive", "[1, 2]") == "drive(): its arguments could not be read: they must be named numbers");
}

TEST_CASE("robot: the declared arguments give robot.py each range in the words the core uses") {
    const json answer = call("arguments");
    REQUIRE(answer["ok"] == true);
    const json& drive = answer["arguments"]["drive"]["left"];
    CHECK(drive["min"] == -100);
    CHECK(drive["max"] == 100);
    CHECK(drive["wanted"] == "a number between -100 and 100 percent");
    CHECK(answer["arguments"]["connect"]["seed"]["whole"] == true);
    for (const char* name : {"value"}) CHECK(answer["arguments"]["plot"].contains(name));
    for (const char* name : {"x", "y", "size"}) CHECK(answer["arguments"]["draw"].contains(name));
}
