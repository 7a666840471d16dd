// Linear, ReLU, LayerNorm and MSE: backward passes against finite differences,
// and the initialisations PyTorch uses.
#include <cmath>
#include <cstring>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "nn/frozen_weights.hpp"
#include "nn/layer_norm.hpp"
#include "nn/linear.hpp"
#include "nn/mse_loss.hpp"
#include "nn/relu.hpp"
#include "support/nn_check.hpp"

using namespace attn;
using namespace attn::nn;
using namespace attn::nn::testing;

TEST_CASE("linear: forward is x W^T + b") {
    Linear<double> layer("fc", 3, 2);
    layer.weight.value << 1, 2, 3, 4, 5, 6;
    layer.bias.value << 0.5, -1;
    Mat<double> x(2, 3);
    x << 1, 0, -1, 2, 1, 0;
    const Mat<double>& y = layer.forward(x);
    CHECK(y(0, 0) == 1 - 3 + 0.5);
    CHECK(y(0, 1) == 4 - 6 - 1);
    CHECK(y(1, 0) == 2 + 2 + 0.5);
    CHECK(y(1, 1) == 8 + 5 - 1);
}

TEST_CASE("linear: backward matches finite differences") {
    Rng rng(1);
    Linear<double> layer("fc", 5, 3);
    layer.init_default(rng);
    Mat<double> x = random_matrix(7, 5, rng);
    const Mat<double> w = random_matrix(7, 3, rng);
    auto loss = [&] { return weighted_sum(layer.forward(x), w); };
    loss();
    const Mat<double> dx = layer.backward(w);
    const Mat<double> dW = layer.weight.grad, db = layer.bias.grad;
    check_gradient("weight", layer.weight.value, dW, loss);
    check_gradient("bias", layer.bias.value, db, loss);
    check_gradient("input", x, dx, loss);
}

TEST_CASE("linear: default init lies within 1/sqrt(in) as PyTorch's") {
    Rng rng(2);
    Linear<float> layer("fc", 64, 32);
    layer.init_default(rng);
    const float bound = 1.0f / 8.0f;
    CHECK(layer.weight.value.cwiseAbs().maxCoeff() <= bound);
    CHECK(layer.bias.value.cwiseAbs().maxCoeff() <= bound);
    // a uniform draw over [-b, b] fills most of it
    CHECK(layer.weight.value.cwiseAbs().maxCoeff() > 0.9f * bound);
}

TEST_CASE("relu: backward matches finite differences") {
    Rng rng(3);
    Relu<double> relu;
    Mat<double> x = random_matrix(6, 4, rng);
    const Mat<double> w = random_matrix(6, 4, rng);
    auto loss = [&] { return weighted_sum(relu.forward(x), w); };
    loss();
    const Mat<double> dx = relu.backward(w);
    check_gradient("input", x, dx, loss);
    CHECK(relu.out().minCoeff() == 0.0);
}

TEST_CASE("layer norm: every row comes out with mean 0 and variance 1 before the affine step") {
    Rng rng(4);
    LayerNorm<double> norm("ln", 8);
    const Mat<double> x = random_matrix(5, 8, rng, 3.0);
    const Mat<double>& y = norm.forward(x);
    for (Eigen::Index r = 0; r < y.rows(); ++r) {
        CHECK(std::abs(y.row(r).mean()) < 1e-12);
        // biased variance is 1 - eps / (var + eps): just under 1
        CHECK(std::abs((y.row(r).array() - y.row(r).mean()).square().mean() - 1.0) < 1e-5);
    }
}

TEST_CASE("layer norm: backward matches finite differences") {
    Rng rng(5);
    LayerNorm<double> norm("ln", 6);
    norm.weight.value = random_matrix(1, 6, rng);
    norm.bias.value = random_matrix(1, 6, rng);
    Mat<double> x = random_matrix(4, 6, rng);
    const Mat<double> w = random_matrix(4, 6, rng);
    auto loss = [&] { return weighted_sum(norm.forward(x), w); };
    loss();
    const Mat<double> dx = norm.backward(w);
    const Mat<double> dg = norm.weight.grad, db = norm.bias.grad;
    check_gradient("gamma", norm.weight.value, dg, loss);
    check_gradient("beta", norm.bias.value, db, loss);
    check_gradient("input", x, dx, loss);
}

TEST_CASE("mse: loss is the mean of squared errors and its gradient matches finite differences") {
    Rng rng(6);
    MseLoss<double> mse;
    Mat<double> pred = random_matrix(5, 2, rng);
    const Mat<double> target = random_matrix(5, 2, rng);
    const double loss = mse.forward(pred, target);
    CHECK(std::abs(loss - (pred - target).array().square().mean()) < 1e-15);
    const Mat<double> d = mse.d_pred();
    check_gradient("prediction", pred, d, [&] { return mse.forward(pred, target); });
}

TEST_CASE("linear: while the weights are frozen a forward reuses its transposed weight, and sees new weights after") {
    Linear<float> layer("fc", 2, 2);
    layer.weight.value << 1, 2, 3, 4;
    const Mat<float> x = Mat<float>::Identity(2, 2);
    {
        const FrozenWeights frozen;
        CHECK(layer.forward(x)(0, 1) == 3);
        layer.weight.value(1, 0) = 30;  // breaks the scope's promise: the kept W^T still answers
        CHECK(layer.forward(x)(0, 1) == 3);
    }
    CHECK(layer.forward(x)(0, 1) == 30);  // outside a scope, made afresh
    const FrozenWeights next;
    layer.weight.value(1, 0) = 300;  // before the scope's first forward
    CHECK(layer.forward(x)(0, 1) == 300);
}

TEST_CASE("linear: a float layer that reads its weight transposed a panel at a time sums each output's terms in order, then adds its bias") {
    // 256 inputs to 80 outputs: W is 80 KB, so it is read in panels of 32 outputs, the last one 16 wide.
    Rng rng(3);
    Linear<float> layer("fc", 256, 80);
    layer.init_default(rng);
    const Mat<float> x = random_matrix(33, 256, rng).cast<float>();  // 8 row groups of 4 and one row alone
    REQUIRE(reads_transposed<float>(x.rows(), 256, 80));
    const Mat<float>& y = layer.forward(x);
    int differ = 0;
    for (Eigen::Index i = 0; i < x.rows(); ++i)
        for (Eigen::Index j = 0; j < 80; ++j) {
            float sum = 0;
            for (Eigen::Index p = 0; p < 256; ++p) sum += x(i, p) * layer.weight.value(j, p);
            differ += y(i, j) != sum + layer.bias.value(0, j);
        }
    CHECK(differ == 0);
}

namespace {

// x (n, in) with zeros outside `runs`, and the same x with only the columns in `runs`.
std::pair<Mat<float>, Mat<float>> zeros_outside(const std::vector<std::pair<int, int>>& runs, int n, int in, Rng& rng) {
    Mat<float> whole = Mat<float>::Zero(n, in);
    Eigen::Index width = 0;
    for (const auto& [first, end] : runs) width += end - first;
    Mat<float> read(n, width);
    Eigen::Index at = 0;
    for (const auto& [first, end] : runs) {
        const Mat<float> part = random_matrix(n, end - first, rng).cast<float>();
        whole.middleCols(first, end - first) = part;
        read.middleCols(at, end - first) = part;
        at += end - first;
    }
    return {whole, read};
}

bool same_bits(const Mat<float>& a, const Mat<float>& b) {
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           std::memcmp(a.data(), b.data(), sizeof(float) * static_cast<std::size_t>(a.size())) == 0;
}

}  // namespace

TEST_CASE("linear: a layer that reads only the columns in use gives the whole input's bits, forward and backward") {
    // Plain-256's first layer (96 -> 256, a batch of 128, 4 of 8 slots in use: W read in panels) and a
    // small one (10 -> 3, W^T kept): each against the same layer given every column, the others zero.
    struct Case { int in, out, n; std::vector<std::pair<int, int>> runs; };
    for (const Case& c : {Case{96, 256, 128, {{0, 44}, {88, 96}}}, Case{10, 3, 5, {{1, 4}, {6, 10}}}}) {
        Rng rng(5);
        Linear<float> whole("fc", c.in, c.out), read("fc", c.in, c.out);
        whole.init_default(rng);
        read.weight.value = whole.weight.value;
        read.bias.value = whole.bias.value;
        read.read_columns(c.runs);
        const auto [x, x_read] = zeros_outside(c.runs, c.n, c.in, rng);
        const Mat<float> dy = random_matrix(c.n, c.out, rng).cast<float>();
        CHECK(same_bits(whole.forward(x), read.forward(x_read)));
        whole.backward(dy);
        read.backward(dy);
        CHECK(same_bits(whole.weight.grad, read.weight.grad));
        CHECK(same_bits(whole.bias.grad, read.bias.grad));
    }
}

TEST_CASE("linear: reading other columns in the same frozen scope uses those columns' weights") {
    Linear<float> layer("fc", 3, 1);
    layer.weight.value << 1, 10, 100;
    const FrozenWeights frozen;
    layer.read_columns({{0, 1}});
    CHECK(layer.forward(Mat<float>::Ones(1, 1))(0, 0) == 1);
    layer.read_columns({{1, 3}});
    CHECK(layer.forward(Mat<float>::Ones(1, 2))(0, 0) == 110);
    CHECK_THROWS_AS(layer.read_columns({{2, 3}, {0, 1}}), std::invalid_argument);
}
