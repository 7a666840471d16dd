#include "nn/adam.hpp"

#include <cmath>
#include <limits>

namespace attn::nn {

template <typename T>
Adam<T>::Adam(ParamList<T> params, double lr, double weight_decay, double beta1, double beta2, double eps)
    : params_(std::move(params)), lr_(lr), weight_decay_(weight_decay), beta1_(beta1), beta2_(beta2), eps_(eps) {
    for (const Param<T>* p : params_) {
        m_.push_back(Mat<T>::Zero(p->value.rows(), p->value.cols()));
        v_.push_back(Mat<T>::Zero(p->value.rows(), p->value.cols()));
    }
}

namespace {

// Subnormal numbers: a gradient that stays zero (a ReLU unit that never fires)
// decays its moments by 0.9 a step into the range below the smallest normal
// float, where x86 computes each operation some hundred times slower: Adam
// took 60 % of Plain-256's training. Flushing them to zero in code (rather
// than with the CPU's flush-to-zero mode, which WebAssembly lacks) keeps every
// build's bits equal; a gradient under sqrt(min) would square into that range.
template <typename T>
T flush_tiny(T x, T below) {
    return std::abs(x) < below ? T(0) : x;
}

// One tensor's update, n entries. Its own function so that the pointers are
// __restrict (four different tensors): the compilers then vectorise the loop,
// each entry's operations unchanged (the vector sqrt and divide round as the
// scalar ones do).
template <typename T>
void update(T* __restrict w, const T* __restrict g, T* __restrict m, T* __restrict v, Eigen::Index n, T b1, T b2,
            T root_c2, T eps, T step_size) {
    const T tiny = std::numeric_limits<T>::min();
    const T tiny_gradient = std::sqrt(tiny);
    for (Eigen::Index k = 0; k < n; ++k) {
        const T gk = flush_tiny(g[k], tiny_gradient);
        m[k] = flush_tiny(b1 * m[k] + (T(1) - b1) * gk, tiny);       // first moment
        v[k] = flush_tiny(b2 * v[k] + (T(1) - b2) * gk * gk, tiny);  // second moment
        const T denom = std::sqrt(v[k]) / root_c2 + eps;
        w[k] -= step_size * m[k] / denom;
    }
}

// w *= keep, the decoupled weight decay, as a plain loop: Eigen's `value *= keep` stays one
// multiply at a time under EIGEN_DONT_VECTORIZE; the same multiplies, four or more at once.
template <typename T>
void decay(T* __restrict w, Eigen::Index n, T keep) {
    for (Eigen::Index k = 0; k < n; ++k) w[k] *= keep;
}

}  // namespace

template <typename T>
void Adam<T>::step() {
    ++t_;
    // The bias corrections are computed in double, as PyTorch computes them in Python.
    const double correction1 = 1.0 - std::pow(beta1_, static_cast<double>(t_));
    const double correction2 = 1.0 - std::pow(beta2_, static_cast<double>(t_));
    const T step_size = static_cast<T>(lr_ / correction1);
    const T root_c2 = static_cast<T>(std::sqrt(correction2));
    const T b1 = static_cast<T>(beta1_), b2 = static_cast<T>(beta2_), eps = static_cast<T>(eps_);
    const T keep = static_cast<T>(1.0 - lr_ * weight_decay_);  // torch: param.mul_(1 - lr * weight_decay)
    for (std::size_t i = 0; i < params_.size(); ++i) {
        if (weight_decay_ != 0 && decays(*params_[i]))
            decay(params_[i]->value.data(), params_[i]->value.size(), keep);  // decoupled weight decay
        update(params_[i]->value.data(), params_[i]->grad.data(), m_[i].data(), v_[i].data(), m_[i].size(), b1, b2,
               root_c2, eps, step_size);
    }
}

template class Adam<float>;
template class Adam<double>;

}  // namespace attn::nn
