// This folder's demos, in the lesson's order (demo.hpp, LessonDemos); explained.cpp says how they explain their values.
#include "lessons/attention/demos.hpp"

namespace attn::lesson_attention {

const LessonDemos registered(1, "attention", [] {
    return std::vector<Demo>{worked_example(), softmax_scaling(), causal_mask_demo(),
                             multi_head(),     attention_cost(),  self_vs_cross()};
});

}  // namespace attn::lesson_attention
