// This folder's demos, in the lesson's order (demo.hpp, LessonDemos); explained.cpp says how they explain their values.
#include "lessons/block/demos.hpp"

namespace attn::lesson_block {

const LessonDemos registered(5, "block", [] {
    return std::vector<Demo>{block_residual(), block_layer_norm(), block_feed_forward(), block_stack()};
});

}  // namespace attn::lesson_block
