// The 4 x 4 transposes through vector registers: a copy, so every entry must land where a
// one-at-a-time loop puts it, at the edges of blocks that are not multiples of four and with
// rows that are further apart than the block is wide (a panel cut from a wider matrix).
#include <vector>

#include <catch2/catch.hpp>

#include "nn/lanes.hpp"

using namespace attn::nn;

TEST_CASE("lanes: a block transposed through registers puts every entry of its source where a plain loop does") {
    for (const auto [n, m] : {std::pair{4, 4}, {7, 9}, {13, 32}, {3, 5}, {32, 93}}) {
        const Eigen::Index s_stride = m + 3, d_stride = n + 2;  // rows further apart than the block is wide
        std::vector<float> s(n * s_stride);
        for (std::size_t i = 0; i < s.size(); ++i) s[i] = static_cast<float>(i) + 0.25f;
        std::vector<float> d(m * d_stride, -1.0f);
        lanes::transpose(s.data(), s_stride, n, m, d.data(), d_stride);
        int wrong = 0, outside = 0;
        for (int j = 0; j < m; ++j)
            for (int i = 0; i < d_stride; ++i) {
                const float got = d[j * d_stride + i];
                if (i < n) wrong += got != s[i * s_stride + j];
                else outside += got != -1.0f;  // the gap between rows of d is left alone
            }
        INFO(n << " x " << m);
        CHECK(wrong == 0);
        CHECK(outside == 0);
    }
}
