#pragma once
// Linear layer, as torch.nn.Linear:  y = x W^T + b.
#include <string>
#include <utility>
#include <vector>

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
    // For an input whose other columns are zero in every row (Plain's empty object slots): from now on
    // forward() takes x with only W's columns [first, second) of each run, in order, and neither product
    // spends time on the zeros. The same bits as the whole input: a sum that skips an exact zero's term
    // is the sum that adds it, and the skipped columns' gradients are exactly zero. dx, if asked for,
    // has the columns of x.
    void read_columns(const std::vector<std::pair<int, int>>& runs);

    const Mat<T>& out() const { return y_; }
    const Mat<T>& d_input() const { return dx_; }
    void collect(ParamList<T>& list) { list.push_back(&weight); list.push_back(&bias); }

    Param<T> weight;  // W (out, in)
    Param<T> bias;    // b (1, out), PyTorch shape (out)

private:
    const Mat<T>& weight_read();
    void spread_columns();

    int in_ = 0, out_ = 0;
    bool input_grad_ = true;
    std::vector<std::pair<int, int>> runs_;  // read_columns's; none: every column
    Mat<T> weight_read_;         // (out, columns read) W's columns in runs_
    DerivedWeights weight_read_made_;
    Mat<T> grad_read_;           // (out, columns read) dW's columns in runs_
    const Mat<T>* x_ = nullptr;  // the input of the last forward
    Mat<T> weight_t_;            // (in, out) W^T for forward's product
    DerivedWeights weight_t_made_;
    Mat<T> grad_t_;              // (in, out) backward's dW^T when in < out
    Mat<T> y_;                   // (N, out)
    Mat<T> dx_;                  // (N, in)
};

}  // namespace attn::nn
