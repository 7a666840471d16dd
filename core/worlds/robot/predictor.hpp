#pragma once
// Guessing the bugbot's next distance reading from its past readings, by
// attention (the lesson's method) and by two simple baselines.
//
// Shapes, for a history of K + P readings (K keys, patch length P):
//   query  (P):    the last P readings, scaled
//   keys   (K, P): key j is readings j .. j+P-1, scaled; key K-1 is one step back
//   values (K):    value j is reading j+P [cm], the one that came after key j
#include <cstdint>
#include <vector>

#include "math/matrix.hpp"
#include "worlds/robot/bugbot.hpp"

namespace attn::robot {

// Readings are shifted and scaled, (cm - 50) / 25, so they lie around -1..1
// and the dot products stay small.
constexpr double kScaleCentre = 50.0;  // [cm]
constexpr double kScaleSpan = 25.0;    // [cm]
constexpr int kRecentKeys = 3;         // the fixed window attention is compared with [keys]
constexpr int kAverageOf = 3;          // the "average of the last three" baseline [readings]

double scaled(double cm);

struct Patches {
    RowVector query;  // (P)
    Matrix keys;      // (K, P)
    Vector values;    // (K) [cm]
};

// history holds exactly keys + patch readings [cm], oldest first.
Patches make_patches(const std::vector<int>& history, int patch, int keys);

struct Looking {
    Vector dots;     // (K) query . key_j
    Vector scores;   // (K) dots / divisor
    Vector weights;  // (K) softmax of the scores, summing to 1
    double guess = 0;         // weights . values [cm]
    Eigen::Index best = 0;    // the key with the largest weight
};

// Attention over keys first_key .. K-1 (the most recent K - first_key); the
// vectors of the result cover only those keys.
Looking attend(const Patches& p, double divisor, int first_key = 0);

// The same keys and values in another order: row i of the result is row order[i].
Patches reordered(const Patches& p, const std::vector<int>& order);
// A random order of 0 .. n-1 (Fisher-Yates with the project's Rng) [-].
std::vector<int> shuffled_order(int n, std::uint64_t seed);
// Every key gets one more number, strength * j / (K - 1), for where it sits
// (oldest 0, newest `strength`); the query gets `strength`, for "now".
Patches with_position(const Patches& p, double strength);

// Baselines: "the next reading equals this one", "the average of the last n".
double guess_no_change(const std::vector<int>& history);
double guess_average_of_last(const std::vector<int>& history, int n);

// ---- runs -----------------------------------------------------------------
struct SpinSetup {
    Pose start;                // [cm, cm, deg]
    double turn = 100;         // drive(0, 0, turn) [%]
    SensorSpec sensor;
    std::uint64_t seed = 0;    // sensor noise
    int ticks = 70;            // readings, one every kTickSeconds [-]
};

struct Tick {
    Pose pose;        // where the robot was when it read [cm, cm, deg]
    int reading = 0;  // [cm]
    double time = 0;  // simulated time when the ping went out [s]
};

// The lesson's loop: drive(0, 0, turn); distance(); wait(0.25); ... ; stop().
std::vector<Tick> spin(const SpinSetup& setup);
std::vector<int> readings_of(const std::vector<Tick>& ticks);

// The K + P readings just before tick t (t >= K + P) [cm].
std::vector<int> history_before(const std::vector<int>& readings, int t, int patch, int keys);

// Guesses for every tick that has a full history before it, and one more for
// the reading after the run (made, never scored): entry i is the guess for
// tick first_tick + i, so each vector has readings.size() - first_tick + 1 entries.
struct Predictions {
    int first_tick = 0;                 // the first tick guessed, keys + patch
    int scored = 0;                     // guesses that had a reading to be scored against
    std::vector<double> wide;           // attention over all the keys [cm]
    std::vector<double> recent;         // attention over the kRecentKeys most recent keys [cm]
    std::vector<double> no_change;      // [cm]
    std::vector<double> average;        // average of the last kAverageOf [cm]
    std::vector<int> source_tick;       // the tick whose reading the wide guess leans on most
    // Mean absolute error against the readings [cm].
    double error_wide = 0, error_recent = 0, error_no_change = 0, error_average = 0;
};

// readings must be longer than keys + patch.
Predictions predict_run(const std::vector<int>& readings, int patch, int keys, double divisor);

// Revolution period of a spin at this turn setting, in readings [-]: 360 / (deg per tick),
// where one tick is the wait plus the sensor's ping time.
double readings_per_revolution(double turn, const SensorSpec& sensor = {});

}  // namespace attn::robot
