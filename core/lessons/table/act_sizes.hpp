#pragma once
// ACT's transformer at robot scale, counted with the same layers as the table
// networks (nn/): a multi-head attention is nn::MultiheadAttention, a
// feed-forward is two nn::Linear, a norm is nn::LayerNorm. The tests check
// each count against those layers built at the same sizes.
#include <cstdint>

namespace attn::lesson_table {

// Counts reach 10^10 (8 cameras, 64 heads, 24 layers): 64 bits in every build,
// since `long` is 32 bits in WebAssembly.
using Count = std::int64_t;

struct ActShape {
    Count cameras = 1;
    Count chunk = 100;           // decoder queries, one action each
    Count width = 512;           // E: numbers per token
    Count encoder_layers = 4;
    Count heads = 8;
    Count feedforward = 3200;    // F
    Count decoder_layers = 1;
    Count map_rows = 15, map_cols = 20;  // ResNet-18's feature map per camera
};

// Parameter counts [weights and biases].
Count linear_parameters(Count in, Count out);          // W (out, in) and b (out)
Count attention_parameters(Count width);              // packed (3E, E) projection + biases, then out_proj
Count norm_parameters(Count width);                   // gamma and beta
Count encoder_layer_parameters(Count width, Count feedforward);
Count decoder_layer_parameters(Count width, Count feedforward);

struct ActSizes {
    Count tokens = 0;                 // 1 style + 1 joints + rows*cols per camera
    Count encoder_layer = 0, encoder = 0;
    Count decoder_layer = 0, decoder = 0;  // decoder: its layers and the final norm
    Count encoder_table = 0;          // T x T weights per head and layer
    Count decoder_self_table = 0;     // chunk x chunk
    Count decoder_cross_table = 0;    // chunk x T
};
ActSizes act_sizes_of(const ActShape& shape);

}  // namespace attn::lesson_table
