#pragma once
// The bugbot: a small two-wheeled robot on an empty square mat with walls,
// simulated in plain C++ so that the native tests and the browser run the very
// same numbers.
//
// Frame of the mat (seen from above):
//   origin (0, 0) at one corner, x [cm] to the right, y [cm] towards the far wall;
//   heading [deg] is measured clockwise from +y, so heading 0 faces the far wall
//   (y = 100) and heading 90 faces the right wall (x = 100). A reading at
//   heading h points along the direction (sin h, cos h).
#include <cstdint>

#include "math/rng.hpp"

namespace attn::robot {

// ---- the mat ---------------------------------------------------------------
constexpr double kMatSize = 100.0;     // side of the square mat, wall to wall [cm]
constexpr double kRobotRadius = 5.0;   // the body stops this far from a wall [cm]

// ---- the lesson's program ----------------------------------------------------
constexpr double kStartX = 50.0;         // default start, half way across [cm]
constexpr double kStartY = 20.0;         // default start, near the near wall [cm]
constexpr double kStartHeading = 0.0;    // facing the far wall [deg]
constexpr double kTickSeconds = 0.25;    // wait(0.25) between readings [s]

// ---- motors ------------------------------------------------------------------
// drive(left, right, turn) takes settings in percent, -100..100.
constexpr double kMaxSetting = 100.0;               // largest drive setting [%]
constexpr double kDegPerSecPerTurnSetting = 1.28;   // spin rate per % of turn: 100 % -> 128 [deg/s]
constexpr double kWheelCmPerSecPerSetting = 0.20;   // wheel speed per % of power: 100 % -> 20 [cm/s]
constexpr double kWheelBase = 10.0;                 // distance between the wheels [cm]
constexpr double kMotionStep = 0.01;                // integration step of wait() [s]

// ---- the distance sensor (a cheap ultrasonic one) -----------------------------
struct SensorSpec {
    double beam_width_deg = 8.0;  // full opening of the cone; the nearest wall inside it answers [deg]
    int beam_rays = 9;            // rays traced across the cone (odd, so one is on the heading) [-]
    double noise_sd_cm = 1.5;     // standard deviation of the Gaussian noise before rounding [cm]
    double min_range_cm = 2.0;    // nearer walls read as this [cm]
    double max_range_cm = 120.0;  // no echo from further away: reads as this [cm]
    double ping_seconds = 0.01;   // one reading takes this long; the robot keeps moving meanwhile [s]
};

struct Pose {
    double x = kStartX;              // [cm]
    double y = kStartY;              // [cm]
    double heading = kStartHeading;  // [deg], kept in [0, 360)
};

// What drive() last set; all in percent, -100..100.
struct DriveSetting {
    double left = 0;   // left wheel power [%]
    double right = 0;  // right wheel power [%]
    double turn = 0;   // spin on the spot, positive = clockwise seen from above [%]
};

// Heading folded into [0, 360) [deg].
double wrap_degrees(double heading_deg);

// Motion model, a pure function: the pose after `seconds` at a constant setting.
// The body cannot pass through a wall: its centre stays kRobotRadius inside the mat.
Pose move(const Pose& pose, const DriveSetting& drive, double seconds);

// Exact distance [cm] from (x, y) to the first wall along heading_deg, no noise,
// no rounding. (x, y) must be inside the mat.
double wall_distance(double x_cm, double y_cm, double heading_deg);

// The noiseless distance the sensor's cone sees: the nearest wall over all its rays [cm].
double beam_distance(const Pose& pose, const SensorSpec& sensor);

// One reading as the sensor reports it: beam distance plus noise, rounded to
// whole cm, limited to [min_range, max_range]. Draws one normal from `rng`.
int sensor_reading(const Pose& pose, const SensorSpec& sensor, Rng& rng);

// The robot as the lesson's programs use it: commands and readings.
class Bugbot {
public:
    explicit Bugbot(Pose start = {}, SensorSpec sensor = {}, std::uint64_t seed = 0);

    // Commands.
    void drive(double left, double right, double turn);  // settings [%], clamped to -100..100
    void stop() { drive(0, 0, 0); }
    void wait(double seconds);  // simulated time passes; the robot moves [s]

    // Readings.
    // Whole cm to the first wall ahead, with noise [cm]. Measured where the robot
    // is when it is called; simulated time then passes by the sensor's ping_seconds.
    int distance();
    double x() const { return pose_.x; }                // [cm]
    double y() const { return pose_.y; }                // [cm]
    double heading() const { return pose_.heading; }    // [deg]
    const Pose& pose() const { return pose_; }
    double time() const { return time_; }              // simulated time since the start [s]

private:
    Pose pose_;
    SensorSpec sensor_;
    DriveSetting setting_;
    Rng rng_;
    double time_ = 0;
};

}  // namespace attn::robot
