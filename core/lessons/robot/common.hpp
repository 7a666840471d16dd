#pragma once
// What the robot lesson's demos share (docs/architecture.md, "A lesson's folder"): the
// parameters of the lesson's programs, declared once, the spin they describe, the one guess
// at its end, and the words and picture every demo prints them with.
#include <array>
#include <string>
#include <vector>

#include "demo/params.hpp"
#include "demo/result.hpp"
#include "worlds/robot/predictor.hpp"

namespace attn::lesson_robot {

constexpr int kLessonTicks = 49;     // the one-guess programs spin for 49 readings [-]
constexpr int kLessonRunTicks = 70;  // the whole-run program spins for 70 readings [-]

// The parameters of the lesson's programs, in the order the page shows them.
// `ticks` is the demo's own default length of the spin.
std::vector<ParamSpec> spin_params(int ticks);

// The spin the parameters describe (start pose, turn, sensor noise, seed, ticks).
robot::SpinSetup spin_setup(const Params& p);
int patch_of(const Params& p);
int keys_of(const Params& p);

// Throws ParamError on "ticks" when the run is too short for patch + keys + `extra` readings.
void require_ticks(const Params& p, int extra);

// One guess at the end of a spin: the history before the last reading and the reading itself.
struct LastGuess {
    std::vector<robot::Tick> ticks;
    std::vector<int> history;  // keys + patch readings [cm]
    int truth = 0;             // the reading that came next [cm]
    robot::Patches patches;
};
LastGuess last_guess(const Params& p);

// Where a reading says the wall is: `reading` cm along the heading from the robot, x + d sin θ and
// y + d cos θ with θ in radians (the mat's dots, and their explanation) [cm, cm].
constexpr double kRadPerDeg = 3.14159265358979323846 / 180.0;  // [rad/deg]
std::array<double, 2> hit_point(const robot::Tick& t);

// The picture of one or more rows of weights over the keys, oldest on the left,
// with the value each key hands over written under it (web/runtime/render/weight-strip.js).
// weights: (rows, K); values: (K) [cm].
json weight_strip(const std::string& name, const std::string& title, const Matrix& weights,
                  const std::vector<std::string>& row_labels, const Vector& values);

// "[49, 53, 84, 81, 92]"
std::string list_text(const std::vector<int>& cm);
std::vector<int> key_readings(const std::vector<int>& history, int key, int patch);

}  // namespace attn::lesson_robot
