#pragma once
// Per-head attention with four scenes abreast, one scene in each vector lane.
//
// Why: a head is 16 columns wide over 5 places, so one scene's small products
// (5 x 5 scores from 16 terms, 5 x 16 outputs from 5) fill the SIMD lanes badly,
// and the scores' sums, each a chain over the head's columns, want the keys
// transposed first. Four scenes side by side do the same arithmetic in every lane:
// lane l holds scene l's number, and each entry's sum adds its terms in the order
// and from the +0 of the scalar loops and of matmul.hpp's kernel, so every lane
// has the bits one scene alone had (lanes never mix).
//
// Layout of a group of four scenes ("lanes"): entry (r, c) of a scene's (rows,
// cols) block is the vector lanes[r * cols + c], lane l from scene l. A last group
// with fewer scenes fills the other lanes with zeros, which give finite numbers
// (a softmax of zeros) that are never copied out.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include <Eigen/Core>

#include "nn/exp_lanes.hpp"
#include "nn/lanes.hpp"

namespace attn::nn::lanes {

constexpr int kScenes = 4;

// std::max(top, x) in every lane: x where top < x, else top; a bit select, so -0, +0 and NaN
// come out as the scalar std::max's.
template <typename T>
inline V<T> larger(V<T> top, V<T> x) {
    using Mask = decltype(top < x);
    const Mask above = top < x;
    return (V<T>)(((Mask)x & above) | ((Mask)top & ~above));
}

// dst (rows, cols) in lanes from n scenes (n <= 4) of `src`: scene l's entry
// (r, c) at src[l * scene + r * row + c].
template <typename T>
void to_lanes(V<T>* dst, const T* src, Index scene, Index row, int rows, int cols, int n) {
    for (int r = 0; r < rows; ++r) {
        const T* s = src + r * row;
        V<T>* d = dst + static_cast<Index>(r) * cols;
        int c = 0;
        if constexpr (std::is_same_v<T, float>)
            if (n == kScenes)
                for (; c + 4 <= cols; c += 4) transpose4(s + c, s + scene + c, s + 2 * scene + c, s + 3 * scene + c, d + c);
        for (; c < cols; ++c)
            for (int l = 0; l < kScenes; ++l) d[c][l] = l < n ? s[l * scene + c] : T(0);
    }
}

// The inverse of to_lanes: the first n lanes of src (rows, cols) to their scenes in dst.
template <typename T>
void from_lanes(T* dst, const V<T>* src, Index scene, Index row, int rows, int cols, int n) {
    for (int r = 0; r < rows; ++r) {
        T* d = dst + r * row;
        const V<T>* s = src + static_cast<Index>(r) * cols;
        int c = 0;
        if constexpr (std::is_same_v<T, float>)
            if (n == kScenes)
                for (; c + 4 <= cols; c += 4) untranspose4(s + c, d + c, d + scene + c, d + 2 * scene + c, d + 3 * scene + c);
        for (; c < cols; ++c)
            for (int l = 0; l < n; ++l) d[l * scene + c] = s[c][l];
    }
}

// N adjacent entries of one output row: c[n] = sum over p < k of a[p * a_step] * b[p * b_step + n * b_col],
// each from +0 in order of p, as matmul.hpp's kernel sums; N chains at once so the adds overlap.
// a and b move on by a pointer each p, and with kAdjacent (b_col == 1) b's N entries sit at fixed
// offsets from it: in WebAssembly each index p * b_step + n * b_col is otherwise an address of its
// own, three integer operations for every load, which held these products at half the adds' rate.
template <int N, bool kAdjacent, typename T>
inline void row_block(V<T>* c, const V<T>* a, Index a_step, const V<T>* b, Index b_step, Index b_col, int k) {
    if constexpr (kAdjacent) b_col = 1;
    V<T> sum[N] = {};
    for (int p = 0; p < k; ++p, a += a_step, b += b_step) {
        const V<T> ap = *a;
        for (int n = 0; n < N; ++n) sum[n] += ap * b[n * b_col];
    }
    for (int n = 0; n < N; ++n) c[n] = sum[n];
}

template <bool kAdjacent, typename T>
void products_of(V<T>* c, Index c_row, const V<T>* a, Index a_row, Index a_step, const V<T>* b, Index b_step,
                 Index b_col, int rows, int k, int cols) {
    for (int r = 0; r < rows; ++r) {
        V<T>* cr = c + r * c_row;
        const V<T>* ar = a + r * a_row;
        int j = 0;
        for (; j + 8 <= cols; j += 8) row_block<8, kAdjacent, T>(cr + j, ar, a_step, b + j * b_col, b_step, b_col, k);
        // The last 1-7 entries in one block too: one at a time, each sum is a chain of k dependent adds.
        const V<T>* bj = b + j * b_col;
        switch (cols - j) {
            case 7: row_block<7, kAdjacent, T>(cr + j, ar, a_step, bj, b_step, b_col, k); break;
            case 6: row_block<6, kAdjacent, T>(cr + j, ar, a_step, bj, b_step, b_col, k); break;
            case 5: row_block<5, kAdjacent, T>(cr + j, ar, a_step, bj, b_step, b_col, k); break;
            case 4: row_block<4, kAdjacent, T>(cr + j, ar, a_step, bj, b_step, b_col, k); break;
            case 3: row_block<3, kAdjacent, T>(cr + j, ar, a_step, bj, b_step, b_col, k); break;
            case 2: row_block<2, kAdjacent, T>(cr + j, ar, a_step, bj, b_step, b_col, k); break;
            case 1: row_block<1, kAdjacent, T>(cr + j, ar, a_step, bj, b_step, b_col, k); break;
            default: break;
        }
    }
}

// The small products of a head, in lanes: for r < rows and j < cols,
//   c[r * c_row + j] = sum over p < k of a[r * a_row + p * a_step] * b[p * b_step + j * b_col].
template <typename T>
void products(V<T>* c, Index c_row, const V<T>* a, Index a_row, Index a_step, const V<T>* b, Index b_step,
              Index b_col, int rows, int k, int cols) {
    if (b_col == 1)
        products_of<true, T>(c, c_row, a, a_row, a_step, b, b_step, b_col, rows, k, cols);
    else
        products_of<false, T>(c, c_row, a, a_row, a_step, b, b_step, b_col, rows, k, cols);
}

// p (n) = softmax(s * scale) in every lane, shifted by the lane's largest scaled
// score: the scalar loop's operations in its order (std::max's answer by a bit
// select, then std::exp's bits on each lane: those of one scene alone).
template <typename T>
void softmax(V<T>* p, int n, T scale) {
    V<T> top = V<T>{} - std::numeric_limits<T>::infinity();
    for (int j = 0; j < n; ++j) {
        p[j] = p[j] * scale;
        top = larger<T>(top, p[j]);
    }
    V<T> total = {};
    for (int j = 0; j < n; ++j) {
        V<T> e;
        if constexpr (std::is_same_v<T, float>)
            e = exp4(p[j] - top);  // std::exp's bits, four at once in WebAssembly (nn/exp_lanes.hpp)
        else
            for (int l = 0; l < kScenes; ++l) e[l] = std::exp(p[j][l] - top[l]);
        total += (p[j] = e);
    }
    for (int j = 0; j < n; ++j) p[j] /= total;
}

// Back through a softmax row in every lane: d (n) holds dLoss/dP on entry and
// dLoss/dS on return, ds_j = p_j (dp_j - sum_k p_k dp_k) scale.
template <typename T>
void softmax_backward(const V<T>* p, V<T>* d, int n, T scale) {
    V<T> weighted = {};  // sum_k p_k dp_k, in order
    for (int j = 0; j < n; ++j) weighted += p[j] * d[j];
    for (int j = 0; j < n; ++j) d[j] = p[j] * (d[j] - weighted) * scale;
}

}  // namespace attn::nn::lanes
