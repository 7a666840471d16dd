#pragma once
// Mean squared error, as torch.nn.MSELoss():  loss = sum (pred - target)^2 / (N * D).
#include "nn/tensor.hpp"

namespace attn::nn {

template <typename T>
class MseLoss {
public:
    // pred, target: (N, D) -> the loss; keeps d_pred() for backward.
    T forward(const Mat<T>& pred, const Mat<T>& target) {
        ensure_shape(d_pred_, pred.rows(), pred.cols());
        const T count = static_cast<T>(pred.size());
        d_pred_ = pred - target;
        T squares = 0;  // in index order, so every build prints the same loss
        for (Eigen::Index i = 0; i < d_pred_.size(); ++i) squares += d_pred_.data()[i] * d_pred_.data()[i];
        const T loss = squares / count;
        // loss = sum e^2 / count  =>  d loss / d pred = 2 e / count
        d_pred_ *= T(2) / count;
        return loss;
    }
    const Mat<T>& d_pred() const { return d_pred_; }  // (N, D)

private:
    Mat<T> d_pred_;
};

}  // namespace attn::nn
