// This folder's demos, in the lesson's order (demo.hpp, LessonDemos).
#include "lessons/robot/demos.hpp"

namespace attn::lesson_robot {

const LessonDemos registered(2, "robot", [] {
    return std::vector<Demo>{robot_scores(), robot_run(), robot_sharpness(), robot_order()};
});

}  // namespace attn::lesson_robot
