#pragma once
// The few types every trainable piece shares.
//
// Activations are row-major: a batch of B scenes of L tokens of width E is one
// (B*L, E) matrix whose row b*L + t is token t of scene b, so a token is one
// contiguous run of E numbers and a whole batch goes through a linear layer as
// one matrix product.
//
// Every layer is a template on its scalar: float for training (as PyTorch
// does), double for the finite-difference gradient checks.
#include <algorithm>
#include <string>
#include <vector>

#include <Eigen/Dense>

namespace attn::nn {

template <typename T>
using Mat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// A learnable tensor: its value and the gradient of the loss with respect to it.
// Biases are stored as one row (1, n); `shape` is what PyTorch would print,
// e.g. {16} for a bias and {16, 10} for a weight, and names the file layout.
template <typename T>
struct Param {
    std::string name;
    std::vector<int> shape;
    Mat<T> value;
    Mat<T> grad;

    void init(std::string param_name, std::vector<int> torch_shape, Eigen::Index rows, Eigen::Index cols) {
        name = std::move(param_name);
        shape = std::move(torch_shape);
        value.setZero(rows, cols);
        grad.setZero(rows, cols);
    }
};

// Every learnable tensor of a network, in PyTorch's `parameters()` order.
template <typename T>
using ParamList = std::vector<Param<T>*>;

// Resizes only when the shape changes, so a training loop at a fixed batch
// size allocates nothing after its first step.
template <typename T>
inline void ensure_shape(Mat<T>& m, Eigen::Index rows, Eigen::Index cols) {
    if (m.rows() != rows || m.cols() != cols) m.resize(rows, cols);
}

// dst = a^T b for a (N, m) and b (N, n): a weight gradient, summed over the
// batch rows. Eigen packs the operands of a product into buffers that it puts
// on the stack when they are small and on the heap otherwise; taking the rows
// in slices of kProductRows keeps them small, so a training step never
// allocates (a slice of 128 rows of width 256 is exactly Eigen's 128 KB limit).
constexpr Eigen::Index kProductRows = 128;

template <typename Dst, typename A, typename B>
inline void transpose_product(Dst&& dst, const A& a, const B& b) {
    const Eigen::Index n = a.rows();
    if (n == 0) {
        dst.setZero();
        return;
    }
    for (Eigen::Index first = 0; first < n; first += kProductRows) {
        const Eigen::Index rows = std::min(kProductRows, n - first);
        if (first == 0) dst.noalias() = a.middleRows(first, rows).transpose() * b.middleRows(first, rows);
        else dst.noalias() += a.middleRows(first, rows).transpose() * b.middleRows(first, rows);
    }
}

// dst = a b for a (N, K) and b (K, M), summed over slices of K for the same
// reason: a 256-wide layer's product would otherwise pack 256 KB on the heap.
template <typename Dst, typename A, typename B>
inline void product(Dst&& dst, const A& a, const B& b) {
    const Eigen::Index depth = a.cols();
    if (depth <= kProductRows) {
        dst.noalias() = a * b;
        return;
    }
    for (Eigen::Index first = 0; first < depth; first += kProductRows) {
        const Eigen::Index k = std::min(kProductRows, depth - first);
        if (first == 0) dst.noalias() = a.middleCols(first, k) * b.middleRows(first, k);
        else dst.noalias() += a.middleCols(first, k) * b.middleRows(first, k);
    }
}

}  // namespace attn::nn
