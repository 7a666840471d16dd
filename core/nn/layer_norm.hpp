#pragma once
// Layer normalisation over each row, as torch.nn.LayerNorm(D) (eps 1e-5):
//   y = (x - mean) / sqrt(var + eps) * gamma + beta,  var the biased variance.
#include <cmath>
#include <string>
#include <type_traits>

#include "nn/attention_lanes.hpp"
#include "nn/tensor.hpp"

namespace attn::nn {

template <typename T>
class LayerNorm {
public:
    LayerNorm() = default;
    // Parameters "<prefix>.weight" (gamma, starts at 1) and "<prefix>.bias" (beta, starts at 0).
    LayerNorm(const std::string& prefix, int width);

    // x: (N, D) -> out(): (N, D)
    const Mat<T>& forward(const Mat<T>& x);
    // dy: (N, D) -> d_input(): (N, D); sets weight.grad and bias.grad.
    const Mat<T>& backward(const Mat<T>& dy);

    const Mat<T>& out() const { return y_; }
    const Mat<T>& d_input() const { return dx_; }
    void collect(ParamList<T>& list) { list.push_back(&weight); list.push_back(&bias); }

    static constexpr double kEps = 1e-5;
    Param<T> weight;  // gamma (1, D)
    Param<T> bias;    // beta (1, D)

private:
    int width_ = 0;
    Mat<T> xhat_;                                       // (N, D) normalised input
    Eigen::Matrix<T, Eigen::Dynamic, 1> rstd_;          // (N) 1 / sqrt(var + eps)
    Mat<T> y_, dx_;                                     // (N, D)
};

// xhat = (x - mean) * rstd, y = xhat * gamma + beta along one row of d: element by element, so the
// compilers vectorise it across the row (__restrict: the rows never overlap).
template <typename T>
inline void normalise_row(const T* __restrict x, int d, T mean, T rstd, const T* __restrict gamma,
                          const T* __restrict beta, T* __restrict xhat, T* __restrict y) {
    for (int i = 0; i < d; ++i) {
        const T h = (x[i] - mean) * rstd;
        xhat[i] = h;
        y[i] = h * gamma[i] + beta[i];
    }
}

// One row of the forward: xhat = (x - mean) * rstd, y = xhat * gamma + beta (d wide); returns rstd.
// Apart so that the language model's decoder (nn/lm/decoder.hpp) adds in the forward's order.
template <typename T>
inline T layer_norm_row(const T* x, int d, const T* gamma, const T* beta, T* xhat, T* y) {
    T mean = 0;
    for (int i = 0; i < d; ++i) mean += x[i];
    mean /= d;
    T var = 0;
    for (int i = 0; i < d; ++i) var += (x[i] - mean) * (x[i] - mean);
    var /= d;  // biased, as PyTorch
    const T rstd = T(1) / std::sqrt(var + T(LayerNorm<T>::kEps));
    normalise_row(x, d, mean, rstd, gamma, beta, xhat, y);
    return rstd;
}

// Four rows at once (x, xhat, y: 4 rows of d; rstd: 4), row l in vector lane l:
// each lane does layer_norm_row's operations in its order (lanes never mix), so
// the same bits, but the sums over a row, a chain of adds each, run four abreast.
inline void layer_norm_rows4(const float* x, int d, const float* gamma, const float* beta, float* xhat, float* y,
                             float* rstd) {
    using V = matmul_detail::Float4;
    V mean = {}, c[4];
    int i = 0;
    for (; i + 4 <= d; i += 4) {
        lanes::columns4(x, d, i, c);
        for (int k = 0; k < 4; ++k) mean += c[k];
    }
    for (; i < d; ++i) mean += lanes::column4(x + i, d);
    mean /= static_cast<float>(d);
    V var = {};
    for (i = 0; i + 4 <= d; i += 4) {
        lanes::columns4(x, d, i, c);
        for (int k = 0; k < 4; ++k) var += (c[k] - mean) * (c[k] - mean);
    }
    for (; i < d; ++i) var += (lanes::column4(x + i, d) - mean) * (lanes::column4(x + i, d) - mean);
    var /= static_cast<float>(d);
    for (int l = 0; l < 4; ++l) {
        rstd[l] = 1.0f / std::sqrt(var[l] + static_cast<float>(LayerNorm<float>::kEps));
        normalise_row(x + l * d, d, mean[l], rstd[l], gamma, beta, xhat + l * d, y + l * d);
    }
}

// Rows 0..n-1 of the forward (x, xhat, y: n rows of d; rstd: n): float rows four abreast
// (layer_norm_rows4), the rest one at a time; the same bits either way. LayerNorm::forward's and the
// decoder's (nn/lm/decoder.cpp).
template <typename T>
inline void layer_norm_rows(const T* x, Eigen::Index n, int d, const T* gamma, const T* beta, T* xhat, T* y, T* rstd) {
    Eigen::Index r = 0;
    if constexpr (std::is_same_v<T, float>)
        for (; r + 4 <= n; r += 4) layer_norm_rows4(x + r * d, d, gamma, beta, xhat + r * d, y + r * d, rstd + r);
    for (; r < n; ++r) rstd[r] = layer_norm_row(x + r * d, d, gamma, beta, xhat + r * d, y + r * d);
}

}  // namespace attn::nn
