// This folder's demo (demo.hpp, LessonDemos): the settings of a training run.
#include "lessons/training/demos.hpp"

namespace attn::training {

const LessonDemos registered(3, "training", [] { return std::vector<Demo>{train_plan()}; });

}  // namespace attn::training
