#include "api/robot_session.hpp"

#include <cmath>
#include <optional>

#include "api/api_json.hpp"
#include "base/json_limits.hpp"
#include "math/numpy_format.hpp"
#include "worlds/robot/bugbot.hpp"

namespace attn {
namespace {

using api_json::json;

// The lesson's demos start here with this seed (spin_params in core/lessons/robot/common.cpp).
constexpr std::uint64_t kDemoSeed = 11;
constexpr double kMaxWaitSeconds = 3600;  // one wait() longer than an hour is a typo, not a program [s]
constexpr double kMaxSeed = 1e15;         // seeds are whole numbers the page's URL can carry exactly
constexpr double kMaxStartTurn = 360;     // a start heading is one turn either way [deg]
constexpr double kMaxNoise = 10;          // the demos' largest sensor noise [cm]
// plot(): a chart spans its lowest to its highest value; past this size the span overflows
// to infinity in the page's scaling, and no reading, weight or score of the lesson comes near it.
constexpr double kMaxPlotValue = 1e15;
// draw(): points in cm from the mat's corner; ten mats away draws nothing visible already, so
// anything farther is a mistake worth naming.
constexpr double kMaxDrawCm = 1000;
constexpr double kMinDrawSize = 1, kMaxDrawSize = 20;  // a mark's size [cm / 2]: the page draws no other

// One number a call takes, declared once: checked here, and read by robot.py ("arguments").
struct Argument {
    const char* call;
    const char* name;
    double min, max;
    const char* unit;  // after the range, in words: "percent"
    bool whole;
};

const Argument kArguments[] = {
    {"connect", "x", robot::kRobotRadius, robot::kMatSize - robot::kRobotRadius, "cm", false},
    {"connect", "y", robot::kRobotRadius, robot::kMatSize - robot::kRobotRadius, "cm", false},
    {"connect", "heading", -kMaxStartTurn, kMaxStartTurn, "degrees", false},
    {"connect", "noise", 0, kMaxNoise, "cm", false},
    {"connect", "seed", 0, kMaxSeed, "", true},
    {"drive", "left", -robot::kMaxSetting, robot::kMaxSetting, "percent", false},
    {"drive", "right", -robot::kMaxSetting, robot::kMaxSetting, "percent", false},
    {"drive", "turn", -robot::kMaxSetting, robot::kMaxSetting, "percent", false},
    {"wait", "seconds", 0, kMaxWaitSeconds, "seconds", false},
    {"plot", "value", -kMaxPlotValue, kMaxPlotValue, "", false},
    {"draw", "x", -kMaxDrawCm, kMaxDrawCm, "cm", false},
    {"draw", "y", -kMaxDrawCm, kMaxDrawCm, "cm", false},
    {"draw", "size", kMinDrawSize, kMaxDrawSize, "", false},
};

const Argument& argument(const std::string& call, const std::string& name) {
    for (const Argument& a : kArguments)
        if (call == a.call && name == a.name) return a;
    throw ComputeError("the robot declares no argument " + name + " for " + call + "()");  // a slip in this file
}

// "a whole number between 0 and 1e+15", "a number between -100 and 100 percent"
std::string wanted(const Argument& a) {
    return std::string(a.whole ? "a whole number" : "a number") + " between " + format_number(a.min) + " and " +
           format_number(a.max) + (*a.unit ? std::string(" ") + a.unit : "");
}

// What the program sent, as Python would write it: a number, None for JSON's null (which is
// also what NaN and infinity become on their way through JavaScript), the rest as JSON.
std::string given(const json& v) {
    if (v.is_null()) return "None";
    if (v.is_boolean()) return v.get<bool>() ? "True" : "False";
    if (v.is_number()) return format_number(v.get<double>());
    const std::string text = api_json::dump(v);
    constexpr std::size_t kShown = 40;  // a long value is cut: the message names it, it need not repeat it
    return text.size() <= kShown ? text : text.substr(0, kShown) + "...";
}

// args[a.name] checked against its declaration, or `fallback` when the call leaves it out.
// Every check is on the double: nothing is converted to an integer type before it is in range.
double number(const json& args, const Argument& a, double fallback) {
    if (!args.contains(a.name)) return fallback;
    const json& v = args.at(a.name);
    const std::string refusal = std::string(a.call) + "(): " + a.name + " must be " + wanted(a) + " (got " + given(v) + ")";
    if (!v.is_number()) throw ParamError(a.name, refusal);
    const double x = v.get<double>();
    if (!std::isfinite(x) || x < a.min || x > a.max || (a.whole && x != std::floor(x))) throw ParamError(a.name, refusal);
    return x;
}

double number(const json& args, const char* call, const char* name, double fallback) {
    return number(args, argument(call, name), fallback);
}

// One robot per module instance: each Web Worker loads its own module.
std::optional<robot::Bugbot>& the_robot() {
    static std::optional<robot::Bugbot> bot;
    return bot;
}

json connect(const json& args) {
    robot::Pose start;
    start.x = number(args, "connect", "x", robot::kStartX);
    start.y = number(args, "connect", "y", robot::kStartY);
    start.heading = number(args, "connect", "heading", robot::kStartHeading);
    robot::SensorSpec sensor;
    sensor.noise_sd_cm = number(args, "connect", "noise", sensor.noise_sd_cm);
    const double seed = number(args, "connect", "seed", kDemoSeed);  // whole, 0 to 1e15: exact in a uint64
    the_robot().emplace(start, sensor, static_cast<std::uint64_t>(seed));
    return {{"ok", true}};
}

json arguments() {
    json out = json::object();
    for (const Argument& a : kArguments)
        out[a.call][a.name] = {{"min", a.min}, {"max", a.max}, {"whole", a.whole}, {"wanted", wanted(a)}};
    return {{"ok", true}, {"arguments", out}};
}

robot::Bugbot& connected(const std::string& op) {
    if (!the_robot()) throw ComputeError(op + "(): call connect() first");
    return *the_robot();
}

json command(const std::string& op, const json& args) {
    if (op == "connect") return connect(args);
    if (op == "arguments") return arguments();
    robot::Bugbot& bot = connected(op);
    if (op == "drive") {
        bot.drive(number(args, "drive", "left", 0), number(args, "drive", "right", 0), number(args, "drive", "turn", 0));
        return {{"ok", true}};
    }
    if (op == "stop") {
        bot.stop();
        return {{"ok", true}};
    }
    if (op == "wait") {
        bot.wait(number(args, "wait", "seconds", 0));
        return {{"ok", true}, {"time", bot.time()}};
    }
    if (op == "distance") return {{"ok", true}, {"cm", bot.distance()}};
    if (op == "position") return {{"ok", true}, {"x", bot.x()}, {"y", bot.y()}};
    if (op == "heading") return {{"ok", true}, {"deg", bot.heading()}};
    throw ComputeError("the robot has no command " + op +
                       " (it has connect, drive, stop, wait, distance, position and heading)");
}

}  // namespace

std::string robot_call_json(const std::string& op, const std::string& args_json) {
    return api_json::guarded([&]() -> json {
        json_limits::check_json_text(args_json, "", op + "()'s arguments");
        json args;
        try {
            args = args_json.empty() ? json::object() : json::parse(args_json);
        } catch (const json::exception&) {
            // NaN, infinity and numbers too large for a double (1e999) have no JSON of their own
            throw ParamError("", op + "(): its arguments could not be read: each must be a finite number");
        }
        if (!args.is_object()) throw ParamError("", op + "(): its arguments could not be read: they must be named numbers");
        return command(op, args);
    });
}

}  // namespace attn
