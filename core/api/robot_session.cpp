#include "api/robot_session.hpp"

#include <cmath>
#include <memory>
#include <optional>

#include "api/api_json.hpp"
#include "api/json_limits.hpp"
#include "worlds/robot/bugbot.hpp"

namespace attn {
namespace {

using api_json::json;

// The lesson's demos start here with this seed (core/lessons/robot/robot_scores.cpp).
constexpr std::uint64_t kDemoSeed = 11;
constexpr double kMaxWaitSeconds = 3600;  // one wait() longer than an hour is a typo, not a program [s]
constexpr double kMaxSeed = 1e15;         // seeds are whole numbers the page's URL can carry exactly

// One robot per module instance: each Web Worker loads its own module.
std::optional<robot::Bugbot>& the_robot() {
    static std::optional<robot::Bugbot> bot;
    return bot;
}

// A finite number from args[name], or `fallback` when it is missing; `what` names it in the message.
double number_arg(const json& args, const char* name, double fallback, const char* what) {
    if (!args.contains(name)) return fallback;
    const json& v = args.at(name);
    if (!v.is_number() || !std::isfinite(v.get<double>()))
        throw ParamError(name, std::string(what) + " takes a number for " + name);
    return v.get<double>();
}

double ranged(const json& args, const char* name, double fallback, double lo, double hi, const char* what) {
    const double v = number_arg(args, name, fallback, what);
    if (v < lo || v > hi)
        throw ParamError(name, std::string(what) + ": " + name + " must be from " + std::to_string(int(lo)) +
                                   " to " + std::to_string(int(hi)));
    return v;
}

json connect(const json& args) {
    robot::Pose start;
    const double inside_lo = robot::kRobotRadius, inside_hi = robot::kMatSize - robot::kRobotRadius;
    start.x = ranged(args, "x", robot::kStartX, inside_lo, inside_hi, "connect()");
    start.y = ranged(args, "y", robot::kStartY, inside_lo, inside_hi, "connect()");
    start.heading = number_arg(args, "heading", robot::kStartHeading, "connect()");
    robot::SensorSpec sensor;
    sensor.noise_sd_cm = ranged(args, "noise", sensor.noise_sd_cm, 0, 10, "connect()");
    const double seed = ranged(args, "seed", kDemoSeed, 0, kMaxSeed, "connect()");
    if (seed != std::floor(seed)) throw ParamError("seed", "connect(): seed must be a whole number");
    the_robot().emplace(start, sensor, static_cast<std::uint64_t>(seed));
    return {{"ok", true}};
}

robot::Bugbot& connected(const std::string& op) {
    if (!the_robot()) throw ComputeError(op + "(): call connect() first");
    return *the_robot();
}

json command(const std::string& op, const json& args) {
    if (op == "connect") return connect(args);
    robot::Bugbot& bot = connected(op);
    if (op == "drive") {
        const char* what = "drive(left, right, turn)";
        bot.drive(number_arg(args, "left", 0, what), number_arg(args, "right", 0, what),
                  number_arg(args, "turn", 0, what));
        return {{"ok", true}};
    }
    if (op == "stop") {
        bot.stop();
        return {{"ok", true}};
    }
    if (op == "wait") {
        bot.wait(ranged(args, "seconds", 0, 0, kMaxWaitSeconds, "wait(seconds)"));
        return {{"ok", true}, {"time", bot.time()}};
    }
    if (op == "distance") return {{"ok", true}, {"cm", bot.distance()}};
    if (op == "position") return {{"ok", true}, {"x", bot.x()}, {"y", bot.y()}};
    if (op == "heading") return {{"ok", true}, {"deg", bot.heading()}};
    throw ComputeError("the robot has no command " + op);
}

}  // namespace

std::string robot_call_json(const std::string& op, const std::string& args_json) {
    return api_json::guarded([&]() -> json {
        json_limits::check_json_text(args_json, "", op + "()'s arguments");
        const json args = args_json.empty() ? json::object() : json::parse(args_json);
        if (!args.is_object()) throw ComputeError(op + "(): the arguments must be a JSON object");
        return command(op, args);
    });
}

}  // namespace attn
