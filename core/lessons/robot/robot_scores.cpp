#include <algorithm>
#include <cmath>
#include <numeric>

#include "lessons/robot/demos.hpp"
#include "base/error.hpp"
#include "demo/prose.hpp"
#include "math/python_format.hpp"

namespace attn::lesson_robot {

using robot::kDegPerSecPerTurnSetting;

namespace {

constexpr int kTopKeys = 3;                // the keys the lesson reads off one by one
constexpr std::size_t kFirstReadings = 25;  // the start of the spin the lesson lists [readings]
constexpr double kAboutOneReading = 1.5;     // a lag this close to a revolution is "one revolution back" [readings]

// One guess and how it was made: the lesson's program, step by step.
struct Scored {
    LastGuess g;
    int patch = 0, keys = 0;
    double divisor = 0, spin = 0;
    robot::Looking look;     // every key's dot product, score and weight, and the guess
    std::vector<int> query;  // the last `patch` readings [cm]
    std::vector<int> order;  // the keys by weight, largest first
    int shown = 0;           // the keys the lesson reads off (at most kTopKeys)
};

Scored score(const Params& p) {
    Scored s;
    s.g = last_guess(p);
    s.patch = patch_of(p), s.keys = keys_of(p);
    s.divisor = p.number("divisor"), s.spin = p.number("spin");
    s.look = robot::attend(s.g.patches, s.divisor);
    s.query.assign(s.g.history.end() - s.patch, s.g.history.end());
    s.order.resize(s.keys);
    std::iota(s.order.begin(), s.order.end(), 0);
    std::stable_sort(s.order.begin(), s.order.end(),
                     [&](int a, int b) { return s.look.weights(a) > s.look.weights(b); });
    s.shown = std::min(kTopKeys, s.keys);
    return s;
}

// The lines the program prints: the history, the query, the weights' sum, the top keys, the guess.
void print_lines(Result& r, const Scored& s) {
    const robot::Looking& look = s.look;
    r.print("history, cm: " + list_text(s.g.history));
    r.print("the query, cm: " + list_text(s.query));
    r.print("the weights add up to: " + python_rounded(look.weights.sum(), 3));
    for (int rank = 0; rank < s.shown; ++rank) {
        const int j = s.order[rank];
        r.print("key " + std::to_string(j) + " is " + prose::steps_back(s.keys - j) + ": " +
                list_text(key_readings(s.g.history, j, s.patch)) + "  score " + python_rounded(look.scores(j), 1) +
                "  weight " + python_rounded(look.weights(j), 3) + "  value " +
                std::to_string(static_cast<int>(s.g.patches.values(j))));
    }
    r.print("the guess: " + python_rounded(look.guess, 1) + " cm");
    r.print("what came next: " + std::to_string(s.g.truth) + " cm");
}

// Every key in one table (its readings, what came after it, how it scored), the weights in a
// row, and the strip: the weights in order with each key's value beside them.
void add_key_tables(Result& r, const Scored& s) {
    const int patch = s.patch, keys = s.keys;
    Matrix table(keys, patch + 4);
    std::vector<std::string> rows, cols;
    for (int i = 0; i < patch; ++i) cols.push_back("reading " + std::to_string(i + 1) + " [cm]");
    for (const char* c : {"value [cm]", "dot product", "score", "weight"}) cols.push_back(c);
    for (int j = 0; j < keys; ++j) {
        for (int i = 0; i < patch; ++i) table(j, i) = s.g.history[j + i];
        table(j, patch) = s.g.patches.values(j);
        table(j, patch + 1) = s.look.dots(j);
        table(j, patch + 2) = s.look.scores(j);
        table(j, patch + 3) = s.look.weights(j);
        rows.push_back("key " + std::to_string(j) + " (" + std::to_string(keys - j) + " back)");
    }
    r.table("keys", "Every key, the value after it, its score and its weight", table, rows, cols, false);
    const Matrix weights(s.look.weights.transpose());
    r.table("weights", "The weights, oldest key on the left", weights, {"weight"}, numbered("key", keys), true);
    r.figure(weight_strip("strip", "Weight of each key, oldest on the left, and the reading that came after it",
                          weights, {"weight"}, s.g.patches.values));
}

// The readings the keys and the query are cut from, and the one that came next.
void add_history_chart(Result& r, const Scored& s) {
    Series history{"readings [cm]", {}, {}}, next{"what came next [cm]", {}, {}};
    const int first_tick = static_cast<int>(s.g.ticks.size()) - 1 - static_cast<int>(s.g.history.size());
    for (std::size_t i = 0; i < s.g.history.size(); ++i) {
        history.x.push_back(first_tick + static_cast<double>(i));
        history.y.push_back(s.g.history[i]);
    }
    next.x.push_back(static_cast<double>(s.g.ticks.size()) - 1);
    next.y.push_back(s.g.truth);
    r.chart("history", "The readings the keys and the query are cut from", "reading number", "distance [cm]",
            {history, next});
}

// The readings the text quotes: "Here are the first twenty-five readings of the spin", the history, the query.
void add_readings(Result& r, const Scored& s) {
    std::vector<int> first;
    for (std::size_t t = 0; t < s.g.ticks.size() && first.size() < kFirstReadings; ++t)
        first.push_back(s.g.ticks[t].reading);
    r.number("first_readings", first).text("first_readings_text", list_text(first));
    r.number("history", s.g.history).text("history_text", list_text(s.g.history));
    r.number("query", s.query).text("query_text", list_text(s.query));
    r.number("patch", s.patch).number("keys", s.keys).number("divisor", s.divisor);
}

// The keys the text reads off one by one: all of them in `top`, and best, second and third by name.
void add_top_keys(Result& r, const Scored& s) {
    const robot::Looking& look = s.look;
    json top = json::array();
    for (int rank = 0; rank < s.shown; ++rank) {
        const int j = s.order[rank];
        top.push_back({{"key", j}, {"steps_back", s.keys - j}, {"readings", key_readings(s.g.history, j, s.patch)},
                       {"dot", look.dots(j)}, {"score", look.scores(j)}, {"weight", look.weights(j)},
                       {"value", s.g.patches.values(j)}});
        static const char* names[kTopKeys] = {"best", "second", "third"};
        const std::string n = names[rank];
        r.number(n + "_key", j).number(n + "_steps_back", s.keys - j);
        r.text(n + "_steps_back_text", prose::steps_back(s.keys - j));
        r.number(n + "_readings", key_readings(s.g.history, j, s.patch));
        r.text(n + "_readings_text", list_text(key_readings(s.g.history, j, s.patch)));
        r.number(n + "_dot", look.dots(j)).number(n + "_score", look.scores(j));
        r.number(n + "_weight", look.weights(j)).number(n + "_value", s.g.patches.values(j));
    }
    r.number("weights_sum", look.weights.sum());
    r.number("top", std::move(top));
    static const char* const ranked[kTopKeys + 1] = {"", "one", "two", "three"};
    r.claim("ranked", ranked[s.shown]);
}

// The negative scores: how many, in the sentences about them at every number of keys.
void add_negative_scores(Result& r, const Scored& s) {
    const int negative = static_cast<int>((s.look.scores.array() < 0).count());
    r.number("negative_scores", negative);
    r.text("negative_scores_text", prose::share_of(negative, s.keys, "score"));
    r.text("negative_keys_text", negative == 1 ? "that key's" : "those keys'");
    r.claim("negatives", negative > 0 ? "some" : "none");
}

// The guess against what came next and against "nothing changes"; the best key's lag against a revolution.
void add_guess(Result& r, const Scored& s) {
    const double truth = s.g.truth, error = std::abs(s.look.guess - truth);
    r.number("guess", s.look.guess).number("truth", s.g.truth).number("previous", s.g.history.back());
    r.number("error", error);
    r.number("spin_deg_per_s", s.spin * kDegPerSecPerTurnSetting);
    const double revolution = robot::readings_per_revolution(s.spin);
    r.number("readings_per_revolution", revolution);
    const double no_change_error = std::abs(s.g.history.back() - truth);
    r.number("no_change_error", no_change_error);
    r.claim("vs_no_change", prose::compared(error, no_change_error));
    if (s.shown > 0) {
        const double lag = s.keys - s.order[0];
        r.claim("best_lag", std::abs(lag - revolution) <= kAboutOneReading ? "revolution" : "other");
    }
}

json compute(const Params& p) {
    const Scored s = score(p);
    Result r;
    print_lines(r, s);
    add_key_tables(r, s);
    add_history_chart(r, s);
    add_readings(r, s);
    add_top_keys(r, s);
    add_negative_scores(r, s);
    add_guess(r, s);
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
