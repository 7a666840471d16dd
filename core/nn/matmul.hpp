#pragma once
// The matrix products and column sums of training, written out so that every
// build adds in the same order.
//
// Why not Eigen's products: Eigen sums a product in blocks whose order depends
// on the SIMD it was compiled for (SSE or AVX natively, none in WebAssembly), so
// the browser's worker and the native trainer drift apart in the last bits, and
// over 30 epochs of Adam those bits grow into different networks. Here every
// output element is a sum over its terms in index order, one rounding per add,
// whatever the build; the compilers vectorise across output columns, which
// never reorders a sum. (Multiply and add are kept apart: the builds pass
// -ffp-contract=off so that no compiler fuses them into one rounding.)
//
// Operands are row-major Eigen matrices or blocks of rows/columns of them
// (anything with data(), rows(), cols() and outerStride()).
#include <algorithm>
#include <cstring>
#include <vector>
#include <type_traits>

#include <Eigen/Core>

#include "nn/lanes.hpp"

namespace attn::nn {

namespace matmul_detail {

// The products' kernel: for R output rows r at once,
//   c[r * c_stride + 0..m) = sum over p in [0, k) of a[r * a_row + p * a_step] * b[p * b_stride + 0..m).
// Columns go in blocks of 16, then 4, then 1, whose partial sums stay in
// registers for the whole of p; several rows at once share each load of b and
// give the adds independent chains to overlap.
// Whatever the path and the vector width, each entry's terms are added one by
// one in order of p, so every build gets the same bits.
//
// The blocks use the vector extension of GCC and Clang, as wide as the target
// allows (4 floats for SSE2 and WebAssembly SIMD, 8 for AVX, 16 for AVX-512),
// rather than a plain array: left to itself, GCC vectorises such a loop nest
// along p, which keeps the order but gathers across rows of b and runs three
// times slower.
#if defined(__AVX512F__)
constexpr int kLanes = 16;
#elif defined(__AVX__)
constexpr int kLanes = 8;
#else
constexpr int kLanes = 4;
#endif
using FloatV = float __attribute__((vector_size(4 * kLanes)));
using Float4 = float __attribute__((vector_size(16)));
// Rows and columns of a block: enough independent sums to keep the adds busy (their latency is several
// cycles), few enough to stay in registers. SSE and WebAssembly: 16 registers, 2 rows x 16 columns (8
// sums). AVX: 4 rows x 16 (8 sums). AVX-512: 32 registers of 16 floats, 8 rows x 32 columns (16 sums);
// 4 rows x 16 left it waiting on its adds (docs/benchmarks.md, 2026-12-04 12:30).
constexpr int kRows = kLanes >= 16 ? 8 : kLanes >= 8 ? 4 : 2;
constexpr int kColumns = kLanes >= 16 ? 32 : 16;

template <typename Vec, typename T>
inline Vec load(const T* p) {
    Vec v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

// R rows by V vectors of type Vec (FloatV, Float4 or a lone T) of columns.
// With a bias (its entries for these columns), each sum gets it as it is stored:
// the one rounding of adding it after the product, as a separate pass did.
template <int R, int V, typename Vec, typename T>
inline void block_times(T* c, Eigen::Index c_stride, const T* a, Eigen::Index a_row, Eigen::Index a_step,
                        const T* b, Eigen::Index b_stride, Eigen::Index k, const T* bias) {
    constexpr int lanes = sizeof(Vec) / sizeof(T);
    Vec sum[R][V] = {};
    for (Eigen::Index p = 0; p < k; ++p, a += a_step, b += b_stride) {  // pointers, not p * stride: fewer integer operations a step in WebAssembly
        Vec bp[V];
        for (int v = 0; v < V; ++v) bp[v] = load<Vec>(b + lanes * v);
        for (int r = 0; r < R; ++r) {
            const T ap = a[r * a_row];
            for (int v = 0; v < V; ++v) sum[r][v] += ap * bp[v];
        }
    }
    if (bias)
        for (int v = 0; v < V; ++v) {
            const Vec bv = load<Vec>(bias + lanes * v);
            for (int r = 0; r < R; ++r) sum[r][v] += bv;
        }
    for (int r = 0; r < R; ++r)
        for (int v = 0; v < V; ++v) std::memcpy(c + r * c_stride + lanes * v, &sum[r][v], sizeof(Vec));
}

template <int R, typename T>
inline void rows_times(T* c, Eigen::Index c_stride, const T* a, Eigen::Index a_row, Eigen::Index a_step,
                       const T* b, Eigen::Index b_stride, Eigen::Index k, Eigen::Index m, const T* bias) {
    Eigen::Index j0 = 0;
    const auto at = [bias](Eigen::Index j) { return bias ? bias + j : nullptr; };
    if constexpr (std::is_same_v<T, float>) {
        for (; j0 + kColumns <= m; j0 += kColumns)
            block_times<R, kColumns / kLanes, FloatV>(c + j0, c_stride, a, a_row, a_step, b + j0, b_stride, k, at(j0));
        if constexpr (kColumns > 16)
            for (; j0 + 16 <= m; j0 += 16)
                block_times<R, 16 / kLanes, FloatV>(c + j0, c_stride, a, a_row, a_step, b + j0, b_stride, k, at(j0));
        for (; j0 + 4 <= m; j0 += 4)
            block_times<R, 1, Float4>(c + j0, c_stride, a, a_row, a_step, b + j0, b_stride, k, at(j0));
    }
    // The last columns one by one (all of them for double, the type of the
    // gradient checks, where speed does not matter).
    for (; j0 < m; ++j0) block_times<R, 1, T>(c + j0, c_stride, a, a_row, a_step, b + j0, b_stride, k, at(j0));
}

// All n rows of c: kRows at a time, then 2 at a time, then one; `bias` (m entries, or nullptr) added
// to every row.
template <typename T>
inline void rows_in_turn(T* c, Eigen::Index c_stride, const T* a, Eigen::Index a_row, Eigen::Index a_step,
                         const T* b, Eigen::Index b_stride, Eigen::Index n, Eigen::Index k, Eigen::Index m,
                         const T* bias) {
    Eigen::Index i = 0;
    for (; i + kRows <= n; i += kRows)
        rows_times<kRows>(c + i * c_stride, c_stride, a + i * a_row, a_row, a_step, b, b_stride, k, m, bias);
    if constexpr (kRows > 2)
        for (; i + 2 <= n; i += 2)
            rows_times<2>(c + i * c_stride, c_stride, a + i * a_row, a_row, a_step, b, b_stride, k, m, bias);
    for (; i < n; ++i)
        rows_times<1>(c + i * c_stride, c_stride, a + i * a_row, a_row, a_step, b, b_stride, k, m, bias);
}

// A b larger than this (bytes of the k rows the product reads) is read a panel of columns at a time.
constexpr Eigen::Index kPackAbove = 16 * 1024;
constexpr Eigen::Index kPanel = 32;  // columns: two blocks of 16
constexpr Eigen::Index kPackRows = 16;  // fewer rows of c would not repay the copy

// Every row of c reads all of b. Row by row, a large b is read from the second-level cache each time: its
// rows are a power of two apart, so the columns of one block fall on few sets of the first-level cache and
// evict each other. Copied a panel of 32 columns at a time into contiguous memory, a panel stays in the
// first-level cache for every row of c (the products of Plain-256 ran about twice as fast natively,
// docs/benchmarks.md). The copy changes no value and no order of adds: the same bits.
template <typename T>
inline bool reads_in_panels(Eigen::Index n, Eigen::Index k, Eigen::Index m, Eigen::Index b_stride) {
    return std::is_same_v<T, float> && n >= kPackRows && m > kPanel && k * b_stride * Eigen::Index(sizeof(T)) > kPackAbove;
}

// b (k, m) a panel at a time: given as its rows (b[p * b_stride + j]) or, kTransposed, as the rows of
// b^T (b[j * b_stride + p], a Linear layer's weight as stored, whose transpose need then never be made).
template <bool kTransposed, typename T>
inline void panels_times(T* c, Eigen::Index c_stride, const T* a, Eigen::Index a_row, Eigen::Index a_step,
                         const T* b, Eigen::Index b_stride, Eigen::Index n, Eigen::Index k, Eigen::Index m,
                         const T* bias) {
    static thread_local std::vector<T> panel;
    if (panel.size() < std::size_t(k * kPanel)) panel.resize(k * kPanel);
    for (Eigen::Index j = 0; j < m; j += kPanel) {
        const Eigen::Index width = std::min(kPanel, m - j);
        if constexpr (kTransposed) {
            lanes::transpose(b + j * b_stride, b_stride, width, k, panel.data(), width);
        } else {
            for (Eigen::Index p = 0; p < k; ++p) std::memcpy(panel.data() + p * width, b + p * b_stride + j, width * sizeof(T));
        }
        rows_in_turn(c + j, c_stride, a, a_row, a_step, panel.data(), width, n, k, width, bias ? bias + j : nullptr);
    }
}

template <typename T>
inline void all_rows_times(T* c, Eigen::Index c_stride, const T* a, Eigen::Index a_row, Eigen::Index a_step,
                           const T* b, Eigen::Index b_stride, Eigen::Index n, Eigen::Index k, Eigen::Index m,
                           const T* bias = nullptr) {
    if (reads_in_panels<T>(n, k, m, b_stride)) panels_times<false>(c, c_stride, a, a_row, a_step, b, b_stride, n, k, m, bias);
    else rows_in_turn(c, c_stride, a, a_row, a_step, b, b_stride, n, k, m, bias);
}

template <typename... M>
constexpr void require_row_major() {
    static_assert(((static_cast<bool>(std::decay_t<M>::IsRowMajor) || std::decay_t<M>::ColsAtCompileTime == 1 ||
                    std::decay_t<M>::RowsAtCompileTime == 1) && ...),
                  "nn products work on row-major storage");
}

}  // namespace matmul_detail

// dst = a b:  a (n, k), b (k, m) -> dst (n, m).
template <typename Dst, typename A, typename B>
inline void product(Dst&& dst, const A& a, const B& b) {
    matmul_detail::require_row_major<Dst, A, B>();
    eigen_assert(a.cols() == b.rows() && dst.rows() == a.rows() && dst.cols() == b.cols());
    matmul_detail::all_rows_times(dst.data(), dst.outerStride(), a.data(), a.outerStride(), 1, b.data(),
                                  b.outerStride(), a.rows(), a.cols(), b.cols());
}

// dst = a b + bias on every row:  bias (1, m). Each entry is the product's sum,
// then + its bias: the bits of product() followed by dst.rowwise() += bias.
template <typename Dst, typename A, typename B, typename Bias>
inline void product_plus(Dst&& dst, const A& a, const B& b, const Bias& bias) {
    matmul_detail::require_row_major<Dst, A, B>();
    eigen_assert(a.cols() == b.rows() && dst.rows() == a.rows() && dst.cols() == b.cols() && bias.size() == b.cols());
    matmul_detail::all_rows_times(dst.data(), dst.outerStride(), a.data(), a.outerStride(), 1, b.data(),
                                  b.outerStride(), a.rows(), a.cols(), b.cols(), bias.data());
}

// Whether product_transposed_plus may be used: a (n, k) times a w^T whose w is (m, k). It reads w in
// panels; a smaller product reads a transpose its caller has made and kept (Linear::forward).
template <typename T>
inline bool reads_transposed(Eigen::Index n, Eigen::Index k, Eigen::Index m) {
    return matmul_detail::reads_in_panels<T>(n, k, m, m);
}

// dst = a w^T + bias on every row:  a (n, k), w (m, k), bias (1, m) -> dst (n, m); the bits of
// product_plus(dst, a, w^T, bias). Only where reads_transposed(n, k, m).
template <typename Dst, typename A, typename W, typename Bias>
inline void product_transposed_plus(Dst&& dst, const A& a, const W& w, const Bias& bias) {
    matmul_detail::require_row_major<Dst, A, W>();
    eigen_assert(a.cols() == w.cols() && dst.rows() == a.rows() && dst.cols() == w.rows() && bias.size() == w.rows());
    eigen_assert(reads_transposed<std::decay_t<decltype(*a.data())>>(a.rows(), a.cols(), w.rows()));
    matmul_detail::panels_times<true>(dst.data(), dst.outerStride(), a.data(), a.outerStride(), 1, w.data(),
                                      w.outerStride(), a.rows(), a.cols(), w.rows(), bias.data());
}

// dst = a^T b:  a (n, k), b (n, m) -> dst (k, m). A weight gradient: each entry
// sums its n batch rows in order.
template <typename Dst, typename A, typename B>
inline void transpose_product(Dst&& dst, const A& a, const B& b) {
    matmul_detail::require_row_major<Dst, A, B>();
    eigen_assert(a.rows() == b.rows() && dst.rows() == a.cols() && dst.cols() == b.cols());
    matmul_detail::all_rows_times(dst.data(), dst.outerStride(), a.data(), 1, a.outerStride(), b.data(),
                                  b.outerStride(), a.cols(), a.rows(), b.cols());
}

// dst (1, m) = the sum of the rows of x (n, m), in row order: a bias gradient.
template <typename Dst, typename X>
inline void column_sums(Dst&& dst, const X& x) {
    matmul_detail::require_row_major<X>();
    eigen_assert(dst.size() == x.cols());
    auto* __restrict sum = dst.data();
    for (Eigen::Index j = 0; j < x.cols(); ++j) sum[j] = 0;
    for (Eigen::Index r = 0; r < x.rows(); ++r) {
        const auto* __restrict xr = x.data() + r * x.outerStride();
        for (Eigen::Index j = 0; j < x.cols(); ++j) sum[j] += xr[j];
    }
}

}  // namespace attn::nn
