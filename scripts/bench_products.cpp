// The training products of Plain-256 (batch 128; the table lesson's widest network), natively, through
// core/nn/matmul.hpp: microseconds and GFLOP/s per product, and the sum of the five a step makes (its forward reads
// W as stored; the rows "from a W^T kept" show what the transposition into panels costs). A benchmark, not a test.
//
//   g++ -O3 -march=native -ffp-contract=off -fno-math-errno -DEIGEN_DONT_VECTORIZE -DNDEBUG -std=c++17 \
//       -isystem /usr/include/eigen3 -Icore scripts/bench_products.cpp -o /tmp/bench_products && /tmp/bench_products
//
// Each figure is the fastest of 400 timings of two calls: a timing that short is seldom cut by another
// process, so the figures hold on a machine busy with other work (docs/benchmarks.md, 2026-12-03 22:35).
#include <chrono>
#include <cstdio>
#include <random>

#include <Eigen/Core>

#include "nn/matmul.hpp"

using Mat = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

template <typename F>
double fastest_seconds(F call) {
    double best = 1e9;
    for (int t = 0; t < 400; ++t) {
        const auto start = std::chrono::steady_clock::now();
        call();
        call();
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / 2);
    }
    return best;
}

int main() {
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> uniform(-1, 1);
    const auto random = [&](int rows, int cols) {
        Mat m(rows, cols);
        for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = uniform(rng);
        return m;
    };
    using attn::nn::product;
    using attn::nn::transpose_product;
    using attn::nn::product_transposed_plus;
    // Layer 1: 96 inputs to 256; layer 2: 256 to 256 (the last layer's 2 outputs are too small to matter).
    const Mat x1 = random(128, 96), w1t = random(96, 256), x2 = random(128, 256), w2t = random(256, 256);
    const Mat dy = random(128, 256), w2 = random(256, 256);
    const Mat w1 = random(256, 96), bias = random(1, 256);
    Mat y1(128, 256), y2(128, 256), g1(96, 256), g2(256, 256), dx(128, 256);
    struct Row { const char* name; double flops, seconds; bool in_training = true; };
    const Row rows[] = {
        {"forward 1 from a W^T kept: (128, 96) (96, 256)", 2.0 * 128 * 96 * 256, fastest_seconds([&] { product(y1, x1, w1t); }), false},
        {"forward 2 from a W^T kept: (128, 256) (256, 256)", 2.0 * 128 * 256 * 256, fastest_seconds([&] { product(y2, x2, w2t); }), false},
        {"forward 1, W as stored (transposed in its panels)", 2.0 * 128 * 96 * 256,
         fastest_seconds([&] { product_transposed_plus(y1, x1, w1, bias); })},
        {"forward 2, W as stored (transposed in its panels)", 2.0 * 128 * 256 * 256,
         fastest_seconds([&] { product_transposed_plus(y2, x2, w2, bias); })},
        {"dW 1:        (96, 128) (128, 256)", 2.0 * 96 * 128 * 256, fastest_seconds([&] { transpose_product(g1, x1, dy); })},
        {"dW 2:        (256, 128) (128, 256)", 2.0 * 256 * 128 * 256, fastest_seconds([&] { transpose_product(g2, x2, dy); })},
        {"dx 2:        (128, 256) (256, 256)", 2.0 * 128 * 256 * 256, fastest_seconds([&] { product(dx, dy, w2); })},
    };
    double total = 0;
    for (const Row& row : rows) {
        std::printf("%-50s %8.1f us %7.1f GFLOP/s\n", row.name, 1e6 * row.seconds, row.flops / row.seconds / 1e9);
        if (row.in_training) total += row.seconds;
    }
    std::printf("%-50s %8.1f us\n", "the five of a training step", 1e6 * total);
    // Printed so that no product is optimised away; the same on every build (the same bits).
    std::printf("checksum %.6f\n", double(y1.sum() + y2.sum() + g1.sum() + g2.sum() + dx.sum()));
}
