// This folder's demos, in the lesson's order (demo.hpp, LessonDemos).
#include "lessons/lm/demos.hpp"

namespace attn::lesson_lm {

const LessonDemos registered(6, "lm", [] { return std::vector<Demo>{lm_embed(), lm_head(), lm_heads(), lm_next()}; });

}  // namespace attn::lesson_lm
