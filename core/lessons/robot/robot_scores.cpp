#include <algorithm>
#include <cmath>
#include <numeric>

#include "lessons/robot/demos.hpp"
#include "base/error.hpp"
#include "demo/prose.hpp"
#include "math/python_format.hpp"

namespace attn::lesson_robot {

using robot::kDegPerSecPerTurnSetting;

// ---- shared parameters -------------------------------------------------------

std::vector<ParamSpec> spin_params(int ticks) {
    return {
        integer_param("patch", 5)
            .labelled("Patch length")
            .helped("Readings in the query and in every key: the shape of one moment.")
            .measured_in("readings")
            .in(1, 10)
            .stepped(1),
        integer_param("keys", 20)
            .labelled("Number of keys")
            .helped("Past moments to choose between. One revolution is about 11 readings back.")
            .measured_in("keys")
            .in(1, 40)
            .stepped(1),
        number_param("divisor", 0.5)
            .labelled("Divisor")
            .helped("Each dot product is divided by this before softmax: small is sharp, large is flat.")
            .in(0.01, 10)
            .stepped(0.01)
            .on_log_slider(),
        integer_param("ticks", ticks)
            .labelled("Readings in the run")
            .helped("One reading every quarter second while the robot spins; the run must be longer than "
                    "patch + keys.")
            .measured_in("readings")
            .in(3, 400)  // the shortest run with a guess to score: patch 1 + key 1 + the reading guessed
            .stepped(1)
            .in_more_settings(),
        number_param("spin", 100)
            .labelled("Spin speed (turn setting)")
            .helped("The program's drive(0, 0, spin). 100 turns about 128° a second, 11 readings a revolution.")
            .measured_in("%")
            .in(10, 100)
            .stepped(1),
        number_param("noise", robot::SensorSpec{}.noise_sd_cm)
            .labelled("Sensor noise")
            .helped("Standard deviation of the noise on each reading, before it is rounded to whole cm.")
            .measured_in("cm")
            .in(0, 10)
            .stepped(0.1),
        number_param("start_x", robot::kStartX)
            .labelled("Start x")
            .helped("Across the mat from the left wall; the body keeps 5 cm clear of the walls.")
            .measured_in("cm")
            .in(robot::kRobotRadius, robot::kMatSize - robot::kRobotRadius)
            .stepped(1)
            .in_more_settings(),
        number_param("start_y", robot::kStartY)
            .labelled("Start y")
            .helped("Up the mat from the near wall; the robot starts facing the far wall.")
            .measured_in("cm")
            .in(robot::kRobotRadius, robot::kMatSize - robot::kRobotRadius)
            .stepped(1)
            .in_more_settings(),
        integer_param("seed", 11)
            .labelled("Seed")
            .helped("Picks the sensor noise; the same seed gives the same readings every time.")
            .in(0, 1000000)
            .stepped(1)
            .in_more_settings(),
    };
}

robot::SpinSetup spin_setup(const Params& p) {
    robot::SpinSetup s;
    s.start.x = p.number("start_x");
    s.start.y = p.number("start_y");
    s.turn = p.number("spin");
    s.sensor.noise_sd_cm = p.number("noise");
    s.seed = static_cast<std::uint64_t>(p.integer("seed"));
    s.ticks = p.integer("ticks");
    return s;
}

int patch_of(const Params& p) { return p.integer("patch"); }
int keys_of(const Params& p) { return p.integer("keys"); }

void require_ticks(const Params& p, int extra) {
    const int needed = patch_of(p) + keys_of(p) + extra;
    if (p.integer("ticks") < needed)
        throw ParamError("ticks", "Readings in the run must be at least the patch length + the number of keys + " +
                                      std::to_string(extra) + " = " + std::to_string(needed) +
                                      " here, so that every key has a reading after it and there is something left "
                                      "to guess (got " + std::to_string(p.integer("ticks")) + ")");
}

LastGuess last_guess(const Params& p) {
    require_ticks(p, 1);
    LastGuess g;
    g.ticks = robot::spin(spin_setup(p));
    const std::vector<int> readings = robot::readings_of(g.ticks);
    const int last = static_cast<int>(readings.size()) - 1;
    g.history = robot::history_before(readings, last, patch_of(p), keys_of(p));
    g.truth = readings[last];
    g.patches = robot::make_patches(g.history, patch_of(p), keys_of(p));
    return g;
}

std::string list_text(const std::vector<int>& cm) {
    std::string s = "[";
    for (std::size_t i = 0; i < cm.size(); ++i) s += (i ? ", " : "") + std::to_string(cm[i]);
    return s + "]";
}

std::vector<int> key_readings(const std::vector<int>& history, int key, int patch) {
    return std::vector<int>(history.begin() + key, history.begin() + key + patch);
}

// ---- the demo ------------------------------------------------------------------
namespace {

constexpr int kTopKeys = 3;                // the keys the lesson reads off one by one
constexpr std::size_t kFirstReadings = 25;  // the start of the spin the lesson lists [readings]
constexpr double kAboutOneReading = 1.5;     // a lag this close to a revolution is "one revolution back" [readings]

json compute(const Params& p) {
    const LastGuess g = last_guess(p);
    const int patch = patch_of(p), keys = keys_of(p);
    const robot::Looking look = robot::attend(g.patches, p.number("divisor"));
    const std::vector<int> query(g.history.end() - patch, g.history.end());

    // Keys by weight, largest first.
    std::vector<int> order(keys);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return look.weights(a) > look.weights(b); });
    const int shown = std::min(kTopKeys, keys);

    Result r;
    r.print("history, cm: " + list_text(g.history));
    r.print("the query, cm: " + list_text(query));
    r.print("the weights add up to: " + python_rounded(look.weights.sum(), 3));
    json top = json::array();
    for (int rank = 0; rank < shown; ++rank) {
        const int j = order[rank];
        const std::vector<int> key = key_readings(g.history, j, patch);
        r.print("key " + std::to_string(j) + " is " + prose::steps_back(keys - j) + ": " + list_text(key) +
                "  score " + python_rounded(look.scores(j), 1) + "  weight " + python_rounded(look.weights(j), 3) + "  value " +
                std::to_string(static_cast<int>(g.patches.values(j))));
        top.push_back({{"key", j}, {"steps_back", keys - j}, {"readings", key}, {"dot", look.dots(j)},
                       {"score", look.scores(j)}, {"weight", look.weights(j)}, {"value", g.patches.values(j)}});
    }
    r.print("the guess: " + python_rounded(look.guess, 1) + " cm");
    r.print("what came next: " + std::to_string(g.truth) + " cm");

    // Every key in one table: its readings, what came after it, and how it scored.
    Matrix table(keys, patch + 4);
    std::vector<std::string> rows, cols;
    for (int i = 0; i < patch; ++i) cols.push_back("reading " + std::to_string(i + 1) + " [cm]");
    for (const char* c : {"value [cm]", "dot product", "score", "weight"}) cols.push_back(c);
    for (int j = 0; j < keys; ++j) {
        for (int i = 0; i < patch; ++i) table(j, i) = g.history[j + i];
        table(j, patch) = g.patches.values(j);
        table(j, patch + 1) = look.dots(j);
        table(j, patch + 2) = look.scores(j);
        table(j, patch + 3) = look.weights(j);
        rows.push_back("key " + std::to_string(j) + " (" + std::to_string(keys - j) + " back)");
    }
    r.table("keys", "Every key, the value after it, its score and its weight", table, rows, cols, false);
    r.table("weights", "The weights, oldest key on the left", Matrix(look.weights.transpose()), {"weight"},
            numbered("key", keys), true);

    // The strip: the weights in order with each key's value beside them.
    r.figure(weight_strip("strip", "Weight of each key, oldest on the left, and the reading that came after it",
                          Matrix(look.weights.transpose()), {"weight"}, g.patches.values));

    Series history{"readings [cm]", {}, {}}, next{"what came next [cm]", {}, {}};
    const int first_tick = static_cast<int>(g.ticks.size()) - 1 - static_cast<int>(g.history.size());
    for (std::size_t i = 0; i < g.history.size(); ++i) {
        history.x.push_back(first_tick + static_cast<double>(i));
        history.y.push_back(g.history[i]);
    }
    next.x.push_back(static_cast<double>(g.ticks.size()) - 1);
    next.y.push_back(g.truth);
    r.chart("history", "The readings the keys and the query are cut from", "reading number", "distance [cm]",
            {history, next});

    // "Here are the first twenty-five readings of the spin."
    std::vector<int> first;
    for (std::size_t t = 0; t < g.ticks.size() && first.size() < kFirstReadings; ++t) first.push_back(g.ticks[t].reading);
    r.number("first_readings", first).text("first_readings_text", list_text(first));
    r.number("history", g.history).text("history_text", list_text(g.history));
    r.number("query", query).text("query_text", list_text(query));
    r.number("patch", patch).number("keys", keys).number("divisor", p.number("divisor"));
    r.number("weights_sum", look.weights.sum());
    r.number("top", std::move(top));
    for (int rank = 0; rank < shown; ++rank) {
        static const char* names[kTopKeys] = {"best", "second", "third"};
        const std::string n = names[rank];
        const int j = order[rank];
        r.number(n + "_key", j).number(n + "_steps_back", keys - j);
        r.text(n + "_steps_back_text", prose::steps_back(keys - j));
        r.number(n + "_readings", key_readings(g.history, j, patch));
        r.text(n + "_readings_text", list_text(key_readings(g.history, j, patch)));
        r.number(n + "_dot", look.dots(j)).number(n + "_score", look.scores(j));
        r.number(n + "_weight", look.weights(j)).number(n + "_value", g.patches.values(j));
    }
    const int negative = static_cast<int>((look.scores.array() < 0).count());
    r.number("negative_scores", negative);
    // The sentences about the runners-up and the negative scores, at every number of keys:
    // with one or two keys there is no second or third to read off.
    r.text("negative_scores_text", prose::share_of(negative, keys, "score"));
    r.text("negative_keys_text", negative == 1 ? "that key's" : "those keys'");
    r.claim("negatives", negative > 0 ? "some" : "none");
    static const char* const ranked[kTopKeys + 1] = {"", "one", "two", "three"};
    r.claim("ranked", ranked[shown]);
    r.number("guess", look.guess).number("truth", g.truth).number("previous", g.history.back());
    r.number("error", std::abs(look.guess - g.truth));
    r.number("spin_deg_per_s", p.number("spin") * kDegPerSecPerTurnSetting);
    r.number("readings_per_revolution", robot::readings_per_revolution(p.number("spin")));
    const double no_change_error = std::abs(g.history.back() - g.truth);
    r.number("no_change_error", no_change_error);
    r.claim("vs_no_change", prose::compared(std::abs(look.guess - g.truth), no_change_error));
    if (shown > 0) {
        const double lag = keys - order[0], revolution = robot::readings_per_revolution(p.number("spin"));
        r.claim("best_lag", std::abs(lag - revolution) <= kAboutOneReading ? "revolution" : "other");
    }
    return std::move(r).to_json();
}

}  // namespace

Demo robot_scores() {
    return Demo{"robot_scores",
                "The scores: one query against every key",
                spin_params(kLessonTicks),
                compute,
                {"robot-attention", "softmax", "bugbot-sensor"}}
        .claiming("vs_no_change", prose::compared_words())
        .claiming("best_lag", {"revolution", "other"})  // only when at least one key is shown
        .claiming("ranked", {"one", "two", "three"})
        .claiming("negatives", {"some", "none"});
}

}  // namespace attn::lesson_robot
