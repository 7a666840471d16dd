// How this folder's demos explain their values (explain/explainers.hpp): an object library of its own
// (CMakeLists.txt), linked by the modules whose web/modules.json entry names the "explain" group, so
// the lesson's own page module goes without the explanations until a learner asks for one.
#include "lessons/block/explain.hpp"

namespace attn::lesson_block {

const explain::Explainers explained({{"block_residual", explain_block_residual},
                                     {"block_layer_norm", explain_block_layer_norm},
                                     {"block_feed_forward", explain_block_feed_forward},
                                     {"block_stack", explain_block_stack}});

}  // namespace attn::lesson_block
