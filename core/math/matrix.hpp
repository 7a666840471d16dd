#pragma once
// The numeric types the attention lessons share.
#include <Eigen/Dense>

namespace attn {

// Lesson arithmetic is done in double so that printed digits match a NumPy
// reference run exactly; the trainable networks keep their own float types.
using Matrix = Eigen::MatrixXd;
using Vector = Eigen::VectorXd;
using RowVector = Eigen::RowVectorXd;
// A mask has one entry per (query, key) pair; true means "this key is hidden".
using Mask = Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic>;

}  // namespace attn
