#pragma once
// Four numbers in one vector register, and 4 x 4 transposes through such registers: what the
// products' panels, Linear's W^T, LayerNorm, cross-entropy and attention four scenes abreast share.
// A transpose only moves numbers: its bits are its input's.
#include <cstring>
#include <type_traits>

#include <Eigen/Core>

namespace attn::nn::lanes {

template <typename T>
struct Vec;
template <>
struct Vec<float> {
    typedef float type __attribute__((vector_size(4 * sizeof(float))));
};
template <>
struct Vec<double> {  // the gradient checks' type
    typedef double type __attribute__((vector_size(4 * sizeof(double))));
};
template <typename T>
using V = typename Vec<T>::type;

using Index = Eigen::Index;

// Four rows of four floats (r[l] from scene l) become four vectors of the four
// scenes (out[c] = {r[0][c], r[1][c], r[2][c], r[3][c]}).
inline void transpose4(const float* r0, const float* r1, const float* r2, const float* r3, V<float>* out) {
    V<float> a, b, c, d;
    std::memcpy(&a, r0, sizeof a);
    std::memcpy(&b, r1, sizeof b);
    std::memcpy(&c, r2, sizeof c);
    std::memcpy(&d, r3, sizeof d);
    const V<float> ab01 = __builtin_shufflevector(a, b, 0, 4, 1, 5), cd01 = __builtin_shufflevector(c, d, 0, 4, 1, 5);
    const V<float> ab23 = __builtin_shufflevector(a, b, 2, 6, 3, 7), cd23 = __builtin_shufflevector(c, d, 2, 6, 3, 7);
    out[0] = __builtin_shufflevector(ab01, cd01, 0, 1, 4, 5);
    out[1] = __builtin_shufflevector(ab01, cd01, 2, 3, 6, 7);
    out[2] = __builtin_shufflevector(ab23, cd23, 0, 1, 4, 5);
    out[3] = __builtin_shufflevector(ab23, cd23, 2, 3, 6, 7);
}

// The inverse: vector in[c] (four scenes of column c) to row l of scene l.
inline void untranspose4(const V<float>* in, float* r0, float* r1, float* r2, float* r3) {
    V<float> rows[4];
    transpose4(reinterpret_cast<const float*>(in), reinterpret_cast<const float*>(in + 1),
               reinterpret_cast<const float*>(in + 2), reinterpret_cast<const float*>(in + 3), rows);
    std::memcpy(r0, &rows[0], sizeof rows[0]);
    std::memcpy(r1, &rows[1], sizeof rows[1]);
    std::memcpy(r2, &rows[2], sizeof rows[2]);
    std::memcpy(r3, &rows[3], sizeof rows[3]);
}

// Four rows `stride` floats apart, row l in lane l: their column at x.
inline V<float> column4(const float* x, Index stride) {
    return V<float>{x[0], x[stride], x[2 * stride], x[3 * stride]};
}

// Columns i..i+3 of those four rows, column c in out[c]: four loads and a transpose in
// registers instead of sixteen loads of one float each.
inline void columns4(const float* x, Index stride, Index i, V<float>* out) {
    transpose4(x + i, x + stride + i, x + 2 * stride + i, x + 3 * stride + i, out);
}

// d (m, n) = s (n, m)^T, for rows `s_stride` and `d_stride` apart: floats by 4 x 4 blocks in registers
// (four loads and four stores of four instead of sixteen of one; Eigen's transpose copies one at a time
// when it may not vectorise, as in these builds), the edges and other types one number at a time.
template <typename T>
inline void transpose(const T* s, Index s_stride, Index n, Index m, T* d, Index d_stride) {
    Index i = 0;
    if constexpr (std::is_same_v<T, float>)
        for (; i + 4 <= n; i += 4) {
            const float* rows = s + i * s_stride;
            Index j = 0;
            for (; j + 4 <= m; j += 4) {
                V<float> c[4];
                columns4(rows, s_stride, j, c);
                for (int k = 0; k < 4; ++k) std::memcpy(d + (j + k) * d_stride + i, &c[k], sizeof c[k]);
            }
            for (; j < m; ++j)
                for (int k = 0; k < 4; ++k) d[j * d_stride + i + k] = rows[k * s_stride + j];
        }
    for (; i < n; ++i)
        for (Index j = 0; j < m; ++j) d[j * d_stride + i] = s[i * s_stride + j];
}

}  // namespace attn::nn::lanes
