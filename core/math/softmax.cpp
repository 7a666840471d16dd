#include "math/softmax.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "base/error.hpp"

namespace attn {

// [snippet:softmax]
Matrix softmax_rows(const Matrix& scores) {
    Matrix weights(scores.rows(), scores.cols());
    for (Eigen::Index i = 0; i < scores.rows(); ++i) {
        const double row_max = scores.row(i).maxCoeff();
        if (row_max == -std::numeric_limits<double>::infinity()) {
            throw ComputeError("token " + std::to_string(i) +
                               " has nothing to read: every key is hidden from its query, "
                               "so its weights would be 0/0; leave at least one key visible");
        }
        // Subtracting the row's largest score keeps exp() from overflowing;
        // it cancels in the division, so the weights are unchanged.
        const RowVector e = (scores.row(i).array() - row_max).exp().matrix();
        weights.row(i) = e / e.sum();
    }
    return weights;
}
// [/snippet]

}  // namespace attn
