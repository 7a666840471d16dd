#pragma once
// Adam (Kingma & Ba, 2015) exactly as torch.optim.Adam with its defaults
// (betas 0.9 / 0.999, eps 1e-8, no amsgrad), and, given a weight decay, AdamW
// (Loshchilov & Hutter, 2019) exactly as torch.optim.AdamW: one update for both,
//   w <- w - lr * decay * w                        (AdamW only: decoupled weight decay)
//   m <- b1 m + (1 - b1) g,  v <- b2 v + (1 - b2) g^2
//   w <- w - lr / (1 - b1^t) * m / (sqrt(v) / sqrt(1 - b2^t) + eps)
// Only matrices decay (weights and embedding tables: every parameter of two
// dimensions); biases and the norms' gains and shifts do not, as GPT-2 and
// nanoGPT group them. A weight decay of 0 is plain Adam, bit for bit. The
// state, one pair of moments per parameter and the step count, is held here
// explicitly, in the order of the parameter list it was made with. One
// difference from PyTorch: values below the smallest normal float are set to
// zero (adam.cpp says why); it changed none of the lesson's figures.
#include <vector>

#include "nn/tensor.hpp"

namespace attn::nn {

template <typename T>
class Adam {
public:
    Adam(ParamList<T> params, double lr, double weight_decay = 0, double beta1 = 0.9, double beta2 = 0.999,
         double eps = 1e-8);

    // One update of every parameter from its current gradient.
    void step();

    // Whether a parameter decays (when there is a weight decay): those of two dimensions.
    static bool decays(const Param<T>& p) { return p.shape.size() >= 2; }
    double lr() const { return lr_; }
    double weight_decay() const { return weight_decay_; }
    long steps() const { return t_; }

private:
    ParamList<T> params_;
    double lr_, weight_decay_, beta1_, beta2_, eps_;
    long t_ = 0;
    std::vector<Mat<T>> m_;  // running mean of the gradient, one per parameter
    std::vector<Mat<T>> v_;  // running mean of its square
};

}  // namespace attn::nn
