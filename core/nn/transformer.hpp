#pragma once
// Transformer: the request token first, then the object tokens, through
// `layers` post-norm encoder layers (width 32, 2 heads, feed-forward 64);
// the answer is read at the request token's place.
//   sequence = [embed_request(request); embed_object(tokens)]   (B*(n+1), 32)
//   encoded  = encoder(sequence)                                  (B*(n+1), 32)
//   answer   = out(encoded at row b*(n+1))                       (B, 2) [m]
// 352 + 288 + 8,544 per layer + 66: 9,250 with 1 layer, 17,794 with 2.
#include <vector>

#include "nn/encoder_layer.hpp"
#include "nn/linear.hpp"
#include "nn/network.hpp"

namespace attn::nn {

template <typename T>
class Transformer : public Network<T> {
public:
    static constexpr int kWidth = 32, kHeads = 2, kFeedforward = 64;
    explicit Transformer(int layers);
    const Mat<T>& forward(const Mat<T>& tokens, const Mat<T>& request, int batch, int objects) override;
    // The last layer at the request token's places only (EncoderLayer::forward_first):
    // about a third less work a training step, the same bits.
    const Mat<T>& forward_for_training(const Mat<T>& tokens, const Mat<T>& request, int batch,
                                       int objects) override;
    void backward(const Mat<T>& d_out) override;
    // As nn.TransformerEncoder: every layer starts as a copy of the first.
    void init_default(Rng& rng) override;

    Linear<T> embed_object;   // 10 -> 32
    Linear<T> embed_request;  // 8 -> 32
    std::vector<EncoderLayer<T>> layers;
    Linear<T> out;            // 32 -> 2

private:
    const Mat<T>& run(const Mat<T>& tokens, const Mat<T>& request, int batch, int objects, bool answers_only);

    int batch_ = 0, length_ = 0;
    bool answers_only_ = false;  // the last forward was forward_for_training
    Mat<T> sequence_;   // (B*(n+1), 32)
    Mat<T> first_;      // (B, 32) the request token after the encoder
    Mat<T> d_encoded_;  // (B*(n+1), 32)
    Mat<T> d_request_;  // (B, 32)
    Mat<T> d_objects_;  // (B*n, 32)
};

}  // namespace attn::nn
