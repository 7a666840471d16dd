// attn::scaled_dot_product_attention and attn::causal_mask, against the lesson's worked example.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "math/attention.hpp"
#include "base/error.hpp"
#include "math/multi_head.hpp"
#include "math/numpy_format.hpp"
#include "math/rng.hpp"
#include "support/test_helpers.hpp"

using attn::Mask;
using attn::Matrix;
using attn::scaled_dot_product_attention;
using attn_test::assert_near;
using attn_test::kPrinted3Decimals;
using attn_test::kRoundoff;
using attn_test::matrix_of;

namespace {

const double kInf = std::numeric_limits<double>::infinity();
const double kRootHalf = 1.0 / std::sqrt(2.0);  // 1 / sqrt(d) for d = 2

}  // namespace

TEST_CASE("attention: the lesson's worked example prints the lesson's lines") {
    const Matrix X = attn_test::lesson_tokens();
    const auto a = scaled_dot_product_attention(X, X, X);
    CHECK(attn::format_matrix(a.scores) == attn_test::kLessonScores);
    CHECK(attn::format_matrix(a.weights) == attn_test::kLessonWeights);
    CHECK(attn::format_matrix(a.output) == attn_test::kLessonOutput);
}

TEST_CASE("attention: the lesson's worked example values") {
    const Matrix X = attn_test::lesson_tokens();
    const auto a = scaled_dot_product_attention(X, X, X);
    // Scores by hand: X X^T = [[1,0,1],[0,1,1],[1,1,2]], divided by sqrt(2).
    assert_near(a.scores,
                matrix_of({{kRootHalf, 0, kRootHalf}, {0, kRootHalf, kRootHalf}, {kRootHalf, kRootHalf, 2 * kRootHalf}}),
                kRoundoff);
    // Weights and output: the lesson's printed digits.
    assert_near(a.weights, matrix_of({{0.401, 0.198, 0.401}, {0.198, 0.401, 0.401}, {0.248, 0.248, 0.503}}),
                kPrinted3Decimals);
    assert_near(a.output, matrix_of({{0.802, 0.599}, {0.599, 0.802}, {0.752, 0.752}}), kPrinted3Decimals);
    // Row 0 by hand: weights e^{s}/sum with s = (r, 0, r), r = 1/sqrt(2).
    const double e = std::exp(kRootHalf);
    CHECK_THAT(a.weights(0, 0), Catch::Matchers::WithinAbs(e / (2 * e + 1), kRoundoff));
    CHECK_THAT(a.weights(0, 1), Catch::Matchers::WithinAbs(1 / (2 * e + 1), kRoundoff));
    // Each output row is that row of weights times V.
    assert_near(a.output, a.weights * X, kRoundoff);
}

TEST_CASE("attention: each row of weights sums to one") {
    attn::Rng rng(4);
    const Matrix Q = attn::random_normal_matrix(5, 6, rng);
    const Matrix K = attn::random_normal_matrix(7, 6, rng);
    const Matrix V = attn::random_normal_matrix(7, 3, rng);
    const auto a = scaled_dot_product_attention(Q, K, V);
    assert_near(a.weights.rowwise().sum(), Matrix::Ones(5, 1), kRoundoff);
}

TEST_CASE("causal_mask: true exactly above the diagonal") {
    for (Eigen::Index T = 1; T <= 6; ++T) {
        const Mask m = attn::causal_mask(T);
        REQUIRE(m.rows() == T);
        REQUIRE(m.cols() == T);
        for (Eigen::Index i = 0; i < T; ++i)
            for (Eigen::Index j = 0; j < T; ++j) {
                INFO("T " << T << ", row " << i << ", column " << j);
                CHECK(m(i, j) == (j > i));
            }
    }
}

TEST_CASE("attention: the lesson's causal mask table") {
    const Matrix X = attn_test::lesson_tokens();
    const Mask mask = attn::causal_mask(3);
    const auto a = scaled_dot_product_attention(X, X, X, &mask);
    CHECK(attn::format_matrix(a.weights) == attn_test::kLessonCausalWeights);
    // Masked scores are -inf, and their weights exactly 0: the table is lower-triangular.
    for (Eigen::Index i = 0; i < 3; ++i)
        for (Eigen::Index j = i + 1; j < 3; ++j) {
            INFO("row " << i << ", column " << j);
            CHECK(a.scores(i, j) == -kInf);
            CHECK(a.weights(i, j) == 0.0);
        }
    // The first token can only read itself; the last row is unchanged by the mask.
    CHECK(a.weights(0, 0) == 1.0);
    const auto unmasked = scaled_dot_product_attention(X, X, X);
    assert_near(a.weights.row(2), unmasked.weights.row(2), kRoundoff);
    assert_near(a.weights.rowwise().sum(), Matrix::Ones(3, 1), kRoundoff);
}

TEST_CASE("attention: a query whose every key is masked throws ComputeError") {
    const Matrix X = attn_test::lesson_tokens();
    Mask mask = attn::causal_mask(3);
    mask.col(0).setConstant(true);  // token 0 could only see key 0
    CHECK_THROWS_AS(scaled_dot_product_attention(X, X, X, &mask), attn::ComputeError);
}

TEST_CASE("attention: with scaling off the scores are the raw dot products") {
    const Matrix X = attn_test::lesson_tokens();
    const auto raw = scaled_dot_product_attention(X, X, X, nullptr, false);
    assert_near(raw.scores, matrix_of({{1, 0, 1}, {0, 1, 1}, {1, 1, 2}}), 0.0);
    assert_near(raw.scores, X * X.transpose(), 0.0);
    // Scaled scores are the raw ones divided by sqrt(d).
    const auto scaled = scaled_dot_product_attention(X, X, X);
    assert_near(scaled.scores, raw.scores / std::sqrt(2.0), kRoundoff);
    // Unscaled scores are larger, so the weights are sharper: the top weight grows.
    CHECK(raw.weights(2, 2) > scaled.weights(2, 2));
}

TEST_CASE("attention: output shape is (queries, value width)") {
    attn::Rng rng(8);
    const Matrix Q = attn::random_normal_matrix(4, 3, rng);  // (Tq, d)
    const Matrix K = attn::random_normal_matrix(5, 3, rng);  // (Tk, d)
    const Matrix V = attn::random_normal_matrix(5, 2, rng);  // (Tk, dv)
    const auto a = scaled_dot_product_attention(Q, K, V);
    CHECK(a.scores.rows() == 4);
    CHECK(a.scores.cols() == 5);
    CHECK(a.weights.rows() == 4);
    CHECK(a.weights.cols() == 5);
    CHECK(a.output.rows() == 4);
    CHECK(a.output.cols() == 2);
    // Self-attention returns one new vector per token, the shape of the input.
    const Matrix X = attn_test::lesson_tokens();
    const auto self = scaled_dot_product_attention(X, X, X);
    CHECK(attn::format_shape({static_cast<long>(self.output.rows()), static_cast<long>(self.output.cols())}) ==
          "(3, 2)");
}

TEST_CASE("attention: cross-attention reads a sequence of another length") {
    attn::Rng rng(12);
    const Matrix A = attn::random_normal_matrix(2, 4, rng);  // queries from A
    const Matrix B = attn::random_normal_matrix(6, 4, rng);  // keys and values from B
    const auto a = scaled_dot_product_attention(A, B, B);
    CHECK(a.weights.rows() == 2);
    CHECK(a.weights.cols() == 6);
    CHECK(a.output.rows() == 2);
    CHECK(a.output.cols() == 4);
    assert_near(a.weights.rowwise().sum(), Matrix::Ones(2, 1), kRoundoff);
    // Each output is a weighted average of B's rows, so it lies within their range.
    for (Eigen::Index j = 0; j < 4; ++j) {
        CHECK(a.output.col(j).maxCoeff() <= B.col(j).maxCoeff() + kRoundoff);
        CHECK(a.output.col(j).minCoeff() >= B.col(j).minCoeff() - kRoundoff);
    }
}

TEST_CASE("attention: mismatched shapes are refused") {
    const Matrix Q = Matrix::Ones(2, 3);
    CHECK_THROWS_AS(scaled_dot_product_attention(Q, Matrix::Ones(4, 2), Matrix::Ones(4, 2)), std::invalid_argument);
    CHECK_THROWS_AS(scaled_dot_product_attention(Q, Matrix::Ones(4, 3), Matrix::Ones(5, 2)), std::invalid_argument);
}
