// The language model's layers (core/nn/lm/): every backward pass against
// finite differences in double, the whole network's too, and the causal mask.
#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

#include "nn/lm/adamw.hpp"
#include "nn/lm/block.hpp"
#include "nn/lm/causal_self_attention.hpp"
#include "nn/lm/char_lm.hpp"
#include "nn/lm/cross_entropy.hpp"
#include "nn/lm/embedding.hpp"
#include "support/nn_check.hpp"

using namespace attn;
using namespace attn::nn;
using namespace attn::nn::lm;
using namespace attn::nn::testing;

namespace {

// Random weights everywhere, biases and norms included, so no gradient is trivially zero.
void randomise(const ParamList<double>& params, Rng& rng) {
    for (Param<double>* p : params) p->value = random_matrix(p->value.rows(), p->value.cols(), rng, 0.5);
}

std::vector<int> random_ids(int n, int count, Rng& rng) {
    std::vector<int> ids(static_cast<std::size_t>(n));
    for (int& id : ids) id = static_cast<int>(rng.below(static_cast<std::uint64_t>(count)));
    return ids;
}

// A softmax row sums to one in double to within a few roundings of its terms.
constexpr double kRowSumTol = 1e-12;

}  // namespace

TEST_CASE("lm embedding: backward matches finite differences, repeated ids adding up") {
    Rng rng(20);
    Embedding<double> emb("emb", 5, 4);
    emb.init_default(rng);
    const std::vector<int> ids = {3, 1, 3, 0, 3, 4};  // id 3 three times, id 2 never
    const Mat<double> w = random_matrix(6, 4, rng);
    auto loss = [&] { return weighted_sum(emb.forward(ids), w); };
    loss();
    emb.backward(w);
    const Mat<double> g = emb.weight.grad;
    check_gradient("table", emb.weight.value, g, loss);
    CHECK(g.row(2).isZero());
}

TEST_CASE("lm causal self-attention: backward matches finite differences") {
    Rng rng(21);
    const int batch = 2, length = 5, width = 8, heads = 2;
    CausalSelfAttention<double> attn("attn", width, heads);
    ParamList<double> params;
    attn.collect(params);
    randomise(params, rng);
    Mat<double> x = random_matrix(batch * length, width, rng);
    const Mat<double> w = random_matrix(batch * length, width, rng);
    auto loss = [&] { return weighted_sum(attn.forward(x, batch, length), w); };
    loss();
    const Mat<double> dx = attn.backward(w);
    check_layer_gradients(params, x, dx, loss);
}

TEST_CASE("lm causal self-attention: every row sums to one and puts no weight on a later place") {
    Rng rng(22);
    const int batch = 3, length = 7, width = 12, heads = 3;
    CausalSelfAttention<double> attn("attn", width, heads);
    attn.init_default(rng);
    attn.forward(random_matrix(batch * length, width, rng, 2.0), batch, length);
    const Mat<double>& p = attn.weights();
    REQUIRE(p.rows() == batch * heads * length);
    for (Eigen::Index r = 0; r < p.rows(); ++r) {
        const int i = static_cast<int>(r % length);  // the query's place
        INFO("row " << r << ", place " << i);
        CHECK(std::abs(p.row(r).sum() - 1.0) <= kRowSumTol);
        for (int j = i + 1; j < length; ++j) CHECK(p(r, j) == 0.0);
        for (int j = 0; j <= i; ++j) CHECK(p(r, j) > 0.0);
    }
}

TEST_CASE("lm causal self-attention: a place's output does not change when later characters do") {
    Rng rng(23);
    const int length = 6, width = 8;
    CausalSelfAttention<double> attn("attn", width, 2);
    attn.init_default(rng);
    Mat<double> x = random_matrix(length, width, rng);
    const Mat<double> before = attn.forward(x, 1, length);
    x.row(4) = random_matrix(1, width, rng);  // change place 4: places 0-3 must not see it
    const Mat<double> after = attn.forward(x, 1, length);
    CHECK(after.topRows(4) == before.topRows(4));
    CHECK(after.row(4) != before.row(4));
}

TEST_CASE("lm causal self-attention: attend(), the code the lesson shows for one head and one query, gives the forward's output to the bit") {
    // Five sequences: a group of four abreast in vector lanes, then one alone; float, the page's type.
    Rng rng(25);
    const int batch = 5, length = 7, width = 16, heads = 4, dh = width / heads;
    CausalSelfAttention<float> attn("attn", width, heads);
    attn.init_default(rng);
    const Mat<float> x = random_matrix(batch * length, width, rng, 2.0).cast<float>();
    const Mat<float> out = attn.forward(x, batch, length);
    const Mat<float> rows = attn.qkv.forward(x);  // (B*L, 3E) [q k v] of every place
    Mat<float> o = Mat<float>::Zero(batch * length, width);
    std::vector<float> p(length);
    const float scale = 1.0f / std::sqrt(static_cast<float>(dh));
    for (int b = 0; b < batch; ++b)
        for (int h = 0; h < heads; ++h)
            for (int i = 0; i < length; ++i)
                attend(rows.data() + b * length * 3 * width, width, dh, h, i, scale, p.data(),
                       o.data() + (b * length + i) * width + h * dh);
    CHECK(attn.proj.forward(o) == out);
}

TEST_CASE("lm block: backward matches finite differences") {
    Rng rng(24);
    const int batch = 2, length = 4, width = 8;
    Block<double> block("blocks.0", width, 2, 4 * width);
    ParamList<double> params;
    block.collect(params);
    randomise(params, rng);
    Mat<double> x = random_matrix(batch * length, width, rng);
    const Mat<double> w = random_matrix(batch * length, width, rng);
    auto loss = [&] { return weighted_sum(block.forward(x, batch, length), w); };
    loss();
    const Mat<double> dx = block.backward(w);
    check_layer_gradients(params, x, dx, loss);
}

TEST_CASE("lm cross-entropy: the loss is -log p of the target and its gradient matches finite differences") {
    Rng rng(25);
    CrossEntropy<double> ce;
    Mat<double> logits = random_matrix(5, 7, rng, 2.0);
    const std::vector<int> targets = {0, 6, 3, 3, 1};
    const double count = 5;
    const double mean = ce.forward_sum(logits, targets, count) / count;
    double by_hand = 0;
    for (int r = 0; r < 5; ++r) {
        const double z = logits.row(r).array().exp().sum();
        by_hand -= std::log(std::exp(logits(r, targets[static_cast<std::size_t>(r)])) / z);
    }
    CHECK(std::abs(mean - by_hand / count) < 1e-12);
    const Mat<double> d = ce.d_logits();
    check_gradient("logits", logits, d, [&] { return ce.forward_sum(logits, targets, count) / count; });
}

TEST_CASE("lm network: every gradient of the whole model matches finite differences") {
    Rng rng(26);
    LmShape shape;
    shape.vocab = 7, shape.context = 6, shape.width = 8, shape.heads = 2, shape.layers = 2;
    CharLm<double> model(shape);
    randomise(model.params(), rng);
    const int batch = 2, length = 5;  // shorter than the context: the first 5 position rows only
    const std::vector<int> ids = random_ids(batch * length, shape.vocab, rng);
    const std::vector<int> targets = random_ids(batch * length, shape.vocab, rng);
    CrossEntropy<double> ce;
    const double count = batch * length;
    auto loss = [&] { return ce.forward_sum(model.forward(ids, batch, length), targets, count) / count; };
    loss();
    model.backward(ce.d_logits());
    for (Param<double>* p : model.params()) {
        const Mat<double> g = p->grad;
        check_gradient(p->name, p->value, g, loss);
    }
    // the position rows past the sequence's length get no gradient
    CHECK(model.pos_emb.weight.grad.row(5).isZero());
}

TEST_CASE("lm network: 214,480 parameters at 4 layers, 4 heads, width 64, context 64, 80 characters") {
    LmShape shape;
    shape.vocab = 80, shape.context = 64, shape.width = 64, shape.heads = 4, shape.layers = 4;
    CharLm<float> model(shape);
    CHECK(model.parameter_count() == 214480);
    CHECK(model.params().front()->name == "tok_emb.weight");
    CHECK(model.params()[2]->name == "blocks.0.ln1.weight");
    CHECK(model.params().back()->name == "head.bias");
}

TEST_CASE("lm adamw: one step decays matrices apart from the gradient, and leaves biases undecayed") {
    // At step 1, m / (sqrt(v) / sqrt(1 - b2)) = (1 - b1) g / ((1 - b1) |g|) = sign(g) (eps aside):
    // a matrix entry moves to w (1 - lr wd) - lr sign(g), a bias entry to b - lr sign(g).
    Param<double> matrix, bias;
    matrix.init("w", {1, 2}, 1, 2);
    bias.init("b", {2}, 1, 2);
    matrix.value << 2.0, -1.0;
    matrix.grad << 0.5, -3.0;
    bias.value << 2.0, -1.0;
    bias.grad << 0.5, -3.0;
    const double lr = 0.01, wd = 0.1;
    AdamW<double> opt({&matrix, &bias}, lr, wd);
    opt.step();
    constexpr double kEpsEffect = 1e-7;  // eps = 1e-8 beside |g| >= 0.5 moves a step by under 2e-8 of lr
    CHECK(std::abs(matrix.value(0, 0) - (2.0 * (1 - lr * wd) - lr)) < kEpsEffect);
    CHECK(std::abs(matrix.value(0, 1) - (-1.0 * (1 - lr * wd) + lr)) < kEpsEffect);
    CHECK(std::abs(bias.value(0, 0) - (2.0 - lr)) < kEpsEffect);
    CHECK(std::abs(bias.value(0, 1) - (-1.0 + lr)) < kEpsEffect);
}
