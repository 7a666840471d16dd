#pragma once
// The project's own random generator.
//
// Why not <random>: std::normal_distribution and friends are implemented
// differently by libstdc++ (native) and libc++ (Emscripten), so the same seed
// would give different scenes, weights and sensor noise in the browser and in
// the native tests. Everything here is plain integer arithmetic plus
// std::log / std::sqrt / std::cos, which agree to the last bit or two.
#include <cstdint>

namespace attn {

// xoshiro256** (Blackman & Vigna, 2018), seeded through SplitMix64 so that
// small consecutive seeds (0, 1, 2...) still give unrelated streams.
class Rng {
public:
    explicit Rng(std::uint64_t seed = 0);

    std::uint64_t next_u64();
    // Uniform in [0, 1) with 53 random bits.
    double uniform();
    // Uniform in [lo, hi).
    double uniform(double lo, double hi);
    // Uniform integer in [0, n); n must be > 0. Rejection sampling keeps it unbiased.
    std::uint64_t below(std::uint64_t n);
    // Standard normal (mean 0, sd 1) by the Box-Muller transform.
    double normal();

private:
    std::uint64_t s_[4];
    bool has_spare_ = false;
    double spare_ = 0.0;
};

}  // namespace attn
