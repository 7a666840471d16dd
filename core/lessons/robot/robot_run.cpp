#include <algorithm>
#include <cmath>

#include "lessons/robot/demos.hpp"
#include "base/error.hpp"
#include "demo/prose.hpp"
#include "math/python_format.hpp"

namespace attn::lesson_robot {
namespace {

constexpr int kCornerJumpCm = 15;  // consecutive readings this far apart: the beam swept past a corner [cm]
constexpr double kHalf = 0.5;      // "well under half the no-change error", as the lesson weighs it


// Attention's mean error as a multiple of "no change"'s. Both perfect is a ratio of 1;
// "no change" perfect and attention not has no finite ratio, so that is said instead.
double ratio_to_no_change(const robot::Predictions& pr) {
    if (pr.error_no_change > 0) return pr.error_wide / pr.error_no_change;
    if (pr.error_wide == 0) return 1.0;
    const std::string guesses = pr.scored == 1 ? "the one scored reading" : "each of the " + prose::counted(pr.scored, "scored reading");
    throw ComputeError("with these settings \"no change\" guesses " + guesses + " exactly, so attention's error of " +
                       prose::decimal(pr.error_wide, 1) + " cm is no multiple of it; score more readings (a longer run), "
                       "add some noise or change the spin");
}

// The middle of the sorted jumps [cm]; 0 when there is none (corner_jumps says so).
int median_jump(const std::vector<int>& sorted_jumps) {
    return sorted_jumps.empty() ? 0 : sorted_jumps[sorted_jumps.size() / 2];
}

// The whole run and every guess made along it, as the lesson's program makes them.
struct Run {
    int patch = 0, keys = 0, recent = 0;
    double divisor = 0;
    robot::SpinSetup setup;
    std::vector<robot::Tick> ticks;
    std::vector<int> readings;  // [cm]
    robot::Predictions pr;
    std::string wide_name, recent_name;  // "20 keys", "3 keys"
    int n() const { return static_cast<int>(ticks.size()); }
};

Run run_of(const Params& p) {
    require_ticks(p, 1);
    Run run;
    run.patch = patch_of(p), run.keys = keys_of(p);
    run.recent = std::min(robot::kRecentKeys, run.keys);
    run.divisor = p.number("divisor");
    run.setup = spin_setup(p);
    run.ticks = robot::spin(run.setup);
    run.readings = robot::readings_of(run.ticks);
    run.pr = robot::predict_run(run.readings, run.patch, run.keys, run.divisor);
    run.wide_name = std::to_string(run.keys) + (run.keys == 1 ? " key" : " keys");
    run.recent_name = std::to_string(run.recent) + (run.recent == 1 ? " key" : " keys");
    return run;
}

// The four mean errors as the program prints them, and in a table.
void add_errors(Result& r, const Run& run) {
    const robot::Predictions& pr = run.pr;
    // Each error is a mean, a float in the program: print(round(mean, 1)) keeps its ".0".
    r.print(run.wide_name + ": off by " + python_rounded(pr.error_wide, 1) + " cm on average");
    r.print(run.recent_name + ": off by " + python_rounded(pr.error_recent, 1) + " cm");
    r.print("no change: off by " + python_rounded(pr.error_no_change, 1) + " cm");
    r.print("average of the last three: off by " + python_rounded(pr.error_average, 1) + " cm");
    Matrix errors(4, 1);
    errors << pr.error_wide, pr.error_recent, pr.error_no_change, pr.error_average;
    r.table("errors", "Mean error over the run", errors,
            {"attention, " + run.wide_name, "attention, " + run.recent_name, "no change", "average of the last three"},
            {"mean error [cm]"}, false);
    r.number("error_wide", pr.error_wide).number("error_recent", pr.error_recent);
    r.number("error_no_change", pr.error_no_change).number("error_average", pr.error_average);
    r.number("ratio_wide_to_no_change", ratio_to_no_change(pr));
}

// The reading as it arrives against the guesses made for it one step earlier.
void add_run_chart(Result& r, const Run& run) {
    const robot::Predictions& pr = run.pr;
    Series reading{"reading", {}, {}}, wide{run.wide_name, {}, {}}, near{run.recent_name, {}, {}};
    for (int i = 0; i < pr.scored; ++i) {
        const int t = pr.first_tick + i;
        reading.x.push_back(t);
        reading.y.push_back(run.readings[t]);
        wide.x.push_back(t);
        wide.y.push_back(pr.wide[i]);
        near.x.push_back(t);
        near.y.push_back(pr.recent[i]);
    }
    r.chart("run", "Each reading, and the guesses made for it one step earlier", "reading number", "distance [cm]",
            {reading, wide, near});
}

// The mat seen from above, one frame per reading, for the page's playback.
// guess_* are the guesses made at this tick for the next reading, and
// source_tick the reading that guess leans on most (null before the history is full).
// Each frame is filled key by key and moved, not built from an initializer list and copied:
// that copying was most of this demo's call in the size-minded WebAssembly build.
json mat_figure(const Run& run) {
    const robot::Predictions& pr = run.pr;
    json frames = json::array();
    frames.get_ref<json::array_t&>().reserve(run.ticks.size());
    for (int t = 0; t < run.n(); ++t) {
        const robot::Tick& k = run.ticks[t];
        const int i = t + 1 - pr.first_tick;  // the guess for tick t + 1
        json f = json::object();
        f["tick"] = t;
        f["time_s"] = k.time;
        f["x"] = k.pose.x;
        f["y"] = k.pose.y;
        f["heading"] = k.pose.heading;
        f["reading"] = k.reading;
        f["hit"] = hit_point(k);
        f["guess_wide"] = i >= 0 ? json(pr.wide[i]) : json(nullptr);
        f["guess_recent"] = i >= 0 ? json(pr.recent[i]) : json(nullptr);
        f["source_tick"] = i >= 0 ? json(pr.source_tick[i]) : json(nullptr);
        frames.push_back(std::move(f));
    }
    json mat = {{"name", "mat"}, {"kind", "bugbot_mat"}, {"size_cm", robot::kMatSize},
                {"robot_radius_cm", robot::kRobotRadius}, {"tick_seconds", robot::kTickSeconds},
                {"window", run.keys + run.patch}};
    mat["frames"] = std::move(frames);
    return mat;
}

// The settings, the readings' range and the jumps where the beam swept past a corner.
void add_readings(Result& r, const Run& run) {
    const std::vector<int>& readings = run.readings;
    r.number("keys", run.keys).number("recent_keys", run.recent).number("patch", run.patch);
    // The sentence's subjects, which lose their plural (and "all") at one: "over its one key", "the latest key".
    r.text("keys_text", run.keys == 1 ? "its one key" : "all " + prose::counted(run.keys, "key"));
    r.text("recent_keys_text", run.recent == 1 ? "latest key" : std::to_string(run.recent) + " latest keys");
    r.text("guesses_scored_text",
           run.pr.scored == 1 ? "one guess" : prose::counted(run.pr.scored, "guess", "guesses"));
    r.number("divisor", run.divisor).number("ticks", run.n()).number("guesses_scored", run.pr.scored);
    std::vector<int> jumps;  // [cm]
    for (int t = 1; t < run.n(); ++t)
        if (std::abs(readings[t] - readings[t - 1]) >= kCornerJumpCm) jumps.push_back(std::abs(readings[t] - readings[t - 1]));
    std::sort(jumps.begin(), jumps.end());
    r.number("corner_jumps", static_cast<int>(jumps.size()));
    r.text("corner_jumps_text", jumps.size() == 1 ? "1 pair of neighbouring readings differs"
                                                  : prose::counted(static_cast<long long>(jumps.size()), "pair") +
                                                        " of neighbouring readings differ");
    r.number("corner_jump_median", median_jump(jumps));
    r.claim("corner_jumps", jumps.empty() ? "none" : "some");
    r.number("min_reading", *std::min_element(readings.begin(), readings.end()));
    r.number("max_reading", *std::max_element(readings.begin(), readings.end()));
    r.number("spin_deg_per_s", run.setup.turn * robot::kDegPerSecPerTurnSetting);
    r.number("readings_per_revolution", robot::readings_per_revolution(run.setup.turn, run.setup.sensor));
}

// The guess for the reading after the run, and the reading it leans on most.
void add_next_guess(Result& r, const Run& run) {
    const int source = run.pr.source_tick.back();
    r.number("next_guess", run.pr.wide.back()).number("next_source_tick", source);
    r.number("next_source_steps_back", run.n() - source)
        .text("next_source_steps_back_text", prose::steps_back(run.n() - source));
}

// Attention and the average against "no change", as the text weighs them.
void add_comparisons(Result& r, const robot::Predictions& pr) {
    r.claim("wide_vs_no_change", pr.error_wide < kHalf * pr.error_no_change ? "under_half"
                                                                           : prose::compared(pr.error_wide, pr.error_no_change));
    r.claim("recent_vs_no_change", prose::compared(pr.error_recent, pr.error_no_change));
    r.claim("average_vs_no_change", prose::compared(pr.error_average, pr.error_no_change));
    r.claim("average_is_worst", pr.error_average >= std::max({pr.error_wide, pr.error_recent, pr.error_no_change})
                                    ? "yes" : "no");
}

json compute(const Params& p) {
    const Run run = run_of(p);
    Result r;
    add_errors(r, run);
    add_run_chart(r, run);
    r.figure(mat_figure(run));
    add_readings(r, run);
    add_next_guess(r, run);
    add_comparisons(r, run.pr);
    return std::move(r).to_json();
}

}  // namespace

Demo robot_run() {
    std::vector<std::string> wide = {"under_half"};
    for (const std::string& word : prose::compared_words()) wide.push_back(word);
    return Demo{"robot_run",
                "Values on every step of a run",
                spin_params(kLessonRunTicks),
                compute,
                {"robot-run", "robot-attention", "robot-baselines", "robot-spin"}}
        .claiming("corner_jumps", {"none", "some"})
        .claiming("wide_vs_no_change", wide)
        .claiming("recent_vs_no_change", prose::compared_words())
        .claiming("average_vs_no_change", prose::compared_words())
        .claiming("average_is_worst", {"yes", "no"});
}

}  // namespace attn::lesson_robot
