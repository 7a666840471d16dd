#pragma once
// Helpers shared by the network tests: finite-difference gradient checks in double.
#include <cmath>
#include <functional>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>

#include "nn/tensor.hpp"
#include "math/rng.hpp"

namespace attn::nn::testing {

// Central differences in double: truncation ~ h^2, round-off ~ 1e-16 * |loss| / h.
constexpr double kStep = 1e-6;
// An analytic derivative passes when |analytic - numeric| <= kGradAbs + kGradRel * |numeric|.
constexpr double kGradAbs = 1e-7;
constexpr double kGradRel = 1e-5;

inline Mat<double> random_matrix(Eigen::Index rows, Eigen::Index cols, Rng& rng, double scale = 1.0) {
    Mat<double> m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = scale * rng.normal();
    return m;
}

// Perturbs up to `max_checks` entries of `values` (spread evenly) and compares the
// numeric derivative of `loss` with `analytic`. Fails the test naming the entry.
inline void check_gradient(const std::string& what, Mat<double>& values, const Mat<double>& analytic,
                           const std::function<double()>& loss, Eigen::Index max_checks = 64) {
    REQUIRE(values.rows() == analytic.rows());
    REQUIRE(values.cols() == analytic.cols());
    const Eigen::Index n = values.size();
    const Eigen::Index stride = n > max_checks ? (n + max_checks - 1) / max_checks : 1;
    for (Eigen::Index i = 0; i < n; i += stride) {
        double& x = values.data()[i];
        const double saved = x;
        x = saved + kStep;
        const double up = loss();
        x = saved - kStep;
        const double down = loss();
        x = saved;
        const double numeric = (up - down) / (2 * kStep);
        const double a = analytic.data()[i];
        if (std::abs(a - numeric) > kGradAbs + kGradRel * std::abs(numeric)) {
            std::ostringstream msg;
            msg << what << " entry " << i << " (row " << i / values.cols() << ", col " << i % values.cols()
                << "): analytic " << a << ", numeric " << numeric;
            FAIL(msg.str());
        }
    }
    SUCCEED(what);
}

// Loss that weights every output by a fixed random matrix, so d loss / d out = weights.
inline double weighted_sum(const Mat<double>& out, const Mat<double>& weights) {
    return (out.array() * weights.array()).sum();
}

// After a forward and backward pass: every parameter's gradient (in its grad) and the
// input's (`dx`) against finite differences of `loss`.
inline void check_layer_gradients(const ParamList<double>& params, Mat<double>& x, const Mat<double>& dx,
                                  const std::function<double()>& loss) {
    for (Param<double>* p : params) {
        const Mat<double> g = p->grad;
        check_gradient(p->name, p->value, g, loss);
    }
    check_gradient("input", x, dx, loss);
}

}  // namespace attn::nn::testing
