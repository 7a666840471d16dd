#pragma once
// The numeric types the lessons and the networks share.
#include <Eigen/Dense>

namespace attn {

// Lesson arithmetic is done in double so that printed digits match a NumPy
// reference run exactly; the trainable networks keep their own float types.
using Matrix = Eigen::MatrixXd;
using Vector = Eigen::VectorXd;
using RowVector = Eigen::RowVectorXd;
// A mask has one entry per (query, key) pair; true means "this key is hidden".
using Mask = Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic>;

// The networks' activations and the table scenes they read (float to train, double
// for the gradient checks). Row-major: a batch of B scenes of L tokens of width E is
// one (B*L, E) matrix whose row b*L + t is token t of scene b, so a token is one
// contiguous run of E numbers and a whole batch goes through a linear layer as one
// matrix product.
template <typename T>
using Mat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Resizes only when the shape changes, so a training loop at a fixed batch
// size allocates nothing after its first step.
template <typename T>
inline void ensure_shape(Mat<T>& m, Eigen::Index rows, Eigen::Index cols) {
    if (m.rows() != rows || m.cols() != cols) m.resize(rows, cols);
}

}  // namespace attn
