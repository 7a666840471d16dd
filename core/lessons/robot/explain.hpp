#pragma once
// How the robot lesson's demos computed each value they show (explain/explanation.hpp),
// registered in explained.cpp.
#include "explain/explainers.hpp"

namespace attn::lesson_robot {

json explain_robot_scores(const Params& p, const json& ref);
json explain_robot_run(const Params& p, const json& ref);
json explain_robot_sharpness(const Params& p, const json& ref);

}  // namespace attn::lesson_robot
