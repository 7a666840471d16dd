#pragma once
// The few types every trainable piece shares, beside the activations' Mat<T>
// and ensure_shape (math/matrix.hpp: the table scenes are made of them too).
//
// Every layer is a template on its scalar: float for training (as PyTorch
// does), double for the finite-difference gradient checks.
#include <algorithm>
#include <string>
#include <vector>

#include <Eigen/Dense>

#include "math/matrix.hpp"
#include "nn/matmul.hpp"

namespace attn::nn {

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

}  // namespace attn::nn
