#include <cmath>

#include "demo/prose.hpp"
#include "demo/result.hpp"
#include "lessons/block/demos.hpp"
#include "math/block.hpp"
#include "math/numpy_format.hpp"

namespace attn::lesson_block {

namespace {

constexpr double kSameTo3Decimals = 0.5e-3;  // rows that print alike at 3 decimals
constexpr double kLargestToken = 100;       // room for a row ten times another

double row_mean(const Matrix& x, Eigen::Index i) { return x.row(i).sum() / x.cols(); }
double row_std(const Matrix& x, Eigen::Index i) {
    return std::sqrt((x.row(i).array() - row_mean(x, i)).square().sum() / x.cols());
}

json compute(const Params& p) {
    const Matrix X = p.matrix("X");
    const Matrix Y = layer_norm_rows(X, p.number("gain"), p.number("shift"));

    Result r;
    r.print(format_matrix(Y));
    const auto tokens = numbered("token", X.rows());
    const auto features = numbered("feature", X.cols());
    r.table("normalised", "Each row normalised", Y, tokens, features, true);
    // Each as a number for the tests and as the sentence writes it ("2.5", "1.118").
    const auto both = [&r](const std::string& name, double x) {
        r.number(name, x);
        r.text(name + "_text", prose::decimal(x, 3));
    };
    both("row0_mean", row_mean(X, 0));
    both("row0_std", row_std(X, 0));
    r.text("row0_output", format_row(Y.row(0)));
    both("out_row0_mean", row_mean(Y, 0));
    both("out_row0_std", row_std(Y, 0));
    const Eigen::Index second = std::min<Eigen::Index>(1, X.rows() - 1);
    r.text("row1_output", format_row(Y.row(second)));
    const bool same = (Y.row(0) - Y.row(second)).cwiseAbs().maxCoeff() < kSameTo3Decimals;
    r.claim("rows01", X.rows() < 2 ? "one_row" : same ? "same" : "different");
    bool constant_row = false;
    for (Eigen::Index i = 0; i < X.rows(); ++i) constant_row |= row_std(X, i) == 0;
    r.claim("constant_row", constant_row ? "yes" : "no");
    return std::move(r).to_json();
}

}  // namespace

Demo block_layer_norm() {
    return Demo{"block_layer_norm",
                "Layer normalisation: every row to mean 0 and spread 1",
                {block_tokens_param({{1, 2, 3, 4}, {10, 20, 30, 40}, {-2, 0, 0, 2}}, 2, 8, kLargestToken),
                 number_param("gain", 1)
                     .labelled("Gain γ")
                     .helped("Every normalised value is multiplied by γ (learned in a real model; 1 at the start).")
                     .in(-5, 5)
                     .stepped(0.1),
                 number_param("shift", 0)
                     .labelled("Shift β")
                     .helped("Then β is added (learned in a real model; 0 at the start).")
                     .in(-5, 5)
                     .stepped(0.1)},
                compute,
                {"layer-norm"}}
        .claiming("rows01", {"one_row", "same", "different"})
        .claiming("constant_row", {"yes", "no"});
}

}  // namespace attn::lesson_block
