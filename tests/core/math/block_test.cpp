// core/math/block.cpp's arithmetic on its own: what the block lesson's demos are built from
// (their printouts and claims are tested in tests/core/lessons/block/block_test.cpp).
#include <catch2/catch.hpp>

#include "math/block.hpp"
#include "support/test_helpers.hpp"

using Catch::Matchers::WithinAbs;

TEST_CASE("block: layer norm leaves every row with mean 0 and spread 1, up to eps") {
    attn::Matrix x(3, 2);
    x << 3, 0, 0, 3, 3, -3;  // variances 2.25, 2.25 and 9
    // The variance after is var / (var + eps): below 1 by eps / var, under 5e-6 here.
    constexpr double kEpsShare = 5e-6;
    const attn::Matrix y = attn::layer_norm_rows(x);
    for (Eigen::Index i = 0; i < y.rows(); ++i) {
        CHECK_THAT(y.row(i).sum(), WithinAbs(0.0, attn_test::kRoundoff));
        CHECK_THAT(y.row(i).squaredNorm() / y.cols(), WithinAbs(1.0, kEpsShare));
    }
}
