#pragma once
// Adam (Kingma & Ba, 2015) exactly as torch.optim.Adam with its defaults
// (betas 0.9 / 0.999, eps 1e-8, no weight decay, no amsgrad). Its state, one
// pair of moments per parameter and the step count, is held here explicitly,
// in the order of the parameter list it was made with. One difference: values
// below the smallest normal float are set to zero (adam.cpp says why); it
// changed none of the lesson's figures.
#include <vector>

#include "nn/tensor.hpp"

namespace attn::nn {

template <typename T>
class Adam {
public:
    Adam(ParamList<T> params, double lr, double beta1 = 0.9, double beta2 = 0.999, double eps = 1e-8);

    // One update of every parameter from its current gradient.
    void step();

    double lr() const { return lr_; }
    long steps() const { return t_; }

private:
    ParamList<T> params_;
    double lr_, beta1_, beta2_, eps_;
    long t_ = 0;
    std::vector<Mat<T>> m_;  // running mean of the gradient, one per parameter
    std::vector<Mat<T>> v_;  // running mean of its square
};

}  // namespace attn::nn
