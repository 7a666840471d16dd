// attn::softmax_rows: each row of scores becomes a probability distribution.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "base/error.hpp"
#include "math/multi_head.hpp"
#include "math/numpy_format.hpp"
#include "math/rng.hpp"
#include "math/softmax.hpp"
#include "support/test_helpers.hpp"

using attn::Matrix;
using attn::softmax_rows;
using attn_test::assert_near;
using attn_test::kPrinted3Decimals;
using attn_test::kRoundoff;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;

namespace {

const double kInf = std::numeric_limits<double>::infinity();

Matrix row(std::initializer_list<double> values) { return attn_test::matrix_of({values}); }

}  // namespace

TEST_CASE("softmax: every row sums to one") {
    attn::Rng rng(1);
    for (double spread : {0.1, 1.0, 10.0, 100.0}) {
        const Matrix scores = attn::random_normal_matrix(20, 7, rng, spread);
        const Matrix w = softmax_rows(scores);
        INFO("score spread " << spread);
        assert_near(w.rowwise().sum(), Matrix::Ones(20, 1), kRoundoff);
        CHECK(w.minCoeff() >= 0.0);
        CHECK(w.maxCoeff() <= 1.0);
    }
}

TEST_CASE("softmax: keeps the order of the scores") {
    const Matrix w = softmax_rows(row({0.3, -1.0, 2.0, 0.5}));
    CHECK(w(0, 1) < w(0, 0));
    CHECK(w(0, 0) < w(0, 3));
    CHECK(w(0, 3) < w(0, 2));
}

TEST_CASE("softmax: equal scores share the weight equally") {
    assert_near(softmax_rows(row({4, 4, 4, 4})), row({0.25, 0.25, 0.25, 0.25}), kRoundoff);
    assert_near(softmax_rows(row({-7})), row({1}), 0.0);
}

TEST_CASE("softmax: matches exp(s) / sum exp(s) written out by hand") {
    // softmax([1, 2, 3])_j = e^j / (e + e^2 + e^3), evaluated directly (no max subtraction needed here).
    const double total = std::exp(1.0) + std::exp(2.0) + std::exp(3.0);
    const Matrix w = softmax_rows(row({1, 2, 3}));
    CHECK_THAT(w(0, 0), WithinAbs(std::exp(1.0) / total, kRoundoff));
    CHECK_THAT(w(0, 1), WithinAbs(std::exp(2.0) / total, kRoundoff));
    CHECK_THAT(w(0, 2), WithinAbs(std::exp(3.0) / total, kRoundoff));
}

TEST_CASE("softmax: the lesson's soft and hard examples") {
    // The lesson prints softmax([1, 2, 3]) and softmax([10, 20, 30]), rounded to 3 decimals.
    const Matrix soft = softmax_rows(row({1, 2, 3}));
    const Matrix sharp = softmax_rows(row({10, 20, 30}));
    CHECK(attn::format_row(soft.row(0)) == attn_test::kLessonSoftSoftmax);
    CHECK(attn::format_row(sharp.row(0)) == attn_test::kLessonSharpSoftmax);
    assert_near(soft, row({0.09, 0.245, 0.665}), kPrinted3Decimals);
    assert_near(sharp, row({0, 0, 1}), kPrinted3Decimals);
}

TEST_CASE("softmax: subtracting the row max survives scores of 1000") {
    // exp(1000) overflows a double; the shifted computation must give the weights of [0, 1, 2].
    REQUIRE(std::isinf(std::exp(1000.0)));
    const Matrix big = softmax_rows(row({1000, 1001, 1002}));
    REQUIRE(big.allFinite());
    assert_near(big, softmax_rows(row({0, 1, 2})), kRoundoff);
    // Very negative scores underflow exp() to 0 without the shift.
    const Matrix small = softmax_rows(row({-1000, -1001, -1002}));
    REQUIRE(small.allFinite());
    assert_near(small, softmax_rows(row({0, -1, -2})), kRoundoff);
    // One huge score takes all the weight; the others are exactly 0 (exp underflows), not NaN.
    assert_near(softmax_rows(row({1e6, 0, -1e6})), row({1, 0, 0}), 0.0);
}

TEST_CASE("softmax: -inf entries get exactly 0") {
    const Matrix w = softmax_rows(row({1, -kInf, 2, -kInf}));
    CHECK(w(0, 1) == 0.0);
    CHECK(w(0, 3) == 0.0);
    // The visible entries are the softmax of the visible scores alone.
    const Matrix visible = softmax_rows(row({1, 2}));
    CHECK_THAT(w(0, 0), WithinAbs(visible(0, 0), kRoundoff));
    CHECK_THAT(w(0, 2), WithinAbs(visible(0, 1), kRoundoff));
    // A single visible key gets all the weight.
    assert_near(softmax_rows(row({-kInf, 5, -kInf})), row({0, 1, 0}), 0.0);
}

TEST_CASE("softmax: a fully masked row throws ComputeError with an explanation") {
    Matrix scores(3, 2);
    scores << 1, 2,  //
        -kInf, -kInf,  //
        0, 0;
    CHECK_THROWS_AS(softmax_rows(scores), attn::ComputeError);
    // The message names the row and says what to do about it.
    CHECK_THROWS_WITH(softmax_rows(scores), Contains("token 1") && Contains("nothing to read") &&
                                                Contains("leave at least one key visible"));
}

TEST_CASE("softmax: rows are independent") {
    Matrix scores(2, 3);
    scores << 1, 2, 3,  //
        10, 20, 30;
    const Matrix w = softmax_rows(scores);
    assert_near(w.row(0), softmax_rows(row({1, 2, 3})), 0.0);
    assert_near(w.row(1), softmax_rows(row({10, 20, 30})), 0.0);
}
