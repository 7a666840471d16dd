#include "nn/layer_norm.hpp"

#include <cmath>
#include <type_traits>

namespace attn::nn {

namespace {

using matmul_detail::Float4;

// For four rows of the backward, row l in lane l: g_mean = mean(dy * gamma) and
// gx_mean = mean(dy * gamma * xhat), each lane the scalar loop's operations in order.
void grad_means4(const float* dy, const float* xhat, const float* gamma, int d, float* g_mean, float* gx_mean) {
    Float4 g_sum = {}, gx_sum = {}, dyc[4], hc[4];
    int i = 0;
    for (; i + 4 <= d; i += 4) {
        lanes::columns4(dy, d, i, dyc);
        lanes::columns4(xhat, d, i, hc);
        for (int k = 0; k < 4; ++k) {
            const Float4 g = dyc[k] * gamma[i + k];
            g_sum += g;
            gx_sum += g * hc[k];
        }
    }
    for (; i < d; ++i) {
        const Float4 g = lanes::column4(dy + i, d) * gamma[i];
        g_sum += g;
        gx_sum += g * lanes::column4(xhat + i, d);
    }
    for (int l = 0; l < 4; ++l) {
        g_mean[l] = g_sum[l] / static_cast<float>(d);
        gx_mean[l] = gx_sum[l] / static_cast<float>(d);
    }
}

// dx = rstd * (g - mean(g) - xhat * mean(g * xhat)) with g = dy * gamma, along one row.
template <typename T>
void input_grad_row(const T* __restrict dyr, const T* __restrict hr, const T* __restrict gamma, int d, T rstd,
                    T g_mean, T gx_mean, T* __restrict dxr) {
    for (int i = 0; i < d; ++i) dxr[i] = rstd * (dyr[i] * gamma[i] - g_mean - hr[i] * gx_mean);
}

}  // namespace

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
    layer_norm_rows(x.data(), n, d, weight.value.data(), bias.value.data(), xhat_.data(), y_.data(), rstd_.data());
    return y_;
}

template <typename T>
const Mat<T>& LayerNorm<T>::backward(const Mat<T>& dy) {
    const int d = width_;
    // y = xhat * gamma + beta  =>  dgamma = sum over rows of dy * xhat,  dbeta = sum over rows of dy
    T* __restrict dgamma = weight.grad.data();  // apart from dy and xhat: the loop vectorises across i
    for (int i = 0; i < d; ++i) dgamma[i] = 0;
    for (Eigen::Index r = 0; r < dy.rows(); ++r) {
        const T* __restrict dyr = dy.data() + r * d;
        const T* __restrict hr = xhat_.data() + r * d;
        for (int i = 0; i < d; ++i) dgamma[i] += dyr[i] * hr[i];
    }
    column_sums(bias.grad, dy);
    // xhat = (x - mean) * rstd  =>  per row, with g = dy * gamma:
    //   dx = rstd * (g - mean(g) - xhat * mean(g * xhat))
    ensure_shape(dx_, dy.rows(), d);
    const T* gamma = weight.value.data();
    Eigen::Index r = 0;
    if constexpr (std::is_same_v<T, float>)
        for (; r + 4 <= dy.rows(); r += 4) {
            T g_mean[4], gx_mean[4];
            grad_means4(dy.data() + r * d, xhat_.data() + r * d, gamma, d, g_mean, gx_mean);
            for (int l = 0; l < 4; ++l)
                input_grad_row(dy.data() + (r + l) * d, xhat_.data() + (r + l) * d, gamma, d, rstd_(r + l), g_mean[l],
                               gx_mean[l], dx_.data() + (r + l) * d);
        }
    for (; r < dy.rows(); ++r) {
        const T* dyr = dy.data() + r * d;
        const T* hr = xhat_.data() + r * d;
        T g_mean = 0, gx_mean = 0;
        for (int i = 0; i < d; ++i) {
            const T g = dyr[i] * gamma[i];
            g_mean += g;
            gx_mean += g * hr[i];
        }
        g_mean /= d;
        gx_mean /= d;
        input_grad_row(dyr, hr, gamma, d, rstd_(r), g_mean, gx_mean, dx_.data() + r * d);
    }
    return dx_;
}

template class LayerNorm<float>;
template class LayerNorm<double>;

}  // namespace attn::nn
