#pragma once
// Where the request token looked in each encoder layer of the "nearest" transformer (table_layers.cpp),
// shared with its explanations (table_layers_explain.cpp).
#include <vector>

#include "nn/transformer.hpp"

namespace attn::lesson_table {

struct LayerLook {
    std::vector<double> mean;               // (n) weight on each object, averaged over heads
    std::vector<std::vector<double>> heads; // (H, n)
    double self = 0;                        // the same, averaged
};

// Row h*L + 0 of each layer's weights after the network's last forward pass of one scene of `objects`.
std::vector<LayerLook> request_looks(const nn::Transformer<float>& net, int objects);

}  // namespace attn::lesson_table
