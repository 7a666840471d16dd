#pragma once
// Linear layer, as torch.nn.Linear:  y = x W^T + b.
#include <string>

#include "math/rng.hpp"
#include "nn/frozen_weights.hpp"
#include "nn/tensor.hpp"

namespace attn::nn {

template <typename T>
class Linear {
public:
    Linear() = default;
    // Parameters are called "<prefix>.weight" and "<prefix>.bias".
    Linear(const std::string& prefix, int in, int out);

    // PyTorch's default: kaiming_uniform(a = sqrt(5)) on W, which is
    // U(-1/sqrt(in), 1/sqrt(in)), and the same bound for b.
    void init_default(Rng& rng);

    // x: (N, in) -> out(): (N, out). `x` must stay alive until backward().
    const Mat<T>& forward(const Mat<T>& x);
    // dy: (N, out) -> d_input(): (N, in); sets weight.grad and bias.grad.
    // d_input() is left empty when the input is data (see skip_input_gradient).
    const Mat<T>& backward(const Mat<T>& dy);
    // For a first layer whose input is data: backward() then skips dx = dy W.
    void skip_input_gradient() { input_grad_ = false; }

    const Mat<T>& out() const { return y_; }
    const Mat<T>& d_input() const { return dx_; }
    void collect(ParamList<T>& list) { list.push_back(&weight); list.push_back(&bias); }

    Param<T> weight;  // W (out, in)
    Param<T> bias;    // b (1, out), PyTorch shape (out)

private:
    int in_ = 0, out_ = 0;
    bool input_grad_ = true;
    const Mat<T>* x_ = nullptr;  // the input of the last forward
    Mat<T> weight_t_;            // (in, out) W^T for forward's product
    DerivedWeights weight_t_made_;
    Mat<T> grad_t_;              // (in, out) backward's dW^T when in < out
    Mat<T> y_;                   // (N, out)
    Mat<T> dx_;                  // (N, in)
};

}  // namespace attn::nn
