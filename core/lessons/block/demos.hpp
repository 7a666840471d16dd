#pragma once
// Demos of the lesson "Inside the transformer block" (lessons/block): the pieces
// around attention, each on a small matrix (math/block.hpp).
#include "demo/demo.hpp"
#include "lessons/block/common.hpp"

namespace attn::lesson_block {

Demo block_residual();     // attention's output with the input added back, or without
Demo block_layer_norm();   // each row to mean 0 and spread 1
Demo block_feed_forward(); // the same two layers on every row, with a ReLU between
Demo block_stack();        // whole blocks one after another

}  // namespace attn::lesson_block
