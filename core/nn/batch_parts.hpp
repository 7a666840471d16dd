#pragma once
// A batch cut into a fixed number of parts, so that Web Workers can compute the
// parts' gradients at the same time and still give the bits of one worker and
// of the native trainer.
//
// Why a fixed split and a fixed tree: a weight gradient sums over the batch's
// rows, and float sums depend on their order. So the batch is always cut into
// the same parts, whatever the number of workers, and the parts' gradients are
// always added as the same pairwise tree, ((0 + 1) + (2 + 3)) for 4 parts. A
// worker given an aligned run of 1, 2 or 4 parts adds one subtree, and the
// workers' sums are added with the tree's top levels. (Float addition
// is commutative, so only the tree's shape matters, not which side is which.)
//
// A gradient travels as a flat block: every parameter's grad in params() order,
// then the parts' sum of squared errors (it is summed by the same tree).
#include <string>
#include <utility>

#include "nn/tensor.hpp"

namespace attn::nn {

// The parts a batch of `model` is cut into, as the network table gives them
// (nn/network_table.cpp): 4 for the transformers (32 scenes of 128; 8 of the
// last batch's 32), 1 (the whole batch) for the others and for an unknown name.
int batch_parts(const std::string& model);

// Part `part` of `parts` of a batch of n scenes: (first scene, scene count);
// the count is 0 when n < parts and the part has no scene.
std::pair<int, int> part_scenes(int part, int parts, int n);

// Floats in one flat gradient block of these parameters: every value, then 1
// for the sum of squared errors.
long block_size(const ParamList<float>& params);

// block = every grad in order, then `squares`.
void export_gradient(const ParamList<float>& params, float squares, float* block);
// Every grad from block; returns the block's squares.
float import_gradient(const ParamList<float>& params, const float* block);

// blocks[0] = the pairwise tree sum of `count` consecutive blocks of `size`
// floats (count a power of two); the other blocks are overwritten.
void sum_pairwise(float* blocks, int count, long size);

}  // namespace attn::nn
