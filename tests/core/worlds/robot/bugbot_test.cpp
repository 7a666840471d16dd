// The bugbot simulator's physics, with the sensor's noise, beam width and ping
// time switched off so every number can be worked out by hand.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "worlds/robot/bugbot.hpp"
#include "worlds/robot/predictor.hpp"

using namespace attn::robot;
using Catch::Matchers::WithinAbs;

namespace {

constexpr double kExactDeg = 1e-9;  // headings are computed in one step: only rounding error [deg]
constexpr double kExactCm = 1e-9;   // ray casts are closed-form: only rounding error [cm]
constexpr double kPathCm = 1e-6;    // straight driving is summed over small steps [cm]
constexpr double kExactSeconds = 1e-12;  // the clock only adds the waits [s]
constexpr double kExactRatio = 1e-12;    // one division [-]

// A perfect sensor: one ray, no noise, instantaneous.
SensorSpec ideal_sensor() {
    SensorSpec s;
    s.beam_width_deg = 0;
    s.beam_rays = 1;
    s.noise_sd_cm = 0;
    s.ping_seconds = 0;
    return s;
}

Pose at(double x, double y, double heading) {
    Pose p;
    p.x = x;
    p.y = y;
    p.heading = heading;
    return p;
}

}  // namespace

TEST_CASE("bugbot: heading after 1 s of spinning at turn 100 is 128 degrees") {
    Bugbot bot(Pose{}, ideal_sensor());
    bot.drive(0, 0, 100);
    bot.wait(1.0);
    CHECK_THAT(bot.heading(), WithinAbs(128.0, kExactDeg));
    CHECK_THAT(bot.time(), WithinAbs(1.0, kExactSeconds));
}

TEST_CASE("bugbot: heading after t seconds is 128 t degrees, wrapped to 0..360") {
    const struct { double seconds, heading; } cases[] = {
        {0.25, 32}, {0.5, 64}, {2.5, 320}, {3.0, 24}, {11.25 * 0.25, 0}};
    for (const auto& c : cases) {
        Bugbot bot(Pose{}, ideal_sensor());
        bot.drive(0, 0, 100);
        bot.wait(c.seconds);
        INFO("after " << c.seconds << " s");
        const double h = bot.heading();
        CHECK_THAT(std::min(std::abs(h - c.heading), 360 - std::abs(h - c.heading)), WithinAbs(0.0, kExactDeg));
    }
}

TEST_CASE("bugbot: spinning does not move the robot, and a negative turn spins anticlockwise") {
    Bugbot bot(Pose{}, ideal_sensor());
    bot.drive(0, 0, -50);
    bot.wait(1.0);
    CHECK_THAT(bot.heading(), WithinAbs(360 - 64.0, kExactDeg));
    CHECK(bot.x() == kStartX);
    CHECK(bot.y() == kStartY);
}

TEST_CASE("bugbot: settings beyond 100 % are clamped to 100 %") {
    Bugbot bot(Pose{}, ideal_sensor());
    bot.drive(0, 0, 250);
    bot.wait(0.5);
    CHECK_THAT(bot.heading(), WithinAbs(64.0, kExactDeg));
}

TEST_CASE("bugbot: stop holds the pose while time passes") {
    Bugbot bot(Pose{}, ideal_sensor());
    bot.drive(0, 0, 100);
    bot.wait(0.25);
    bot.stop();
    bot.wait(5);
    CHECK_THAT(bot.heading(), WithinAbs(32.0, kExactDeg));
    CHECK_THAT(bot.time(), WithinAbs(5.25, kExactSeconds));
}

TEST_CASE("bugbot: both wheels at 100 % drive 20 cm a second straight ahead") {
    Bugbot bot(Pose{}, ideal_sensor());
    bot.drive(100, 100, 0);
    bot.wait(1.0);
    CHECK_THAT(bot.x(), WithinAbs(50.0, kPathCm));
    CHECK_THAT(bot.y(), WithinAbs(40.0, kPathCm));
    CHECK_THAT(bot.heading(), WithinAbs(0.0, kExactDeg));
}

TEST_CASE("bugbot: a faster left wheel turns it clockwise") {
    Bugbot bot(Pose{}, ideal_sensor());
    bot.drive(60, 40, 0);
    bot.wait(0.5);
    CHECK(bot.heading() > 0);
    CHECK(bot.heading() < 180);
    CHECK(bot.x() > kStartX);  // drifting to the right
}

TEST_CASE("bugbot: the walls stop the body 5 cm short of them") {
    Bugbot bot(Pose{}, ideal_sensor());
    bot.drive(100, 100, 0);
    bot.wait(10.0);  // 200 cm of driving towards the far wall
    CHECK_THAT(bot.y(), WithinAbs(kMatSize - kRobotRadius, kPathCm));
    CHECK(bot.distance() == static_cast<int>(kRobotRadius));
}

TEST_CASE("bugbot: distances from the start (50, 20) to each wall are 80, 50, 20 and 50 cm") {
    const struct { double heading, cm; } walls[] = {{0, 80}, {90, 50}, {180, 20}, {270, 50}};
    for (const auto& w : walls) {
        INFO("heading " << w.heading);
        CHECK_THAT(wall_distance(kStartX, kStartY, w.heading), WithinAbs(w.cm, kExactCm));
        Bugbot bot(at(kStartX, kStartY, w.heading), ideal_sensor());
        CHECK(bot.distance() == static_cast<int>(w.cm));
    }
}

TEST_CASE("bugbot: distances from the start to each corner are exact") {
    const double rad = 180.0 / 3.14159265358979323846;  // [deg/rad]
    // Far corners: 50 across and 80 up, sqrt(50^2 + 80^2) = 94.34 cm. Near corners:
    // 50 across and 20 down, sqrt(50^2 + 20^2) = 53.85 cm.
    const struct { double dx, dy; } corners[] = {{50, 80}, {-50, 80}, {50, -20}, {-50, -20}};
    for (const auto& c : corners) {
        const double heading = std::atan2(c.dx, c.dy) * rad;
        INFO("corner at (" << kStartX + c.dx << ", " << kStartY + c.dy << ")");
        CHECK_THAT(wall_distance(kStartX, kStartY, heading), WithinAbs(std::hypot(c.dx, c.dy), kExactCm));
        Bugbot bot(at(kStartX, kStartY, heading), ideal_sensor());
        CHECK(bot.distance() == static_cast<int>(std::lround(std::hypot(c.dx, c.dy))));
    }
}

TEST_CASE("bugbot: the sensor reports its maximum range when the wall is further away") {
    SensorSpec s = ideal_sensor();
    s.max_range_cm = 120;
    Bugbot bot(at(5, 5, 45), s);  // the far corner is 90 * sqrt(2) = 127.3 cm away
    CHECK(bot.distance() == 120);
}

TEST_CASE("bugbot: a wide beam answers with the nearest wall inside its cone") {
    SensorSpec s = ideal_sensor();
    s.beam_width_deg = 20;
    s.beam_rays = 3;  // rays at -10, 0 and +10 degrees
    // Facing a far corner: the rays either side meet the walls sooner than the corner.
    const double corner = std::atan2(50.0, 80.0) * 180.0 / 3.14159265358979323846;  // [deg]
    const Pose p = at(kStartX, kStartY, corner);
    const double expected = std::min(wall_distance(kStartX, kStartY, corner - 10),
                                     wall_distance(kStartX, kStartY, corner + 10));
    CHECK_THAT(beam_distance(p, s), WithinAbs(expected, kExactCm));
    CHECK(beam_distance(p, s) < wall_distance(kStartX, kStartY, corner));
}

TEST_CASE("bugbot: readings are whole centimetres that scatter by the named noise") {
    SensorSpec s = ideal_sensor();
    s.noise_sd_cm = 1.5;
    Bugbot bot(Pose{}, s, 3);
    constexpr int kDraws = 4000;
    double sum = 0, sum_sq = 0;
    for (int i = 0; i < kDraws; ++i) {
        const double cm = bot.distance();
        sum += cm;
        sum_sq += cm * cm;
    }
    const double mean = sum / kDraws;
    const double sd = std::sqrt(sum_sq / kDraws - mean * mean);
    // Rounding to whole cm adds a variance of 1/12 cm^2 to the 1.5 cm noise.
    constexpr double kMeanTolerance = 0.1;  // about 4 standard errors of the mean [cm]
    constexpr double kSdTolerance = 0.1;    // [cm]
    CHECK_THAT(mean, WithinAbs(80.0, kMeanTolerance));
    CHECK_THAT(sd, WithinAbs(std::sqrt(1.5 * 1.5 + 1.0 / 12), kSdTolerance));
}

TEST_CASE("bugbot: the same seed gives the same readings, another seed other ones") {
    SpinSetup a;
    a.seed = 5;
    SpinSetup b = a;
    SpinSetup c = a;
    c.seed = 6;
    CHECK(readings_of(spin(a)) == readings_of(spin(b)));
    CHECK(readings_of(spin(a)) != readings_of(spin(c)));
}

TEST_CASE("bugbot: with noise off, readings repeat exactly every 45 readings (4 revolutions)") {
    // 45 ticks x 32 degrees = 1440 degrees = 4 whole turns.
    SpinSetup s;
    s.sensor = ideal_sensor();
    s.sensor.beam_width_deg = 8;
    s.sensor.beam_rays = 9;
    s.ticks = 100;
    const std::vector<int> r = readings_of(spin(s));
    for (int t = 0; t + 45 < s.ticks; ++t) {
        INFO("tick " << t);
        CHECK(r[t + 45] == r[t]);  // 32 degrees a tick is exact in binary, so the headings repeat exactly
    }
    CHECK_THAT(readings_per_revolution(100, s.sensor), WithinAbs(11.25, kExactRatio));
}

TEST_CASE("bugbot: with noise off, the readings repeat about every 11 readings") {
    // With the default 10 ms ping a tick is 0.26 s: 360 / (128 x 0.26) = 10.8 readings a turn.
    SpinSetup s;
    s.sensor.noise_sd_cm = 0;
    s.ticks = 70;
    const std::vector<int> r = readings_of(spin(s));
    int best_lag = 0;
    double best = 1e9;
    for (int lag = 5; lag <= 20; ++lag) {
        double diff = 0;
        for (int t = lag; t < s.ticks; ++t) diff += std::abs(r[t] - r[t - lag]);
        diff /= s.ticks - lag;
        if (diff < best) best = diff, best_lag = lag;
    }
    CHECK(best_lag == 11);
    CHECK_THAT(readings_per_revolution(100, s.sensor), WithinAbs(360 / (128 * 0.26), kExactRatio));
}

TEST_CASE("bugbot: wait rejects negative and non-finite times") {
    Bugbot bot;
    CHECK_THROWS(bot.wait(-1));
    CHECK_THROWS(bot.wait(std::nan("")));
    CHECK_THROWS(bot.wait(INFINITY));
}
