// How this folder's demos explain their values (explain/explainers.hpp): an object library of its own
// (CMakeLists.txt), linked by the modules whose web/modules.json entry names the "explain" group, so
// the lesson's own page module goes without the explanations until a learner asks for one.
#include "lessons/attention/explain.hpp"

namespace attn::lesson_attention {

const explain::Explainers explained({{"worked_example", explain_worked_example},
                                     {"softmax_scaling", explain_softmax_scaling},
                                     {"causal_mask", explain_causal_mask},
                                     {"attention_cost", explain_attention_cost},
                                     {"multi_head", explain_multi_head},
                                     {"self_vs_cross", explain_self_vs_cross}});

}  // namespace attn::lesson_attention
