#include "nn/linear.hpp"

#include <cmath>

#include "nn/transpose.hpp"

namespace attn::nn {

template <typename T>
Linear<T>::Linear(const std::string& prefix, int in, int out) : in_(in), out_(out) {
    weight.init(prefix + ".weight", {out, in}, out, in);
    bias.init(prefix + ".bias", {out}, 1, out);
}

template <typename T>
void Linear<T>::init_default(Rng& rng) {
    const double bound = 1.0 / std::sqrt(static_cast<double>(in_));
    for (Eigen::Index i = 0; i < weight.value.size(); ++i)
        weight.value.data()[i] = static_cast<T>(rng.uniform(-bound, bound));
    for (Eigen::Index i = 0; i < bias.value.size(); ++i)
        bias.value.data()[i] = static_cast<T>(rng.uniform(-bound, bound));
}

template <typename T>
const Mat<T>& Linear<T>::forward(const Mat<T>& x) {
    x_ = &x;
    ensure_shape(y_, x.rows(), out_);
    if (reads_transposed<T>(x.rows(), in_, out_)) {
        // A large W is copied a panel at a time for the product anyway: the copy reads it transposed.
        product_transposed_plus(y_, x, weight.value, bias.value.row(0));
        return y_;
    }
    // W^T, so that the product's inner loop runs along contiguous rows: k*m copies
    // against the product's n*k*m, and once a training step (nn/frozen_weights.hpp).
    if (!weight_t_made_.fresh()) {
        transpose_into(weight_t_, weight.value);
        weight_t_made_.made();
    }
    product_plus(y_, x, weight_t_, bias.value.row(0));  // (N, in) (in, out), + b on every row
    return y_;
}

template <typename T>
const Mat<T>& Linear<T>::backward(const Mat<T>& dy) {
    // y = x W^T + b  =>  dW = dy^T x,  db = sum over rows of dy,  dx = dy W
    if (in_ < out_) {
        // dW^T = x^T dy, then transposed: the same products added in the same
        // order (a * b == b * a), but the kernel's rows are `out` wide instead of
        // `in` (a 10-wide input leaves most vector lanes idle: 2.3x slower).
        ensure_shape(grad_t_, in_, out_);
        transpose_product(grad_t_, *x_, dy);          // (in, N) (N, out)
        transpose_into(weight.grad, grad_t_);
    } else {
        transpose_product(weight.grad, dy, *x_);      // (out, N) (N, in)
    }
    column_sums(bias.grad, dy);                      // (1, out)
    if (!input_grad_) return dx_;
    ensure_shape(dx_, dy.rows(), in_);
    product(dx_, dy, weight.value);                  // (N, out) (out, in)
    return dx_;
}

template class Linear<float>;
template class Linear<double>;

}  // namespace attn::nn
