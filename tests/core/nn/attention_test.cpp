// Multi-head attention and the encoder layer: backward passes against finite
// differences, and the properties the lesson relies on.
#include <cmath>
#include <cstring>

#include <catch2/catch.hpp>

#include "nn/encoder_layer.hpp"
#include "nn/multihead_attention.hpp"
#include "support/nn_check.hpp"

using namespace attn;
using namespace attn::nn;
using namespace attn::nn::testing;

namespace {

// Random weights everywhere, biases included, so no gradient is trivially zero.
void randomise(ParamList<double> params, Rng& rng) {
    for (Param<double>* p : params) p->value = random_matrix(p->value.rows(), p->value.cols(), rng, 0.5);
}

}  // namespace

TEST_CASE("multi-head attention: cross-attention backward matches finite differences") {
    Rng rng(10);
    const int batch = 3, lq = 2, lk = 4, width = 8, heads = 2;
    MultiheadAttention<double> mha("mha", width, heads);
    ParamList<double> params;
    mha.collect(params);
    randomise(params, rng);
    Mat<double> q = random_matrix(batch * lq, width, rng);
    Mat<double> kv = random_matrix(batch * lk, width, rng);
    const Mat<double> w = random_matrix(batch * lq, width, rng);
    auto loss = [&] { return weighted_sum(mha.forward(q, kv, batch, lq, lk), w); };
    loss();
    mha.backward(w);
    const Mat<double> dq = mha.d_query(), dkv = mha.d_keyvalue();
    for (Param<double>* p : params) {
        const Mat<double> g = p->grad;
        check_gradient(p->name, p->value, g, loss);
    }
    check_gradient("query input", q, dq, loss);
    check_gradient("key/value input", kv, dkv, loss);
}

TEST_CASE("multi-head attention: self-attention backward sums both paths and matches finite differences") {
    Rng rng(11);
    const int batch = 2, len = 5, width = 8, heads = 2;
    MultiheadAttention<double> mha("mha", width, heads);
    ParamList<double> params;
    mha.collect(params);
    randomise(params, rng);
    Mat<double> x = random_matrix(batch * len, width, rng);
    const Mat<double> w = random_matrix(batch * len, width, rng);
    auto loss = [&] { return weighted_sum(mha.forward(x, x, batch, len, len), w); };
    loss();
    const Mat<double> dx = mha.backward(w);
    check_gradient("input", x, dx, loss);
}

TEST_CASE("multi-head attention: every query's weights sum to one") {
    Rng rng(12);
    MultiheadAttention<float> mha("mha", 16, 2);
    mha.init_default(rng);
    Mat<float> q = random_matrix(3, 16, rng).cast<float>();
    Mat<float> kv = random_matrix(12, 16, rng).cast<float>();
    mha.forward(q, kv, 3, 1, 4);
    REQUIRE(mha.weights().rows() == 3 * 2);
    for (Eigen::Index r = 0; r < mha.weights().rows(); ++r)
        CHECK(std::abs(mha.weights().row(r).sum() - 1.0f) < 1e-6f);
}

TEST_CASE("multi-head attention: reordering the keys and values leaves the answer unchanged") {
    Rng rng(13);
    MultiheadAttention<double> mha("mha", 8, 2);
    mha.init_default(rng);
    const Mat<double> q = random_matrix(1, 8, rng);
    const Mat<double> kv = random_matrix(4, 8, rng);
    const Mat<double> first = mha.forward(q, kv, 1, 1, 4);
    Mat<double> shuffled(4, 8);
    shuffled << kv.row(2), kv.row(0), kv.row(3), kv.row(1);
    const Mat<double> second = mha.forward(q, shuffled, 1, 1, 4);
    CHECK((first - second).cwiseAbs().maxCoeff() < 1e-14);
}

TEST_CASE("multi-head attention: initialisation is xavier-uniform with zero biases, as PyTorch's") {
    Rng rng(14);
    MultiheadAttention<float> mha("mha", 32, 2);
    mha.init_default(rng);
    const float bound = std::sqrt(6.0f / (32 + 96));
    CHECK(mha.in_proj_weight.value.cwiseAbs().maxCoeff() <= bound);
    CHECK(mha.in_proj_weight.value.cwiseAbs().maxCoeff() > 0.9f * bound);
    CHECK(mha.in_proj_bias.value.isZero());
    CHECK(mha.out_proj.bias.value.isZero());
    CHECK(mha.out_proj.weight.value.cwiseAbs().maxCoeff() <= 1.0f / std::sqrt(32.0f));
}

TEST_CASE("encoder layer: backward matches finite differences") {
    Rng rng(15);
    const int batch = 2, len = 3, width = 8, heads = 2, ff = 12;
    EncoderLayer<double> layer("enc", width, heads, ff);
    ParamList<double> params;
    layer.collect(params);
    randomise(params, rng);
    Mat<double> x = random_matrix(batch * len, width, rng);
    const Mat<double> w = random_matrix(batch * len, width, rng);
    auto loss = [&] { return weighted_sum(layer.forward(x, batch, len), w); };
    loss();
    const Mat<double> dx = layer.backward(w);
    check_layer_gradients(params, x, dx, loss);
}

TEST_CASE("multi-head attention: a scene's outputs and input gradients are its own to the bit, whatever scenes are beside it") {
    // Scenes run four abreast in vector lanes (nn/attention_lanes.hpp): six scenes make a
    // full group and a group of two, and each must give what it gives alone.
    Rng rng(12);
    const int batch = 6, lq = 3, lk = 5, width = 8, heads = 2;
    MultiheadAttention<float> mha("mha", width, heads);
    mha.init_default(rng);
    mha.in_proj_bias.value = random_matrix(1, 3 * width, rng, 0.5).cast<float>();
    const Mat<float> q = random_matrix(batch * lq, width, rng).cast<float>();
    const Mat<float> kv = random_matrix(batch * lk, width, rng).cast<float>();
    const Mat<float> dout = random_matrix(batch * lq, width, rng).cast<float>();
    const Mat<float> out = mha.forward(q, kv, batch, lq, lk), weights = mha.weights();
    mha.backward(dout);
    const Mat<float> dq = mha.d_query(), dkv = mha.d_keyvalue();
    const auto same_bits = [](const Mat<float>& alone, const Mat<float>& together, Eigen::Index first) {
        const Mat<float> rows = together.middleRows(first, alone.rows());
        return std::memcmp(alone.data(), rows.data(), sizeof(float) * alone.size()) == 0;
    };
    for (int b = 0; b < batch; ++b) {
        const Mat<float> qb = q.middleRows(b * lq, lq), kvb = kv.middleRows(b * lk, lk);
        CHECK(same_bits(mha.forward(qb, kvb, 1, lq, lk), out, b * lq));
        CHECK(same_bits(mha.weights(), weights, b * heads * lq));
        mha.backward(dout.middleRows(b * lq, lq));
        CHECK(same_bits(mha.d_query(), dq, b * lq));
        CHECK(same_bits(mha.d_keyvalue(), dkv, b * lk));
    }
}
