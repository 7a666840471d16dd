#include "worlds/robot/predictor.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "math/softmax.hpp"

namespace attn::robot {

double scaled(double cm) { return (cm - kScaleCentre) / kScaleSpan; }

// [snippet:robot-attention]
Patches make_patches(const std::vector<int>& history, int patch, int keys) {
    if (patch < 1 || keys < 1 || static_cast<int>(history.size()) != keys + patch)
        throw std::invalid_argument("make_patches: the history must hold keys + patch readings");
    Patches p;
    p.query.resize(patch);
    for (int i = 0; i < patch; ++i) p.query(i) = scaled(history[keys + i]);  // the last P readings
    p.keys.resize(keys, patch);
    p.values.resize(keys);
    for (int j = 0; j < keys; ++j) {
        for (int i = 0; i < patch; ++i) p.keys(j, i) = scaled(history[j + i]);  // P readings in a row
        p.values(j) = history[j + patch];                                        // what came next [cm]
    }
    return p;
}

Looking attend(const Patches& p, double divisor, int first_key) {
    const Eigen::Index n = p.keys.rows() - first_key;  // keys looked at
    if (first_key < 0 || n < 1 || !(divisor > 0))
        throw std::invalid_argument("attend: needs at least one key and a positive divisor");
    Looking look;
    // 1. Dot products: how much each key looks like the query.
    look.dots = p.keys.bottomRows(n) * p.query.transpose();
    // 2. Scores: the divisor sets how sharp the softmax will be.
    look.scores = look.dots / divisor;
    // 3. Weights: positive, adding up to 1.
    look.weights = softmax_rows(Matrix(look.scores.transpose())).row(0).transpose();
    // 4. Guess: the weighted sum of what came after each key.
    look.guess = look.weights.dot(p.values.tail(n));
    look.weights.maxCoeff(&look.best);
    return look;
}
// [/snippet]

// [snippet:robot-order]
Patches reordered(const Patches& p, const std::vector<int>& order) {
    Patches out = p;  // the query stays as it is
    for (std::size_t i = 0; i < order.size(); ++i) {
        out.keys.row(i) = p.keys.row(order[i]);
        out.values(i) = p.values(order[i]);
    }
    return out;
}

Patches with_position(const Patches& p, double strength) {
    const Eigen::Index K = p.keys.rows(), P = p.keys.cols();
    Patches out;
    out.values = p.values;
    out.keys.resize(K, P + 1);
    out.keys.leftCols(P) = p.keys;
    for (Eigen::Index j = 0; j < K; ++j)  // oldest key 0, newest key `strength`
        out.keys(j, P) = K == 1 ? strength : strength * double(j) / double(K - 1);
    out.query.resize(P + 1);
    out.query << p.query, strength;  // "now" sits just after the newest key
    return out;
}
// [/snippet]

std::vector<int> shuffled_order(int n, std::uint64_t seed) {
    std::vector<int> order(n);
    for (int i = 0; i < n; ++i) order[i] = i;
    Rng rng(seed);
    for (int i = n - 1; i > 0; --i) std::swap(order[i], order[rng.below(static_cast<std::uint64_t>(i) + 1)]);
    return order;
}

// [snippet:robot-baselines]
double guess_no_change(const std::vector<int>& history) {
    if (history.empty()) throw std::invalid_argument("guess_no_change: empty history");
    return history.back();
}

double guess_average_of_last(const std::vector<int>& history, int n) {
    if (n < 1 || static_cast<int>(history.size()) < n)
        throw std::invalid_argument("guess_average_of_last: not enough readings");
    double sum = 0;  // [cm]
    for (int i = 0; i < n; ++i) sum += history[history.size() - 1 - i];
    return sum / n;
}
// [/snippet]

// [snippet:robot-spin]
std::vector<Tick> spin(const SpinSetup& setup) {
    Bugbot bot(setup.start, setup.sensor, setup.seed);
    std::vector<Tick> ticks;
    for (int t = 0; t < setup.ticks; ++t) {
        bot.drive(0, 0, setup.turn);
        const Pose at = bot.pose();  // where the ping starts
        const double when = bot.time();  // [s]
        ticks.push_back({at, bot.distance(), when});
        bot.wait(kTickSeconds);
    }
    bot.stop();
    return ticks;
}
// [/snippet]

std::vector<int> readings_of(const std::vector<Tick>& ticks) {
    std::vector<int> out;
    for (const Tick& t : ticks) out.push_back(t.reading);
    return out;
}

std::vector<int> history_before(const std::vector<int>& readings, int t, int patch, int keys) {
    const int length = keys + patch;
    if (t < length || t > static_cast<int>(readings.size()))
        throw std::invalid_argument("history_before: tick " + std::to_string(t) + " has no full history");
    return std::vector<int>(readings.begin() + (t - length), readings.begin() + t);
}

// [snippet:robot-run]
Predictions predict_run(const std::vector<int>& readings, int patch, int keys, double divisor) {
    Predictions out;
    out.first_tick = keys + patch;
    const int recent_first = keys - std::min(kRecentKeys, keys);  // the 3 most recent keys
    double sum_wide = 0, sum_recent = 0, sum_same = 0, sum_average = 0;  // [cm]
    const int last = static_cast<int>(readings.size());  // the reading after the run: guessed, never seen
    for (int t = out.first_tick; t <= last; ++t) {
        // Everything below uses only readings before tick t.
        const std::vector<int> history = history_before(readings, t, patch, keys);
        const Patches p = make_patches(history, patch, keys);
        const Looking wide = attend(p, divisor);
        const Looking recent = attend(p, divisor, recent_first);
        out.wide.push_back(wide.guess);
        out.recent.push_back(recent.guess);
        out.no_change.push_back(guess_no_change(history));
        out.average.push_back(guess_average_of_last(history, std::min(kAverageOf, keys + patch)));
        out.source_tick.push_back(t - keys + static_cast<int>(wide.best));  // the reading after the best key
        // Then the reading arrives and each guess is scored.
        if (t == last) break;
        const double truth = readings[t];  // [cm]
        sum_wide += std::abs(out.wide.back() - truth);
        sum_recent += std::abs(out.recent.back() - truth);
        sum_same += std::abs(out.no_change.back() - truth);
        sum_average += std::abs(out.average.back() - truth);
    }
    out.scored = last - out.first_tick;
    const double n = out.scored;
    if (n <= 0) throw std::invalid_argument("predict_run: the run is too short to guess anything");
    out.error_wide = sum_wide / n;
    out.error_recent = sum_recent / n;
    out.error_no_change = sum_same / n;
    out.error_average = sum_average / n;
    return out;
}
// [/snippet]

double readings_per_revolution(double turn, const SensorSpec& sensor) {
    const double tick = kTickSeconds + sensor.ping_seconds;                           // [s]
    const double deg_per_tick = std::abs(turn) * kDegPerSecPerTurnSetting * tick;  // [deg]
    return deg_per_tick > 0 ? 360.0 / deg_per_tick : std::numeric_limits<double>::infinity();
}

}  // namespace attn::robot
