#pragma once
// Plain: a multilayer perceptron on all the numbers at once. Eight object slots
// of 11 numbers (the token's 10, then 1 for "slot in use"; unused slots are
// zeros), then the request's 8: 96 inputs.
//   net.0: 96 -> h, ReLU, net.2: h -> h, ReLU, net.4: h -> 2
// 1,858 parameters with h = 16, 91,138 with h = 256.
#include "nn/linear.hpp"
#include "nn/network.hpp"
#include "nn/relu.hpp"

namespace attn::nn {

template <typename T>
class Plain : public Network<T> {
public:
    static constexpr int kSlots = 8, kSlotWidth = 11, kInputs = kSlots * kSlotWidth + 8;
    explicit Plain(int hidden);
    const Mat<T>& forward(const Mat<T>& tokens, const Mat<T>& request, int batch, int objects) override;
    void backward(const Mat<T>& d_out) override;

    Linear<T> layer0;  // "net.0": 96 -> h
    Relu<T> relu1;
    Linear<T> layer2;  // "net.2": h -> h
    Relu<T> relu3;
    Linear<T> layer4;  // "net.4": h -> 2

private:
    Mat<T> input_;  // (B, 11 * objects + 8): the slots in use and the request
    std::vector<std::pair<int, int>> columns_;  // layer0's runs, kept so that a step does not allocate them
};

}  // namespace attn::nn
