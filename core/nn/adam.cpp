#include "adam.hpp"

#include <cmath>

namespace attn::nn {

template <typename T>
Adam<T>::Adam(ParamList<T> params, double lr, double beta1, double beta2, double eps)
    : params_(std::move(params)), lr_(lr), beta1_(beta1), beta2_(beta2), eps_(eps) {
    for (const Param<T>* p : params_) {
        m_.push_back(Mat<T>::Zero(p->value.rows(), p->value.cols()));
        v_.push_back(Mat<T>::Zero(p->value.rows(), p->value.cols()));
    }
}

template <typename T>
void Adam<T>::step() {
    ++t_;
    // The bias corrections are computed in double, as PyTorch computes them in Python.
    const double correction1 = 1.0 - std::pow(beta1_, static_cast<double>(t_));
    const double correction2 = 1.0 - std::pow(beta2_, static_cast<double>(t_));
    const T step_size = static_cast<T>(lr_ / correction1);
    const T root_c2 = static_cast<T>(std::sqrt(correction2));
    const T b1 = static_cast<T>(beta1_), b2 = static_cast<T>(beta2_), eps = static_cast<T>(eps_);
    for (std::size_t i = 0; i < params_.size(); ++i) {
        T* w = params_[i]->value.data();
        const T* g = params_[i]->grad.data();
        T* m = m_[i].data();
        T* v = v_[i].data();
        for (Eigen::Index k = 0; k < m_[i].size(); ++k) {
            m[k] = b1 * m[k] + (T(1) - b1) * g[k];         // first moment
            v[k] = b2 * v[k] + (T(1) - b2) * g[k] * g[k];  // second moment
            const T denom = std::sqrt(v[k]) / root_c2 + eps;
            w[k] -= step_size * m[k] / denom;
        }
    }
}

template class Adam<float>;
template class Adam<double>;

}  // namespace attn::nn
