#pragma once
// dst = src^T for the layers' per-step copies (Linear's W^T before a small forward product, its dW
// from dW^T), by nn/lanes.hpp's 4 x 4 blocks in registers. A copy: the bits are src's.
#include "nn/lanes.hpp"
#include "nn/tensor.hpp"

namespace attn::nn {

template <typename T>
inline void transpose_into(Mat<T>& dst, const Mat<T>& src) {
    ensure_shape(dst, src.cols(), src.rows());
    lanes::transpose(src.data(), src.outerStride(), src.rows(), src.cols(), dst.data(), dst.outerStride());
}

}  // namespace attn::nn
