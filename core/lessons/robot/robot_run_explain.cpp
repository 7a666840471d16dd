// The run demo's errors and averages: each mean error is the average over the scored readings of
// how far a guess was from the reading that came; "no change" guesses the reading before, "the
// average of the last three" their mean. The guesses and readings are the chart's points (its table
// of numbers); a reading before the first scored one is not charted, and is the mat's (`inner`, given "reading").
// Each attention guess of the chart is the scores demo over the keys before its reading: the weights times
// the values, each weight the softmax of the scores, each score a dot product of scaled readings over the
// divisor, through `inner` steps {"kind": "inner", "name": "guess_weight" | "guess_score" | "guess_dot",
// "series": 1 (every key) or 2 (the recent keys), "point": i, "key": j}.
// The mat's table of points has a row per reading (`inner` with its "tick": the robot's "time" and "heading",
// the "reading", the point it "hit" on the wall, "axis" 0 for x and 1 for y, and the "guess_after" it, the chart's
// guess for the next reading or, after the last, the guess for the reading after the run).
#include <algorithm>
#include <cmath>
#include <string>

#include "base/error.hpp"
#include "explain/explanation.hpp"
#include "lessons/robot/demos.hpp"
#include "lessons/robot/explain.hpp"

namespace attn::lesson_robot {
namespace {

using namespace explain;

const std::string kErrorStep = "Demo 2 scores every guess of the run: the mean distance between guess and reading";
const std::string kReadingStep = "The robot's readings: one every quarter second while it spins";

struct Run {
    robot::Pose start;  // as the learner set it, before the simulator keeps it inside the mat
    std::vector<robot::Tick> ticks;
    std::vector<int> readings;
    robot::Predictions pr;
    int patch, keys;
    double divisor;
};

Run run_of(const Params& p) {
    require_ticks(p, 1);
    const robot::SpinSetup setup = spin_setup(p);
    Run r{setup.start, robot::spin(setup), {}, {}, patch_of(p), keys_of(p), p.number("divisor")};
    r.readings = robot::readings_of(r.ticks);
    r.pr = robot::predict_run(r.readings, r.patch, r.keys, r.divisor);
    return r;
}

json chart_ref(long series, long point) { return {{"kind", "chart"}, {"chart", "run"}, {"series", series}, {"point", point}}; }
json reading_ref(long tick) { return {{"kind", "inner"}, {"name", "reading"}, {"tick", tick}}; }

// Reading `tick`: a point of the chart when it is charted, else the mat's (a reading before the first guess).
int reading_operand(Explanation& e, const Run& r, long tick) {
    const long point = tick - r.pr.first_tick;
    const std::string label = "reading " + std::to_string(tick);
    return point >= 0 ? e.add(chart_ref(0, point), label, r.readings[tick]) : e.add(reading_ref(tick), label, r.readings[tick], "pictured");
}

const std::string kGuessStep = "Demo 2 guesses each reading from the keys before it, as the scores demo does";

// The attention of the chart's guess `point` of `series` (1: every key, 2: the recent ones), as predict_run.
struct Guess {
    long series, point, tick, first_key;
    robot::Looking look;
};

Guess guess_of(const Run& r, long series, long point) {
    const long t = r.pr.first_tick + point;
    const robot::Patches patches = robot::make_patches(robot::history_before(r.readings, static_cast<int>(t), r.patch, r.keys), r.patch, r.keys);
    const long first = series == 1 ? 0 : r.keys - std::min(robot::kRecentKeys, r.keys);
    return {series, point, t, first, robot::attend(patches, r.divisor, static_cast<int>(first))};
}

json step_ref(const char* name, const Guess& g, long j) {
    return {{"kind", "inner"}, {"name", name}, {"series", g.series}, {"point", g.point}, {"key", j}};
}
std::string guess_words(const Run& r, const Guess& g) {
    const std::string which = g.tick == static_cast<long>(r.readings.size()) ? " for the reading after the run" : " for reading " + std::to_string(g.tick);
    return (g.series == 1 ? "the guess with every key" : "the guess with the recent keys") + which;
}
// Reading m of key j (its readings t − K − P + j onwards) and of the query (the last P before t).
long key_tick(const Run& r, const Guess& g, long j, long m) { return g.tick - r.keys - r.patch + j + m; }
long query_tick(const Run& r, const Guess& g, long m) { return g.tick - r.patch + m; }

json guess_dot(const Run& r, const Guess& g, const json& ref, long j) {
    Explanation e(ref, "the dot product of key " + std::to_string(j) + " with the query, in " + guess_words(r, g), kGuessStep,
                  "k" + sub(j) + " · q = Σᵢ (k" + sub(j) + "ᵢ − 50)/25 × (qᵢ − 50)/25",
                  "the sum over the patch of each of the key's scaled readings times the query's");
    std::vector<Expr> terms;
    for (long m = 0; m < r.patch; ++m) {
        const int k = reading_operand(e, r, key_tick(r, g, j, m)), q = reading_operand(e, r, query_tick(r, g, m));
        terms.push_back(mul(scaled_of(k), scaled_of(q)));
    }
    e.expression(sum(std::move(terms)));
    return e.to_json(g.look.dots(j - g.first_key));
}

json guess_score(const Run& r, const Guess& g, const json& ref, long j) {
    Explanation e(ref, "the score of key " + std::to_string(j) + " in " + guess_words(r, g), kGuessStep, "s" + sub(j) + " = k" + sub(j) + " · q / divisor",
                  "the dot product divided by the divisor");
    e.expression(div(operand(e.add(step_ref("guess_dot", g, j), "the dot product of key " + std::to_string(j), g.look.dots(j - g.first_key))),
                     operand(e.add(param_ref("divisor"), "the divisor, which you set", r.divisor, "param"))));
    return e.to_json(g.look.scores(j - g.first_key));
}

json guess_weight(const Run& r, const Guess& g, const json& ref, long j) {
    const bool shifted = g.look.scores.maxCoeff() > kLargestExponent;
    Explanation e(ref, "the weight of key " + std::to_string(j) + " in " + guess_words(r, g), kGuessStep,
                  weight_formula(j, shifted),
                  "e to the power of the key's score, divided by the sum of the same for every key looked at");
    std::vector<Expr> scores;
    for (long k = g.first_key; k < r.keys; ++k)
        scores.push_back(operand(e.add(step_ref("guess_score", g, k), "the score of key " + std::to_string(k), g.look.scores(k - g.first_key))));
    e.expression(softmax_weight(scores, static_cast<std::size_t>(j - g.first_key), shifted));
    return e.to_json(g.look.weights(j - g.first_key));
}

// Σⱼ wⱼ · vⱼ over the keys looked at: the value after key j is reading t − K + j.
json chart_guess(const Run& r, const Guess& g, const json& ref) {
    Explanation e(ref, guess_words(r, g), kGuessStep, "guess = Σⱼ wⱼ · vⱼ",
                  "the sum over the keys looked at of each key's weight times the reading that came after it");
    std::vector<Expr> terms;
    for (long j = g.first_key; j < r.keys; ++j)
        terms.push_back(mul(operand(e.add(step_ref("guess_weight", g, j), "the weight of key " + std::to_string(j), g.look.weights(j - g.first_key))),
                            operand(reading_operand(e, r, g.tick - r.keys + j))));
    e.expression(sum(std::move(terms)));
    return e.to_json(g.look.guess);
}

json guess_step(const Run& r, const json& ref, const std::string& name) {
    const long series = ref_index(ref, "series", 3);
    if (series < 1) throw ParamError("ref", "the guesses are series 1 and 2");
    const Guess g = guess_of(r, series, ref_index(ref, "point", r.pr.scored + 1));  // the last: the guess after the run
    const long j = ref_index(ref, "key", r.keys);
    if (j < g.first_key) throw ParamError("ref", "the recent keys start at key " + std::to_string(g.first_key));
    if (name == "guess_dot") return guess_dot(r, g, ref, j);
    if (name == "guess_score") return guess_score(r, g, ref, j);
    return guess_weight(r, g, ref, j);
}

const char* const kRowNames[] = {"attention with every key", "attention with the recent keys", "no change", "the average of the last three"};

json mean_error(const Run& r, const json& ref, long row) {
    const long n = r.pr.scored;
    const int average_of = std::min(robot::kAverageOf, r.keys + r.patch);
    Explanation e(ref, "the mean error of " + std::string(kRowNames[row]), kErrorStep,
                  row == 2 ? "Σₜ |rₜ₋₁ − rₜ| / n"
                  : row == 3 ? "Σₜ |(rₜ₋₁ + … + rₜ₋" + std::to_string(average_of) + ") / " + std::to_string(average_of) + " − rₜ| / n"
                             : "Σₜ |guessₜ − rₜ| / n",
                  "the sum over the " + std::to_string(n) + " scored readings of the distance between the guess and the reading, divided by their number");
    std::vector<Expr> terms;
    for (long i = 0; i < n; ++i) {
        const long t = r.pr.first_tick + i;
        Expr guess = constant(0);
        if (row < 2) {
            guess = operand(e.add(chart_ref(row + 1, i), "the guess for reading " + std::to_string(t), row == 0 ? r.pr.wide[i] : r.pr.recent[i]));
        } else if (row == 2) {
            guess = operand(reading_operand(e, r, t - 1));
        } else {
            std::vector<Expr> last;
            for (int k = 1; k <= average_of; ++k) last.push_back(operand(reading_operand(e, r, t - k)));
            guess = div(sum(std::move(last)), constant(average_of));
        }
        terms.push_back(abs_of(sub(std::move(guess), operand(reading_operand(e, r, t)))));
    }
    e.expression(div(sum(std::move(terms)), constant(static_cast<double>(n), std::to_string(n))));
    const double values[] = {r.pr.error_wide, r.pr.error_recent, r.pr.error_no_change, r.pr.error_average};
    return e.to_json(values[row]);
}

const std::string kMatStep = "The mat's table of points: where the robot was and what it read, a row per reading";

// The mat's table of points, a row per reading (web/runtime/explainable.js, shape "rows"): the reading's
// number (a label, which opens nothing), then its time, heading, distance, hit x, hit y and the guess made after it.
json mat_pictures() {
    const auto column = [](const char* name) { return json{{"kind", "inner"}, {"name", name}}; };
    json hit_x = column("hit"), hit_y = column("hit");
    hit_x["axis"] = 0;
    hit_y["axis"] = 1;
    const json columns = json::array({column("time"), column("heading"), column("reading"), hit_x, hit_y, column("guess_after")});
    return {{"bugbot_mat", {{"row", "tick"}, {"first", 1}, {"columns", columns}}}};
}

json mat_ref(const char* name, long tick) { return {{"kind", "inner"}, {"name", name}, {"tick", tick}}; }

// What the simulator held at reading `tick`: its clock and the robot's heading and place, not arithmetic.
json simulated(const Run& r, const json& ref, const std::string& name, long tick) {
    const robot::Tick& k = r.ticks[static_cast<std::size_t>(tick)];
    const std::string at = " at reading " + std::to_string(tick);
    const auto given = [&](const std::string& what, const std::string& symbol, const std::string& words, double value) {
        return Explanation(ref, what + at, kMatStep, symbol + sub(tick), words).given("simulated", value).to_json(value);
    };
    if (name == "time") return given("the time [s]", "t", "the simulated clock when the ping went out", k.time);
    if (name == "heading")
        return given("the robot's heading [°]", "θ", "the way the robot faced, in degrees from the mat's y axis turning towards its x axis", k.pose.heading);
    if (name == "robot_x") return given("the robot's x [cm]", "x", "where the simulated robot stood", k.pose.x);
    if (name == "robot_y") return given("the robot's y [cm]", "y", "where the simulated robot stood", k.pose.y);
    throw ParamError("ref", "the run demo works out no value called that");
}

// The point on the wall a reading hit: the robot's place plus the distance along its heading.
json hit(const Run& r, const json& ref, long tick) {
    const long axis = ref_index(ref, "axis", 2);
    const robot::Tick& k = r.ticks[static_cast<std::size_t>(tick)];
    const std::string coordinate = axis == 0 ? "x" : "y";
    Explanation e(ref, "the " + coordinate + " [cm] of the point reading " + std::to_string(tick) + " hit", kMatStep,
                  axis == 0 ? "x + d · sin(θ · π/180)" : "y + d · cos(θ · π/180)",
                  "the robot's " + coordinate + " plus the distance read times the " + (axis == 0 ? "sine" : "cosine") +
                      " of its heading in radians");
    // The robot turns on the spot: it stands where the learner set it, unless that was past the mat's edge.
    const double stood = axis == 0 ? k.pose.x : k.pose.y;
    const int place = stood == (axis == 0 ? r.start.x : r.start.y)
                          ? e.add(param_ref(axis == 0 ? "start_x" : "start_y"), "the robot's " + coordinate + " [cm], which you set", stood, "param")
                          : e.add(mat_ref(axis == 0 ? "robot_x" : "robot_y", tick), "the robot's " + coordinate + " [cm]", stood);
    const int distance = e.add(reading_ref(tick), "reading " + std::to_string(tick) + " [cm]", k.reading, "pictured");
    const int heading = e.add(mat_ref("heading", tick), "the robot's heading [°]", k.pose.heading, "pictured");
    const Expr radians = mul(operand(heading), constant(kRadPerDeg, "π/180"));
    e.expression(add(operand(place), mul(operand(distance), axis == 0 ? sin_of(radians) : cos_of(radians))));
    return e.to_json(hit_point(k)[static_cast<std::size_t>(axis)]);
}

// The guess made after reading `tick`, for the next: the chart's, or after the last reading the guess for the one after the run.
json guess_after(const Run& r, const json& ref, long tick) {
    const long point = tick + 1 - r.pr.first_tick;
    if (point < 0)
        throw ParamError("ref", "the first guess comes after reading " + std::to_string(r.pr.first_tick - 1) + ": before it the history is too short");
    if (point == r.pr.scored) return chart_guess(r, guess_of(r, 1, point), ref);
    const double guess = r.pr.wide[static_cast<std::size_t>(point)];
    return Explanation(ref, "the guess with every key for reading " + std::to_string(tick + 1), kMatStep, "guess", "")
        .same_as(chart_ref(1, point), "the guess with every key in the chart", guess)
        .to_json(guess);
}

json mat_value(const Run& r, const json& ref, const std::string& name) {
    const long tick = ref_index(ref, "tick", static_cast<long>(r.ticks.size()));
    if (name == "hit") return hit(r, ref, tick);
    if (name == "guess_after") return guess_after(r, ref, tick);
    return simulated(r, ref, name, tick);
}

// The printout's numbers (robot_run.cpp, add_errors): each line's number of keys, then its mean error.
std::vector<Printed> printout(const Run& r) {
    const double keys = r.keys;
    Explanation recent({{"kind", "printed"}}, "the number of recent keys", kPrintoutStep, "min(3, K)",
                       "three, or every key when there are fewer");
    recent.expression(min_of({constant(robot::kRecentKeys, "3"), operand(recent.add(param_ref("keys"), "the number of keys, which you set", keys))}));
    return {{param_ref("keys"), "the number of keys", keys},
            {table_ref("errors", 0, 0), "the mean error of " + std::string(kRowNames[0]), r.pr.error_wide},
            {nullptr, "", 0, recent.to_json(std::min(robot::kRecentKeys, r.keys))},
            {table_ref("errors", 1, 0), "the mean error of " + std::string(kRowNames[1]), r.pr.error_recent},
            {table_ref("errors", 2, 0), "the mean error of " + std::string(kRowNames[2]), r.pr.error_no_change},
            {table_ref("errors", 3, 0), "the mean error of " + std::string(kRowNames[3]), r.pr.error_average}};
}

}  // namespace

json explain_robot_run(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"errors"}}, {"numbers", {"error_wide", "error_recent", "error_no_change", "error_average", "ratio_wide_to_no_change"}},
                {"printed", true}, {"charts", {"run"}}, {"pictures", mat_pictures()}};
    if (kind == "param") return explain_setting(p, ref);
    const Run r = run_of(p);
    if (kind == "printed") return printed_as(ref, printout(r), kPrintoutStep);
    if (kind == "table") {
        if (ref_text(ref, "table") != "errors") throw ParamError("ref", "the run demo has one table, \"errors\"");
        ref_index(ref, "col", 1);
        return mean_error(r, ref, ref_index(ref, "row", 4));
    }
    if (kind == "inner") {
        const std::string name = ref_text(ref, "name");
        if (name == "guess_dot" || name == "guess_score" || name == "guess_weight") return guess_step(r, ref, name);
        if (name != "reading") return mat_value(r, ref, name);
        const long tick = ref_index(ref, "tick", static_cast<long>(r.readings.size()));
        return Explanation(ref, "reading " + std::to_string(tick), kReadingStep, "r" + sub(tick), "a reading of the distance sensor")
            .given("reading", r.readings[tick])
            .to_json(r.readings[tick]);
    }
    if (kind == "chart") {  // the readings, and each guess made for them
        if (ref_text(ref, "chart") != "run") throw ParamError("ref", "the run demo has one chart, \"run\"");
        const long series = ref_index(ref, "series", 3), i = ref_index(ref, "point", r.pr.scored);
        if (series > 0) return chart_guess(r, guess_of(r, series, i), ref);
        return Explanation(ref, "reading " + std::to_string(r.pr.first_tick + i), kReadingStep, "r", "a reading of the distance sensor")
            .given("reading", r.readings[r.pr.first_tick + i])
            .to_json(r.readings[r.pr.first_tick + i]);
    }
    if (kind != "number") throw ParamError("ref", "the run demo has no value of kind \"" + kind + "\"");
    const std::string name = ref_text(ref, "name");
    const char* const rows[] = {"error_wide", "error_recent", "error_no_change", "error_average"};
    for (long row = 0; row < 4; ++row)
        if (name == rows[row]) {
            const double v = row == 0 ? r.pr.error_wide : row == 1 ? r.pr.error_recent : row == 2 ? r.pr.error_no_change : r.pr.error_average;
            return Explanation(ref, "the mean error of " + std::string(kRowNames[row]), kErrorStep, "error", "")
                .same_as(table_ref("errors", row, 0), "the mean error in the table", v)
                .to_json(v);
        }
    if (name == "ratio_wide_to_no_change") {
        if (!(r.pr.error_no_change > 0)) throw ParamError("ref", "\"no change\" made no error here, so there is no ratio");
        Explanation e(ref, "attention's error as a multiple of \"no change\"'s", kErrorStep, "error(attention) / error(no change)",
                      "attention's mean error divided by the mean error of no change");
        e.expression(div(operand(e.add(table_ref("errors", 0, 0), "attention's mean error", r.pr.error_wide)),
                         operand(e.add(table_ref("errors", 2, 0), "no change's mean error", r.pr.error_no_change))));
        return e.to_json(r.pr.error_wide / r.pr.error_no_change);
    }
    throw ParamError("ref", "the run demo does not explain a number called \"" + name + "\"");
}

}  // namespace attn::lesson_robot
