#include "nn/linear.hpp"

#include <cmath>
#include <stdexcept>

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
void Linear<T>::read_columns(const std::vector<std::pair<int, int>>& runs) {
    if (runs == runs_) return;
    for (std::size_t i = 0; i < runs.size(); ++i)
        if (runs[i].first < (i ? runs[i - 1].second : 0) || runs[i].second < runs[i].first || runs[i].second > in_)
            throw std::invalid_argument("a layer's columns to read are ascending runs inside its input");
    runs_ = runs;
    weight_read_made_ = {};  // what was made for other columns
    weight_t_made_ = {};
}

// W itself, or its columns in runs_ (once a training step, as W^T below).
template <typename T>
const Mat<T>& Linear<T>::weight_read() {
    if (runs_.empty()) return weight.value;
    if (!weight_read_made_.fresh()) {
        Eigen::Index width = 0;
        for (const auto& [first, end] : runs_) width += end - first;
        ensure_shape(weight_read_, out_, width);
        Eigen::Index at = 0;
        for (const auto& [first, end] : runs_) {
            weight_read_.middleCols(at, end - first) = weight.value.middleCols(first, end - first);
            at += end - first;
        }
        weight_read_made_.made();
    }
    return weight_read_;
}

template <typename T>
const Mat<T>& Linear<T>::forward(const Mat<T>& x) {
    x_ = &x;
    const Mat<T>& w = weight_read();
    if (x.cols() != w.cols()) throw std::invalid_argument("a layer's input has the wrong number of columns");
    ensure_shape(y_, x.rows(), out_);
    if (reads_transposed<T>(x.rows(), w.cols(), out_)) {
        // A large W is copied a panel at a time for the product anyway: the copy reads it transposed.
        product_transposed_plus(y_, x, w, bias.value.row(0));
        return y_;
    }
    // W^T, so that the product's inner loop runs along contiguous rows: k*m copies
    // against the product's n*k*m, and once a training step (nn/frozen_weights.hpp).
    if (!weight_t_made_.fresh()) {
        transpose_into(weight_t_, w);
        weight_t_made_.made();
    }
    product_plus(y_, x, weight_t_, bias.value.row(0));  // (N, in) (in, out), + b on every row
    return y_;
}

template <typename T>
const Mat<T>& Linear<T>::backward(const Mat<T>& dy) {
    // y = x W^T + b  =>  dW = dy^T x,  db = sum over rows of dy,  dx = dy W
    const Eigen::Index in = x_->cols();  // in_, or the columns read
    Mat<T>& grad = runs_.empty() ? weight.grad : grad_read_;
    if (in < out_) {
        // dW^T = x^T dy, then transposed: the same products added in the same
        // order (a * b == b * a), but the kernel's rows are `out` wide instead of
        // `in` (a 10-wide input leaves most vector lanes idle: 2.3x slower).
        ensure_shape(grad_t_, in, out_);
        transpose_product(grad_t_, *x_, dy);          // (in, N) (N, out)
        transpose_into(grad, grad_t_);
    } else {
        ensure_shape(grad, out_, in);
        transpose_product(grad, dy, *x_);             // (out, N) (N, in)
    }
    if (!runs_.empty()) spread_columns();
    column_sums(bias.grad, dy);                      // (1, out)
    if (!input_grad_) return dx_;
    ensure_shape(dx_, dy.rows(), in);
    product(dx_, dy, weight_read());                 // (N, out) (out, in)
    return dx_;
}

// dW from the columns read: theirs in place, zeros (their exact sums) elsewhere.
template <typename T>
void Linear<T>::spread_columns() {
    weight.grad.setZero();
    Eigen::Index at = 0;
    for (const auto& [first, end] : runs_) {
        weight.grad.middleCols(first, end - first) = grad_read_.middleCols(at, end - first);
        at += end - first;
    }
}

template class Linear<float>;
template class Linear<double>;

}  // namespace attn::nn
