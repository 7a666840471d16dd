// attn::Rng: reproducible streams and the distributions the demos draw from.
//
// The statistical checks use fixed seeds, so they are deterministic; each
// tolerance is still stated as a number of standard errors of the quantity
// checked, so that a change of seed or draw count keeps them meaningful.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "math/rng.hpp"
#include "support/test_helpers.hpp"

using attn::Rng;
using Catch::Matchers::WithinAbs;

namespace {

// Five standard errors: a correct generator fails such a check with probability
// below 1e-6, a broken one (wrong range, wrong scale, biased) fails it at once.
constexpr double kStandardErrors = 5.0;

constexpr int kDraws = 200000;

}  // namespace

TEST_CASE("rng: the same seed gives the same stream") {
    for (std::uint64_t seed : {0ull, 1ull, 42ull, 0xFFFFFFFFFFFFFFFFull}) {
        Rng a(seed), b(seed);
        for (int k = 0; k < 1000; ++k) REQUIRE(a.next_u64() == b.next_u64());
        Rng c(seed), d(seed);
        for (int k = 0; k < 1000; ++k) {
            REQUIRE(c.uniform() == d.uniform());
            REQUIRE(c.normal() == d.normal());
            REQUIRE(c.below(17) == d.below(17));
        }
    }
}

TEST_CASE("rng: different seeds give different streams, even consecutive ones") {
    // SplitMix64 seeding: seeds 0..9 must not share a single output among their first draws.
    constexpr int kSeeds = 10, kPerSeed = 100;
    std::vector<std::uint64_t> seen;
    for (std::uint64_t seed = 0; seed < kSeeds; ++seed) {
        Rng r(seed);
        for (int k = 0; k < kPerSeed; ++k) seen.push_back(r.next_u64());
    }
    std::sort(seen.begin(), seen.end());
    CHECK(std::adjacent_find(seen.begin(), seen.end()) == seen.end());
}

TEST_CASE("rng: default seed is seed 0") {
    Rng a, b(0);
    for (int k = 0; k < 10; ++k) CHECK(a.next_u64() == b.next_u64());
}

TEST_CASE("rng: uniform lies between 0 (included) and 1 (excluded), with mean 1/2 and variance 1/12") {
    Rng r(7);
    double sum = 0, sum_sq = 0;
    for (int k = 0; k < kDraws; ++k) {
        const double u = r.uniform();
        REQUIRE(u >= 0.0);
        REQUIRE(u < 1.0);
        sum += u;
        sum_sq += u * u;
    }
    const double mean = sum / kDraws;
    const double variance = sum_sq / kDraws - mean * mean;
    // Standard error of the mean: sqrt(1/12 / N); of the variance: sqrt(1/180 / N)
    // (the variance of (U - 1/2)^2 is 1/80 - 1/144 = 1/180).
    CHECK_THAT(mean, WithinAbs(0.5, kStandardErrors * std::sqrt(1.0 / 12 / kDraws)));
    CHECK_THAT(variance, WithinAbs(1.0 / 12, kStandardErrors * std::sqrt(1.0 / 180 / kDraws)));
}

TEST_CASE("rng: uniform(lo, hi) lies between lo (included) and hi (excluded)") {
    Rng r(3);
    for (int k = 0; k < 10000; ++k) {
        const double x = r.uniform(-2.5, 4.0);
        REQUIRE(x >= -2.5);
        REQUIRE(x < 4.0);
    }
}

TEST_CASE("rng: below(n) stays between 0 and n - 1") {
    Rng r(11);
    for (std::uint64_t n : {1ull, 2ull, 3ull, 7ull, 10ull, 1000ull, 1ull << 40, (1ull << 63) + 1}) {
        for (int k = 0; k < 2000; ++k) REQUIRE(r.below(n) < n);
    }
    for (int k = 0; k < 100; ++k) CHECK(r.below(1) == 0);
}

TEST_CASE("rng: below(n) is roughly uniform over its n values") {
    Rng r(5);
    constexpr int n = 10;
    std::vector<int> count(n, 0);
    for (int k = 0; k < kDraws; ++k) ++count[r.below(n)];
    // Each count is binomial(N, 1/n): sd sqrt(N p (1 - p)).
    const double expected = double(kDraws) / n;
    const double sd = std::sqrt(kDraws * (1.0 / n) * (1 - 1.0 / n));
    for (int v = 0; v < n; ++v) {
        INFO("value " << v);
        CHECK_THAT(double(count[v]), WithinAbs(expected, kStandardErrors * sd));
    }
}

TEST_CASE("rng: below(n) rejects the sliver that would favour small values") {
    // n = 3 * 2^62: a plain `x % n` would map the top quarter of the 64-bit range
    // onto [0, 2^62), making values below 2^62 appear half the time instead of a third.
    const std::uint64_t n = 3 * (1ull << 62);
    Rng r(9);
    int small = 0;
    constexpr int draws = 30000;
    for (int k = 0; k < draws; ++k) small += r.below(n) < (1ull << 62);
    const double fraction = double(small) / draws;
    CHECK_THAT(fraction, WithinAbs(1.0 / 3, kStandardErrors * std::sqrt((1.0 / 3) * (2.0 / 3) / draws)));
}

TEST_CASE("rng: normal has mean 0 and standard deviation 1") {
    Rng r(2024);
    double sum = 0, sum_sq = 0;
    int within_one_sd = 0;
    for (int k = 0; k < kDraws; ++k) {
        const double x = r.normal();
        REQUIRE(std::isfinite(x));
        sum += x;
        sum_sq += x * x;
        within_one_sd += std::abs(x) < 1.0;
    }
    const double mean = sum / kDraws;
    const double sd = std::sqrt(sum_sq / kDraws - mean * mean);
    // Standard error of the mean: 1/sqrt(N); of the sample sd: about 1/sqrt(2N).
    CHECK_THAT(mean, WithinAbs(0.0, kStandardErrors / std::sqrt(double(kDraws))));
    CHECK_THAT(sd, WithinAbs(1.0, kStandardErrors / std::sqrt(2.0 * kDraws)));
    // P(|Z| < 1) = erf(1/sqrt(2)) = 0.682689...; binomial standard error.
    const double p = std::erf(1.0 / std::sqrt(2.0));
    CHECK_THAT(double(within_one_sd) / kDraws, WithinAbs(p, kStandardErrors * std::sqrt(p * (1 - p) / kDraws)));
}
