#pragma once
// ACT's transformer at robot scale, counted with the same layers as the table
// networks (nn/): a multi-head attention is nn::MultiheadAttention, a
// feed-forward is two nn::Linear, a norm is nn::LayerNorm. The tests check
// each count against those layers built at the same sizes.
namespace attn::lesson_table {

struct ActShape {
    long cameras = 1;
    long chunk = 100;           // decoder queries, one action each
    long width = 512;           // E: numbers per token
    long encoder_layers = 4;
    long heads = 8;
    long feedforward = 3200;    // F
    long decoder_layers = 1;
    long map_rows = 15, map_cols = 20;  // ResNet-18's feature map per camera
};

// Parameter counts [weights and biases].
long linear_parameters(long in, long out);          // W (out, in) and b (out)
long attention_parameters(long width);              // packed (3E, E) projection + biases, then out_proj
long norm_parameters(long width);                   // gamma and beta
long encoder_layer_parameters(long width, long feedforward);
long decoder_layer_parameters(long width, long feedforward);

struct ActSizes {
    long tokens = 0;                 // 1 style + 1 joints + rows*cols per camera
    long encoder_layer = 0, encoder = 0;
    long decoder_layer = 0, decoder = 0;  // decoder: its layers and the final norm
    long encoder_table = 0;          // T x T weights per head and layer
    long decoder_self_table = 0;     // chunk x chunk
    long decoder_cross_table = 0;    // chunk x T
};
ActSizes act_sizes_of(const ActShape& shape);

}  // namespace attn::lesson_table
