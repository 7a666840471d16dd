#include "worlds/robot/bugbot.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace attn::robot {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kRadPerDeg = kPi / 180.0;  // [rad/deg]

double clamp_setting(double s) { return std::clamp(s, -kMaxSetting, kMaxSetting); }

// Keeps the body's centre kRobotRadius inside the walls [cm].
double inside(double coordinate_cm) { return std::clamp(coordinate_cm, kRobotRadius, kMatSize - kRobotRadius); }

}  // namespace

double wrap_degrees(double heading_deg) {
    const double w = std::fmod(heading_deg, 360.0);
    return w < 0 ? w + 360.0 : w;
}

// [snippet:bugbot-motion]
Pose move(const Pose& pose, const DriveSetting& drive, double seconds) {
    // Forward speed is the mean of the wheel speeds; a faster left wheel turns
    // the robot clockwise, as does a positive turn setting.
    const double v_left = drive.left * kWheelCmPerSecPerSetting;    // [cm/s]
    const double v_right = drive.right * kWheelCmPerSecPerSetting;  // [cm/s]
    const double speed = (v_left + v_right) / 2;                     // [cm/s]
    const double spin = drive.turn * kDegPerSecPerTurnSetting +
                        (v_left - v_right) / kWheelBase / kRadPerDeg;  // [deg/s]

    // The heading grows linearly, so it is computed in one go (no drift).
    Pose next = pose;
    next.heading = wrap_degrees(pose.heading + spin * seconds);
    if (speed == 0) return next;

    // Moving: small steps along the arc, stopping at the walls.
    const int steps = std::max(1, static_cast<int>(std::ceil(seconds / kMotionStep)));
    const double dt = seconds / steps;  // [s]
    for (int i = 0; i < steps; ++i) {
        const double mid_heading = (pose.heading + spin * dt * (i + 0.5)) * kRadPerDeg;  // [rad]
        next.x = inside(next.x + speed * dt * std::sin(mid_heading));
        next.y = inside(next.y + speed * dt * std::cos(mid_heading));
    }
    return next;
}
// [/snippet]

// [snippet:bugbot-sensor]
double wall_distance(double x_cm, double y_cm, double heading_deg) {
    const double dx = std::sin(heading_deg * kRadPerDeg);  // direction of the ray
    const double dy = std::cos(heading_deg * kRadPerDeg);
    constexpr double kParallel = 1e-12;  // a ray this close to parallel never meets that wall
    double nearest = std::numeric_limits<double>::infinity();  // [cm]
    if (dx > kParallel) nearest = std::min(nearest, (kMatSize - x_cm) / dx);   // right wall
    if (dx < -kParallel) nearest = std::min(nearest, -x_cm / dx);              // left wall
    if (dy > kParallel) nearest = std::min(nearest, (kMatSize - y_cm) / dy);   // far wall
    if (dy < -kParallel) nearest = std::min(nearest, -y_cm / dy);              // near wall
    return nearest;
}

double beam_distance(const Pose& pose, const SensorSpec& sensor) {
    // The cone is traced by evenly spread rays; the nearest echo wins.
    const int rays = std::max(1, sensor.beam_rays);
    double nearest = std::numeric_limits<double>::infinity();  // [cm]
    for (int i = 0; i < rays; ++i) {
        const double offset = rays == 1 ? 0.0 : sensor.beam_width_deg * (double(i) / (rays - 1) - 0.5);  // [deg]
        nearest = std::min(nearest, wall_distance(pose.x, pose.y, pose.heading + offset));
    }
    return nearest;
}

int sensor_reading(const Pose& pose, const SensorSpec& sensor, Rng& rng) {
    const double noisy = beam_distance(pose, sensor) + sensor.noise_sd_cm * rng.normal();  // [cm]
    const double limited = std::clamp(noisy, sensor.min_range_cm, sensor.max_range_cm);   // [cm]
    return static_cast<int>(std::lround(limited));
}
// [/snippet]

Bugbot::Bugbot(Pose start, SensorSpec sensor, std::uint64_t seed)
    : pose_(start), sensor_(sensor), rng_(seed) {
    pose_.x = inside(pose_.x);
    pose_.y = inside(pose_.y);
    pose_.heading = wrap_degrees(pose_.heading);
}

void Bugbot::drive(double left, double right, double turn) {
    setting_ = {clamp_setting(left), clamp_setting(right), clamp_setting(turn)};
}

void Bugbot::wait(double seconds) {
    if (!(seconds >= 0) || !std::isfinite(seconds)) throw std::invalid_argument("wait: seconds must be finite and >= 0");
    pose_ = move(pose_, setting_, seconds);
    time_ += seconds;
}

int Bugbot::distance() {
    const int cm = sensor_reading(pose_, sensor_, rng_);
    wait(sensor_.ping_seconds);
    return cm;
}

}  // namespace attn::robot
