#pragma once
// dst = src^T for the layers' per-step copies (Linear's W^T before the forward's product, its
// dW from dW^T): 4 x 4 blocks through vector registers (nn/attention_lanes.hpp's columns4),
// four loads and four stores of four floats instead of sixteen of one. Eigen's `src.transpose()`
// copies one float at a time under EIGEN_DONT_VECTORIZE. A copy: the bits are src's.
#include <cstring>
#include <type_traits>

#include "nn/attention_lanes.hpp"
#include "nn/tensor.hpp"

namespace attn::nn {

template <typename T>
inline void transpose_into(Mat<T>& dst, const Mat<T>& src) {
    const Eigen::Index n = src.rows(), m = src.cols();
    ensure_shape(dst, m, n);
    const T* s = src.data();
    T* d = dst.data();
    Eigen::Index i = 0;
    if constexpr (std::is_same_v<T, float>)
        for (; i + 4 <= n; i += 4) {
            Eigen::Index j = 0;
            for (; j + 4 <= m; j += 4) {
                lanes::V<float> c[4];
                lanes::columns4(s + i * m, m, j, c);
                for (int k = 0; k < 4; ++k) std::memcpy(d + (j + k) * n + i, &c[k], sizeof c[k]);
            }
            for (; j < m; ++j)
                for (int k = 0; k < 4; ++k) d[j * n + i + k] = s[(i + k) * m + j];
        }
    for (; i < n; ++i)
        for (Eigen::Index j = 0; j < m; ++j) d[j * n + i] = s[i * m + j];
}

}  // namespace attn::nn
