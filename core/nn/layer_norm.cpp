#include "nn/layer_norm.hpp"

#include <cmath>

namespace attn::nn {

template <typename T>
LayerNorm<T>::LayerNorm(const std::string& prefix, int width) : width_(width) {
    weight.init(prefix + ".weight", {width}, 1, width);
    bias.init(prefix + ".bias", {width}, 1, width);
    weight.value.setOnes();
}

template <typename T>
const Mat<T>& LayerNorm<T>::forward(const Mat<T>& x) {
    const Eigen::Index n = x.rows();
    const int d = width_;
    ensure_shape(xhat_, n, d);
    ensure_shape(y_, n, d);
    if (rstd_.size() != n) rstd_.resize(n);
    const T* gamma = weight.value.data();
    const T* beta = bias.value.data();
    for (Eigen::Index r = 0; r < n; ++r)
        rstd_(r) = layer_norm_row(x.data() + r * d, d, gamma, beta, xhat_.data() + r * d, y_.data() + r * d);
    return y_;
}

template <typename T>
const Mat<T>& LayerNorm<T>::backward(const Mat<T>& dy) {
    const int d = width_;
    // y = xhat * gamma + beta  =>  dgamma = sum over rows of dy * xhat,  dbeta = sum over rows of dy
    T* dgamma = weight.grad.data();
    for (int i = 0; i < d; ++i) dgamma[i] = 0;
    for (Eigen::Index r = 0; r < dy.rows(); ++r) {
        const T* dyr = dy.data() + r * d;
        const T* hr = xhat_.data() + r * d;
        for (int i = 0; i < d; ++i) dgamma[i] += dyr[i] * hr[i];
    }
    column_sums(bias.grad, dy);
    // xhat = (x - mean) * rstd  =>  per row, with g = dy * gamma:
    //   dx = rstd * (g - mean(g) - xhat * mean(g * xhat))
    ensure_shape(dx_, dy.rows(), d);
    const T* gamma = weight.value.data();
    for (Eigen::Index r = 0; r < dy.rows(); ++r) {
        const T* dyr = dy.data() + r * d;
        const T* hr = xhat_.data() + r * d;
        T* dxr = dx_.data() + r * d;
        T g_mean = 0, gx_mean = 0;
        for (int i = 0; i < d; ++i) {
            const T g = dyr[i] * gamma[i];
            g_mean += g;
            gx_mean += g * hr[i];
        }
        g_mean /= d;
        gx_mean /= d;
        for (int i = 0; i < d; ++i) dxr[i] = rstd_(r) * (dyr[i] * gamma[i] - g_mean - hr[i] * gx_mean);
    }
    return dx_;
}

template class LayerNorm<float>;
template class LayerNorm<double>;

}  // namespace attn::nn
