#pragma once
// Demos of the lesson "Inside the transformer block" (lessons/block): the pieces
// around attention, each on a small matrix (math/block.hpp).
#include "demo/demo.hpp"

namespace attn::lesson_block {

Demo block_residual();     // attention's output with the input added back, or without
Demo block_layer_norm();   // each row to mean 0 and spread 1
Demo block_feed_forward(); // the same two layers on every row, with a ReLU between
Demo block_stack();        // whole blocks one after another

// Rows of tokens: a matrix parameter named X with this default, these column limits and
// every value within ±bound.
ParamSpec block_tokens_param(std::vector<std::vector<double>> tokens, int min_cols, int max_cols, double bound = 10);
// [[x00 x01 ...] ...] rows of a matrix as lines, "token 0" style row labels.
std::vector<double> row_values(const Matrix& m, Eigen::Index i);

}  // namespace attn::lesson_block
