// Adam against its definition (Kingma & Ba, 2015, Algorithm 1, as torch.optim.Adam writes it).
#include <cmath>

#include <catch2/catch.hpp>

#include "nn/adam.hpp"
#include "support/nn_check.hpp"

using namespace attn;
using namespace attn::nn;
using namespace attn::nn::testing;

TEST_CASE("adam: the first step moves every weight by the learning rate against its gradient") {
    Param<double> p;
    p.init("w", {2, 3}, 2, 3);
    p.value << 1, 2, 3, 4, 5, 6;
    p.grad << 0.5, -2, 1e-3, -1e-3, 7, -0.25;
    const Mat<double> before = p.value;
    Adam<double> adam({&p}, 0.01);
    adam.step();
    // m1 = (1 - b1) g, v1 = (1 - b2) g^2: after bias correction m/sqrt(v) = sign(g) (eps aside)
    for (Eigen::Index i = 0; i < 6; ++i) {
        const double g = p.grad.data()[i];
        const double expected = -0.01 * g / (std::abs(g) + 1e-8);
        CHECK(std::abs((p.value.data()[i] - before.data()[i]) - expected) < 1e-12);
    }
}

TEST_CASE("adam: several steps follow the textbook moments and bias corrections") {
    Rng rng(30);
    Param<double> p;
    p.init("w", {4}, 1, 4);
    p.value = random_matrix(1, 4, rng);
    Mat<double> w = p.value, m = Mat<double>::Zero(1, 4), v = Mat<double>::Zero(1, 4);
    const double lr = 0.003, b1 = 0.9, b2 = 0.999, eps = 1e-8;
    Adam<double> adam({&p}, lr);
    for (int t = 1; t <= 5; ++t) {
        p.grad = random_matrix(1, 4, rng);
        adam.step();
        m = b1 * m + (1 - b1) * p.grad;
        v = b2 * v + (1 - b2) * p.grad.cwiseProduct(p.grad);
        const Mat<double> m_hat = m / (1 - std::pow(b1, t));
        const Mat<double> v_hat = v / (1 - std::pow(b2, t));
        w = w.array() - lr * m_hat.array() / (v_hat.array().sqrt() + eps);
        CHECK((p.value - w).cwiseAbs().maxCoeff() < 1e-12);
    }
    CHECK(adam.steps() == 5);
}
