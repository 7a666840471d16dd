// How this folder's demos explain their values (explain/explainers.hpp): an object library of its own
// (CMakeLists.txt), linked by the modules whose web/modules.json entry names the "explain" group, so
// the lesson's own page module goes without the explanations until a learner asks for one.
#include "lessons/robot/explain.hpp"

namespace attn::lesson_robot {

const explain::Explainers explained({{"robot_scores", explain_robot_scores}, {"robot_run", explain_robot_run}, {"robot_sharpness", explain_robot_sharpness}, {"robot_order", explain_robot_order}});

}  // namespace attn::lesson_robot
