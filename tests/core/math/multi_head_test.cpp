// attn::multi_head_attention: split into heads, attend per head, concatenate, mix.
#include <catch2/catch.hpp>

#include <cmath>
#include <stdexcept>

#include "math/attention.hpp"
#include "math/multi_head.hpp"
#include "math/numpy_format.hpp"
#include "math/rng.hpp"
#include "support/test_helpers.hpp"

using attn::Matrix;
using attn::MultiHeadWeights;
using attn::multi_head_attention;
using attn_test::assert_near;
using attn_test::kRoundoff;

namespace {

MultiHeadWeights identity_weights(int d_model, int heads) {
    MultiHeadWeights w;
    w.heads = heads;
    w.Wq = w.Wk = w.Wv = w.Wo = Matrix::Identity(d_model, d_model);
    return w;
}

}  // namespace

TEST_CASE("multi_head: the lesson's shapes (2, 3, 3) and (3, 8)") {
    // The lesson: T = 3 tokens, d_model = 8, 2 heads.
    attn::Rng rng(0);
    const Matrix X = attn::random_normal_matrix(3, 8, rng);
    const MultiHeadWeights w = attn::random_multi_head_weights(8, 2, rng);
    const auto m = multi_head_attention(X, X, w);
    REQUIRE(m.head_weights.size() == 2);
    for (const Matrix& hw : m.head_weights) {
        CHECK(hw.rows() == 3);
        CHECK(hw.cols() == 3);
    }
    CHECK(m.concat.rows() == 3);
    CHECK(m.concat.cols() == 8);
    CHECK(m.output.rows() == 3);
    CHECK(m.output.cols() == 8);
    const std::string shapes = attn::format_shape({static_cast<long>(m.head_weights.size()), m.head_weights[0].rows(),
                                                   m.head_weights[0].cols()}) +
                               " " + attn::format_shape({m.output.rows(), m.output.cols()});
    CHECK(shapes == attn_test::kLessonMultiHeadShapes);
}

TEST_CASE("multi_head: one head with identity projections is plain attention") {
    const Matrix X = attn_test::lesson_tokens();
    const auto m = multi_head_attention(X, X, identity_weights(2, 1));
    const auto a = attn::scaled_dot_product_attention(X, X, X);
    REQUIRE(m.head_weights.size() == 1);
    assert_near(m.head_weights[0], a.weights, kRoundoff);
    assert_near(m.concat, a.output, kRoundoff);
    assert_near(m.output, a.output, kRoundoff);
}

TEST_CASE("multi_head: with identity projections each head attends over its own columns") {
    attn::Rng rng(3);
    const Matrix X = attn::random_normal_matrix(4, 6, rng);
    const int heads = 3, d_head = 2;
    const auto m = multi_head_attention(X, X, identity_weights(6, heads));
    for (int h = 0; h < heads; ++h) {
        INFO("head " << h);
        const Matrix part = X.middleCols(h * d_head, d_head);
        const auto a = attn::scaled_dot_product_attention(part, part, part);  // scaled by sqrt(d_head)
        assert_near(m.head_weights[h], a.weights, kRoundoff);
        assert_near(m.concat.middleCols(h * d_head, d_head), a.output, kRoundoff);
    }
}

TEST_CASE("multi_head: every head's weight rows sum to one") {
    attn::Rng rng(21);
    const Matrix X = attn::random_normal_matrix(5, 12, rng);
    const auto m = multi_head_attention(X, X, attn::random_multi_head_weights(12, 4, rng));
    REQUIRE(m.head_weights.size() == 4);
    for (std::size_t h = 0; h < m.head_weights.size(); ++h) {
        INFO("head " << h);
        assert_near(m.head_weights[h].rowwise().sum(), Matrix::Ones(5, 1), kRoundoff);
        CHECK(m.head_weights[h].minCoeff() >= 0.0);
    }
}

TEST_CASE("multi_head: concatenated columns belong to their head") {
    attn::Rng rng(5);
    const int d_model = 8, heads = 2, d_head = 4;
    const Matrix X = attn::random_normal_matrix(3, d_model, rng);
    const MultiHeadWeights w = attn::random_multi_head_weights(d_model, heads, rng);
    const auto before = multi_head_attention(X, X, w);

    SECTION("changing head 1's value columns leaves head 0's output columns unchanged") {
        MultiHeadWeights changed = w;
        changed.Wv.middleCols(d_head, d_head) = attn::random_normal_matrix(d_model, d_head, rng);
        const auto after = multi_head_attention(X, X, changed);
        assert_near(after.concat.middleCols(0, d_head), before.concat.middleCols(0, d_head), 0.0);
        CHECK(attn_test::near_mismatch(after.concat.middleCols(d_head, d_head), before.concat.middleCols(d_head, d_head), 1e-6) !=
              "");
    }
    SECTION("changing head 1's query and key columns leaves head 0's weights unchanged") {
        MultiHeadWeights changed = w;
        changed.Wq.middleCols(d_head, d_head) *= 3.0;
        changed.Wk.middleCols(d_head, d_head) = attn::random_normal_matrix(d_model, d_head, rng);
        const auto after = multi_head_attention(X, X, changed);
        assert_near(after.head_weights[0], before.head_weights[0], 0.0);
        assert_near(after.concat.middleCols(0, d_head), before.concat.middleCols(0, d_head), 0.0);
        CHECK(attn_test::near_mismatch(after.head_weights[1], before.head_weights[1], 1e-6) != "");
    }
    SECTION("the output projection mixes the concatenated heads") {
        assert_near(before.output, before.concat * w.Wo, kRoundoff);
    }
}

TEST_CASE("multi_head: a mask applies to every head") {
    attn::Rng rng(6);
    const Matrix X = attn::random_normal_matrix(4, 8, rng);
    const attn::Mask mask = attn::causal_mask(4);
    const auto m = multi_head_attention(X, X, attn::random_multi_head_weights(8, 2, rng), &mask);
    for (std::size_t h = 0; h < m.head_weights.size(); ++h)
        for (Eigen::Index i = 0; i < 4; ++i)
            for (Eigen::Index j = i + 1; j < 4; ++j) {
                INFO("head " << h << ", row " << i << ", column " << j);
                CHECK(m.head_weights[h](i, j) == 0.0);
            }
}

TEST_CASE("multi_head: cross-attention shapes") {
    attn::Rng rng(7);
    const Matrix A = attn::random_normal_matrix(2, 8, rng);  // queries from A (Tq = 2)
    const Matrix B = attn::random_normal_matrix(5, 8, rng);  // keys and values from B (Tk = 5)
    const auto m = multi_head_attention(A, B, attn::random_multi_head_weights(8, 4, rng));
    REQUIRE(m.head_weights.size() == 4);
    for (const Matrix& hw : m.head_weights) {
        CHECK(hw.rows() == 2);
        CHECK(hw.cols() == 5);
    }
    CHECK(m.output.rows() == 2);
    CHECK(m.output.cols() == 8);
}

TEST_CASE("multi_head: d_model that heads do not divide is refused") {
    const Matrix X = Matrix::Ones(3, 8);
    CHECK_THROWS_AS(multi_head_attention(X, X, identity_weights(8, 3)), std::invalid_argument);
    CHECK_THROWS_AS(multi_head_attention(X, X, identity_weights(8, 0)), std::invalid_argument);
}

TEST_CASE("random_multi_head_weights: entries drawn from N(0, 1/d_model)") {
    const int d_model = 64;
    attn::Rng rng(13);
    const MultiHeadWeights w = attn::random_multi_head_weights(d_model, 8, rng);
    CHECK(w.heads == 8);
    CHECK(w.d_model() == 64);
    CHECK(w.d_head() == 8);
    for (const Matrix* W : {&w.Wq, &w.Wk, &w.Wv, &w.Wo}) {
        REQUIRE(W->rows() == d_model);
        REQUIRE(W->cols() == d_model);
        const double n = double(W->size());
        const double mean = W->mean();
        const double sd = std::sqrt((W->array() - mean).square().sum() / n);
        const double expected_sd = 1.0 / std::sqrt(double(d_model));
        // Five standard errors: of the mean sd/sqrt(n), of the sample sd about sd/sqrt(2n).
        CHECK_THAT(mean, Catch::Matchers::WithinAbs(0.0, 5 * expected_sd / std::sqrt(n)));
        CHECK_THAT(sd, Catch::Matchers::WithinAbs(expected_sd, 5 * expected_sd / std::sqrt(2 * n)));
    }
}

TEST_CASE("random_normal_matrix: filled row by row from the stream") {
    attn::Rng a(99), b(99);
    const Matrix m = attn::random_normal_matrix(2, 3, a, 2.0);
    for (Eigen::Index i = 0; i < 2; ++i)
        for (Eigen::Index j = 0; j < 3; ++j) CHECK(m(i, j) == 2.0 * b.normal());
}
