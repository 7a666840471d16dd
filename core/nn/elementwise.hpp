#pragma once
// The layers' element-wise sums, and the trainers' finite check, as plain loops. The project builds Eigen with
// EIGEN_DONT_VECTORIZE (the same bits everywhere), which leaves `dst = a + b`
// one scalar add at a time in WebAssembly; a loop the compilers vectorise
// itself does the same adds, one rounding each, four or more at a time.
#include "nn/tensor.hpp"

namespace attn::nn {

// dst = a + b (dst may be a or b).
template <typename T>
inline void add(Mat<T>& dst, const Mat<T>& a, const Mat<T>& b) {
    eigen_assert(a.rows() == b.rows() && a.cols() == b.cols());
    ensure_shape(dst, a.rows(), a.cols());
    const T* pa = a.data();
    const T* pb = b.data();
    T* out = dst.data();
    for (Eigen::Index i = 0; i < a.size(); ++i) out[i] = pa[i] + pb[i];
}

// Whether every entry is finite: x - x is 0 for a finite x and NaN for an infinite or NaN one. A loop
// over all entries without an early exit, which the compilers vectorise (Eigen's allFinite is one
// entry at a time under EIGEN_DONT_VECTORIZE: 4-7 % of a Plain-256 training step natively).
template <typename T>
inline bool all_finite(const Mat<T>& m) {
    const T* __restrict x = m.data();
    int finite = 1;
    for (Eigen::Index k = 0; k < m.size(); ++k) finite &= x[k] - x[k] == T(0);
    return finite != 0;
}

}  // namespace attn::nn
