#pragma once
// The layers' element-wise sums as plain loops. The project builds Eigen with
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

}  // namespace attn::nn
