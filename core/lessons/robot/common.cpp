#include "lessons/robot/common.hpp"

#include <cmath>

#include "base/error.hpp"

namespace attn::lesson_robot {

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

std::array<double, 2> hit_point(const robot::Tick& t) {
    const double h = t.pose.heading * kRadPerDeg;
    return {t.pose.x + t.reading * std::sin(h), t.pose.y + t.reading * std::cos(h)};
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

}  // namespace attn::lesson_robot
