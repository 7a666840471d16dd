#pragma once
// Layer normalisation over each row, as torch.nn.LayerNorm(D) (eps 1e-5):
//   y = (x - mean) / sqrt(var + eps) * gamma + beta,  var the biased variance.
#include <cmath>
#include <string>

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
    for (int i = 0; i < d; ++i) {
        xhat[i] = (x[i] - mean) * rstd;
        y[i] = xhat[i] * gamma[i] + beta[i];
    }
    return rstd;
}

// Lane l = x[l * d], for four rows of d (row l of the four in lane l).
inline matmul_detail::Float4 rows_lanes4(const float* x, int d) {
    return matmul_detail::Float4{x[0], x[d], x[2 * d], x[3 * d]};
}

// Four rows at once (x, xhat, y: 4 rows of d; rstd: 4), row l in vector lane l:
// each lane does layer_norm_row's operations in its order (lanes never mix), so
// the same bits, but the sums over a row, a chain of adds each, run four abreast.
inline void layer_norm_rows4(const float* x, int d, const float* gamma, const float* beta, float* xhat, float* y,
                             float* rstd) {
    using V = matmul_detail::Float4;
    V mean = {};
    for (int i = 0; i < d; ++i) mean += rows_lanes4(x + i, d);
    mean /= static_cast<float>(d);
    V var = {};
    for (int i = 0; i < d; ++i) var += (rows_lanes4(x + i, d) - mean) * (rows_lanes4(x + i, d) - mean);
    var /= static_cast<float>(d);
    for (int l = 0; l < 4; ++l) {
        rstd[l] = 1.0f / std::sqrt(var[l] + static_cast<float>(LayerNorm<float>::kEps));
        const float* xl = x + l * d;
        float* hl = xhat + l * d;
        float* yl = y + l * d;
        for (int i = 0; i < d; ++i) {
            hl[i] = (xl[i] - mean[l]) * rstd[l];
            yl[i] = hl[i] * gamma[i] + beta[i];
        }
    }
}

}  // namespace attn::nn
