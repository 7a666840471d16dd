#pragma once
// ReLU, as torch.nn.ReLU:  y = max(x, 0).
#include "nn/tensor.hpp"

namespace attn::nn {

template <typename T>
class Relu {
public:
    // x: (N, D) -> out(): (N, D)
    const Mat<T>& forward(const Mat<T>& x) {
        ensure_shape(y_, x.rows(), x.cols());
        const T* __restrict in = x.data();
        T* __restrict y = y_.data();
        // Eigen's cwiseMax(0) is std::max(x, 0): x unless x < 0 (so -0 and NaN stay), as a plain loop
        for (Eigen::Index i = 0; i < x.size(); ++i) y[i] = in[i] < T(0) ? T(0) : in[i];
        return y_;
    }
    // y = max(x, 0)  =>  dx = dy where y > 0, else 0
    // A plain loop, which the compilers vectorise (Eigen's select stays scalar
    // under EIGEN_DONT_VECTORIZE: 5 % of a transformer's step in WebAssembly).
    const Mat<T>& backward(const Mat<T>& dy) {
        ensure_shape(dx_, dy.rows(), dy.cols());
        const T* __restrict y = y_.data();
        const T* __restrict g = dy.data();
        T* __restrict dx = dx_.data();
        for (Eigen::Index i = 0; i < dy.size(); ++i) {
            const T yi = y[i], gi = g[i];  // both read first: clang vectorises only then
            dx[i] = yi > T(0) ? gi : T(0);
        }
        return dx_;
    }
    const Mat<T>& out() const { return y_; }
    const Mat<T>& d_input() const { return dx_; }

private:
    Mat<T> y_, dx_;  // (N, D)
};

}  // namespace attn::nn
