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

#include "nn/matmul.hpp"

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

}  // namespace attn::nn
