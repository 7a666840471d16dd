#pragma once
// Mean squared error, as torch.nn.MSELoss():  loss = sum (pred - target)^2 / (N * D).
#include "nn/tensor.hpp"

namespace attn::nn {

template <typename T>
class MseLoss {
public:
    // pred, target: (N, D) -> the loss; keeps d_pred() for backward.
    T forward(const Mat<T>& pred, const Mat<T>& target) {
        const T count = static_cast<T>(pred.size());
        return squares(pred, target, count) / count;
    }
    // For one part of a batch of `count` numbers in all: the part's sum of
    // squared errors, and d_pred() the part's rows of the whole batch's gradient.
    T squares(const Mat<T>& pred, const Mat<T>& target, T count) {
        ensure_shape(d_pred_, pred.rows(), pred.cols());
        d_pred_ = pred - target;
        T sum = 0;  // in index order, so every build prints the same loss
        for (Eigen::Index i = 0; i < d_pred_.size(); ++i) sum += d_pred_.data()[i] * d_pred_.data()[i];
        // loss = sum e^2 / count  =>  d loss / d pred = 2 e / count
        d_pred_ *= T(2) / count;
        return sum;
    }
    const Mat<T>& d_pred() const { return d_pred_; }  // (N, D)

private:
    Mat<T> d_pred_;
};

}  // namespace attn::nn
