// How this folder's demos explain their values (explain/explainers.hpp): an object library of its own
// (CMakeLists.txt), linked by the modules whose web/modules.json entry names the "explain" group.
#include "lessons/lm/explain.hpp"

namespace attn::lesson_lm {

const explain::Explainers explained({{"lm_embed", explain_lm_embed}, {"lm_head", explain_lm_head}, {"lm_next", explain_lm_next}, {"lm_heads", explain_lm_heads}});

}  // namespace attn::lesson_lm
