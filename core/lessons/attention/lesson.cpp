// This folder's demos, in the lesson's order (demo.hpp, LessonDemos), and how they explain their values.
#include "lessons/attention/demos.hpp"
#include "lessons/attention/explain.hpp"

namespace attn::lesson_attention {

const LessonDemos registered(1, "attention", [] {
    return std::vector<Demo>{worked_example(), softmax_scaling(), causal_mask_demo(),
                             multi_head(),     attention_cost(),  self_vs_cross()};
});

const explain::Explainers explained({{"worked_example", explain_worked_example},
                                     {"softmax_scaling", explain_softmax_scaling}});

}  // namespace attn::lesson_attention
