#pragma once
// Lookup: one cross-attention layer. The request asks, the objects answer.
//   objects = embed_object(tokens)          (B*n, 16)
//   query   = embed_request(request)        (B, 16): one query per scene
//   mixed   = attend(query, objects, objects)   (B, 16), 1 head
//   answer  = out(mixed)                    (B, 2) [m]
// 176 + 144 + 816 + 272 + 34 = 1,442 parameters.
#include "nn/linear.hpp"
#include "nn/multihead_attention.hpp"
#include "nn/network.hpp"

namespace attn::nn {

template <typename T>
class Lookup : public Network<T> {
public:
    static constexpr int kWidth = 16, kHeads = 1;
    Lookup();
    const Mat<T>& forward(const Mat<T>& tokens, const Mat<T>& request, int batch, int objects) override;
    void backward(const Mat<T>& d_out) override;

    Linear<T> embed_object;     // 10 -> 16
    Linear<T> embed_request;    // 8 -> 16
    MultiheadAttention<T> attend;
    Linear<T> out;              // 16 -> 2
};

}  // namespace attn::nn
