#pragma once
// Networks as text: the weights of a network as JSON, and back.
//   {"format": "attn-nn-weights", "version": 1, "model": "lookup",
//    "parameters": [{"name": "embed_object.weight", "shape": [16, 10], "values": [160 numbers, row-major]}, ...]}
// Names and shapes are PyTorch's (the state_dict of the lesson's modules).
#include <memory>
#include <string>

#include "nn/network.hpp"

namespace attn::nn {

// The largest weight a file may hold [absolute value]. The lesson's trained
// networks stay under 10; a float near its maximum (3e38) loads, but the first
// product overflows and every answer becomes infinite or NaN.
constexpr double kMaxWeightMagnitude = 1e6;
// The longest side of a tensor a file may declare (the widest layer is 256).
constexpr int kMaxDimension = 65536;

std::string save_weights_json(const Network<float>& net);

// Builds the network the file names and gives it the file's weights. Anything
// wrong (not JSON, another format, an unknown model, a missing, extra, repeated
// or wrongly shaped tensor, a value that is not a number of at most
// kMaxWeightMagnitude in size) is a
// ParamError on "weights" whose message says what and where.
std::unique_ptr<Network<float>> load_weights_json(const std::string& text);

}  // namespace attn::nn
