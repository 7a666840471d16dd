// This folder's demos, in the lesson's order (demo.hpp, LessonDemos), and how they explain their values.
#include "lessons/block/demos.hpp"
#include "lessons/block/explain.hpp"

namespace attn::lesson_block {

const LessonDemos registered(5, "block", [] {
    return std::vector<Demo>{block_residual(), block_layer_norm(), block_feed_forward(), block_stack()};
});

const explain::Explainers explained({{"block_residual", explain_block_residual},
                                     {"block_layer_norm", explain_block_layer_norm},
                                     {"block_feed_forward", explain_block_feed_forward}});

}  // namespace attn::lesson_block
